// Position notation (notation.md), both ways.
#pragma once

#include <string>
#include <string_view>

#include "game/position.h"

namespace tsivy {

// Parses "rows/…/rows side". Throws InvalidPosition with a message that says what is
// wrong and where (row number and character column) for any malformed text.
Position parse_position(std::string_view text);

std::string format_position(const Position& position);

}  // namespace tsivy
