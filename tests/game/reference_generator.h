// A deliberately slow, independent reference for the rules of docs/rules.md and the text
// forms of docs/notation.md, used to check the fast generator in game/.
//
// It shares nothing with game/ except the Position struct and the board dimensions
// (kRows, kColumns, kPoints): it works point by point over (column, row) coordinates
// with its own neighbour and strong-point logic, its own point names, its own capture
// lines, and its own (lenient) notation reader and writer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/position.h"

namespace tsivy::reference {

struct RefTurn {
  std::string notation;  // e.g. "d2-e3A-e4W"
  Position result;       // the position after the turn, the other side to move
};

// "a1" and so on from (column, row), both counted from 0: columns 'a'.., rows 1.. (on
// 5x9 "a1".."i5", on 3x3 "a1".."c3").
std::string point_name(int column, int row);

// Is (column, row) a strong point (diagonal lines)?
bool is_strong_point(int column, int row);

// Number of lines leaving (column, row).
int line_count(int column, int row);

// Every legal turn of the side to move, in no particular order.
std::vector<RefTurn> turns(const Position& position);

// Does the side to move have any capturing step?
bool has_capture(const Position& position);

// The positions reached by a legal paika (empty when a capture exists).
std::vector<Position> paika_successors(const Position& position);

// The distinct positions reached by one legal turn, sorted.
std::vector<Position> distinct_results(const Position& position);

// Every position from which the opponent of the side to move reached `position` by a
// legal paika: all single-step candidates, filtered by forward generation. Sorted.
std::vector<Position> paika_predecessors(const Position& position);

struct RefPerftLevel {
  int depth = 0;
  std::uint64_t turns = 0;
  std::uint64_t positions = 0;
};
std::vector<RefPerftLevel> perft(const Position& root, int depth);

// The start position of this board in notation, built from the text of docs/rules.md
// ("Other boards"): White fills the rows below the middle one, Black those above; the
// middle row alternates from Black at the left up to the empty centre, and its right
// half is the left half turned round with the colours swapped. White moves first.
std::string start_text();

// Position notation, read and written independently of game/notation.*. The reader
// accepts well-formed text only and throws std::runtime_error otherwise.
Position parse(std::string_view text);
std::string format(const Position& position);

// A total order on positions, for sorting and comparing sets.
bool less(const Position& a, const Position& b);
struct PositionLess {
  bool operator()(const Position& a, const Position& b) const { return less(a, b); }
};

}  // namespace tsivy::reference
