// Position and turn notation (notation.md), both ways.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "game/move.h"
#include "game/position.h"

namespace tsivy {

// Parses "rows/…/rows side". Throws InvalidPosition with a message that says what is
// wrong and where (row number and character column) for any malformed text.
Position parse_position(std::string_view text);

std::string format_position(const Position& position);

// "d2-e3A-e4W": the starting point, then each point stepped to, with A or W after a
// capturing step.
std::string turn_text(const Move& move);

// Raised for a turn text that is malformed or names no legal turn of the position.
class InvalidTurn : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The legal turn of `position` that `text` names. Throws InvalidTurn, saying whether the
// text is malformed or which legal turns there are, for anything else.
Move parse_turn(const Position& position, std::string_view text);

// The text as printable ASCII, other bytes as \xNN: error messages quote their input
// through it, since they must survive NUL bytes (what() is a C string) and must not copy
// raw control or non-ASCII bytes to the user's terminal.
std::string printable(std::string_view text);

}  // namespace tsivy
