#include "game/position.h"

#include <string>

#include "game/notation.h"
#include "game/zobrist.h"

namespace tsivy {

Position Position::from_colours(PointSet white, PointSet black, Colour to_move) {
  if ((white | black) & ~kBoard) throw InvalidPosition("stones outside the board's " + std::to_string(kPoints) + " points");
  if (white & black) throw InvalidPosition("white and black stones overlap on " + point_name(first_point(white & black)));
  if (count(white) > kStonesPerSide || count(black) > kStonesPerSide)
    throw InvalidPosition("more than " + std::to_string(kStonesPerSide) + " stones of one colour");
  return to_move == Colour::White ? Position{white, black, to_move} : Position{black, white, to_move};
}

std::size_t PositionHash::operator()(const Position& p) const noexcept { return static_cast<std::size_t>(position_key(p)); }

Position start_position() {
  // Rows below the middle are White's, rows above Black's; the middle row alternates
  // with the centre empty (rules.md, "Start position").
  PointSet white = 0, black = 0;
  const int middle = kRows / 2, centre_column = kColumns / 2;
  for (int r = 0; r < kRows; ++r) {
    if (r < middle) white |= row_mask(r);
    if (r > middle) black |= row_mask(r);
  }
  for (int c = 0; c < kColumns; ++c) {
    if (c == centre_column) continue;
    // a3 is Black, b3 White, ... and the pattern flips its parity past the centre.
    const bool black_point = (c < centre_column) == (c % 2 == 0);
    (black_point ? black : white) |= bit(point_at(c, middle));
  }
  return Position::from_colours(white, black, Colour::White);
}

}  // namespace tsivy
