// A position: the stones of the side to move and of the opponent, plus the colour to
// move, which matters only for display and notation (rules.md: colours are
// interchangeable for the tables).
#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>

#include "game/geometry.h"

namespace tsivy {

enum class Colour : std::uint8_t { White, Black };
constexpr Colour other(Colour c) { return c == Colour::White ? Colour::Black : Colour::White; }

// Raised for any input that does not describe a position or a point set of this board.
class InvalidPosition : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Position {
  PointSet us = 0;    // stones of the side to move
  PointSet them = 0;  // stones of the opponent
  Colour to_move = Colour::White;

  constexpr PointSet occupied() const { return us | them; }
  constexpr PointSet empty() const { return kBoard & ~(us | them); }
  constexpr PointSet white() const { return to_move == Colour::White ? us : them; }
  constexpr PointSet black() const { return to_move == Colour::White ? them : us; }
  friend constexpr bool operator==(const Position&, const Position&) = default;

  // Builds a position from stones by colour; throws InvalidPosition when the sets
  // overlap, leave the board or hold more than kStonesPerSide stones of a colour.
  static Position from_colours(PointSet white, PointSet black, Colour to_move);
};

// The starting position of the game, White to move.
Position start_position();

// For unordered containers of positions: the Zobrist key (game/zobrist.h).
struct PositionHash {
  std::size_t operator()(const Position& p) const noexcept;
};

}  // namespace tsivy
