// Board geometry: every geometric fact of the board, derived from its dimensions.
// No other file may write the board's size as a literal (docs/architecture.md, "Board
// size lives in one place").
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>

namespace tsivy {

// A set of points, bit p set for point p = row * kColumns + column (notation.md).
using PointSet = std::uint64_t;
using Point = int;

// The board is fixed at compile time, so that every shift and mask of the hot paths is a
// constant: each board is its own build of the same sources (TSIVY_OTHER_BOARDS,
// cmake/board_builds.cmake; `tsivy --board RxC` runs that board's build). 5x9 (Fanoron-Tsivy)
// unless the build says otherwise.
#ifndef TSIVY_BOARD_ROWS
#define TSIVY_BOARD_ROWS 5
#endif
#ifndef TSIVY_BOARD_COLUMNS
#define TSIVY_BOARD_COLUMNS 9
#endif
inline constexpr int kRows = TSIVY_BOARD_ROWS;
inline constexpr int kColumns = TSIVY_BOARD_COLUMNS;
inline constexpr int kPoints = kRows * kColumns;
static_assert(kRows % 2 == 1 && kColumns % 2 == 1 && kRows >= 3 && kColumns >= 3 && kRows <= 9 && kColumns <= 9,
              "rows and columns are odd, from 3 to 9 (rules.md, \"Other boards\")");
static_assert(kPoints < 64, "a point set must fit in one 64-bit word with a spare bit");
// "5x9": rows x columns, as --board takes it.
std::string board_name();

// The start position leaves only the centre empty, so each side has (points - 1) / 2.
inline constexpr int kStonesPerSide = (kPoints - 1) / 2;

constexpr Point point_at(int column, int row) { return row * kColumns + column; }
constexpr int column_of(Point p) { return p % kColumns; }
constexpr int row_of(Point p) { return p / kColumns; }
constexpr PointSet bit(Point p) { return PointSet{1} << p; }
constexpr int count(PointSet s) { return std::popcount(s); }
constexpr Point first_point(PointSet s) { return std::countr_zero(s); }
// Removes and returns the lowest point of a non-empty set.
constexpr Point pop_first(PointSet& s) {
  const Point p = first_point(s);
  s &= s - 1;
  return p;
}

inline constexpr PointSet kBoard = (PointSet{1} << kPoints) - 1;

constexpr PointSet column_mask(int column) {
  PointSet s = 0;
  for (int r = 0; r < kRows; ++r) s |= bit(point_at(column, r));
  return s;
}
constexpr PointSet row_mask(int row) {
  PointSet s = 0;
  for (int c = 0; c < kColumns; ++c) s |= bit(point_at(c, row));
  return s;
}
constexpr bool is_strong(Point p) { return (column_of(p) + row_of(p)) % 2 == 0; }

// Diagonal lines join strong points only (rules.md, "Board").
inline constexpr PointSet kStrong = [] {
  PointSet s = 0;
  for (Point p = 0; p < kPoints; ++p)
    if (is_strong(p)) s |= bit(p);
  return s;
}();

enum class Direction : std::uint8_t { North, South, East, West, NorthEast, NorthWest, SouthEast, SouthWest };
inline constexpr int kDirections = 8;
inline constexpr std::array<Direction, kDirections> kAllDirections = {
    Direction::North,     Direction::South,     Direction::East,      Direction::West,
    Direction::NorthEast, Direction::NorthWest, Direction::SouthEast, Direction::SouthWest};

// North is towards the last row (Black's side), East towards the last column.
constexpr int column_step(Direction d) {
  switch (d) {
    case Direction::East: case Direction::NorthEast: case Direction::SouthEast: return 1;
    case Direction::West: case Direction::NorthWest: case Direction::SouthWest: return -1;
    default: return 0;
  }
}
constexpr int row_step(Direction d) {
  switch (d) {
    case Direction::North: case Direction::NorthEast: case Direction::NorthWest: return 1;
    case Direction::South: case Direction::SouthEast: case Direction::SouthWest: return -1;
    default: return 0;
  }
}
constexpr bool is_diagonal(Direction d) { return column_step(d) != 0 && row_step(d) != 0; }
constexpr int point_offset(Direction d) { return row_step(d) * kColumns + column_step(d); }
constexpr Direction find_opposite(Direction d) {
  for (Direction e : kAllDirections)
    if (column_step(e) == -column_step(d) && row_step(e) == -row_step(d)) return e;
  return d;  // unreachable: every direction has an opposite
}
inline constexpr std::array<Direction, kDirections> kOpposites = [] {
  std::array<Direction, kDirections> a{};
  for (Direction d : kAllDirections) a[static_cast<int>(d)] = find_opposite(d);
  return a;
}();
constexpr Direction opposite(Direction d) { return kOpposites[static_cast<int>(d)]; }

// The points from which one step in direction d follows a line and stays on the board.
constexpr PointSet step_origins(Direction d) {
  PointSet s = 0;
  for (Point p = 0; p < kPoints; ++p) {
    const int c = column_of(p) + column_step(d), r = row_of(p) + row_step(d);
    const bool on_board = c >= 0 && c < kColumns && r >= 0 && r < kRows;
    if (on_board && (!is_diagonal(d) || is_strong(p))) s |= bit(p);
  }
  return s;
}
inline constexpr std::array<PointSet, kDirections> kStepOrigins = [] {
  std::array<PointSet, kDirections> a{};
  for (Direction d : kAllDirections) a[static_cast<int>(d)] = step_origins(d);
  return a;
}();

constexpr PointSet shift_by(PointSet s, int offset) { return offset >= 0 ? s << offset : s >> -offset; }

// point_offset by table, for loops over runtime directions (the hot capture search).
inline constexpr std::array<int, kDirections> kPointOffsets = [] {
  std::array<int, kDirections> a{};
  for (Direction d : kAllDirections) a[static_cast<int>(d)] = point_offset(d);
  return a;
}();

// Every point of s moved one step in direction d; points with no line that way vanish.
template <Direction D>
constexpr PointSet shift(PointSet s) {
  return shift_by(s & kStepOrigins[static_cast<int>(D)], point_offset(D));
}
constexpr PointSet shift(PointSet s, Direction d) {
  return shift_by(s & kStepOrigins[static_cast<int>(d)], kPointOffsets[static_cast<int>(d)]);
}
// Calls f.template operator()<D>() for every direction D, unrolled at compile time, so
// whole-board loops over directions keep their shifts constant.
template <class F>
constexpr void for_each_direction(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<kAllDirections[I]>(), ...);
  }(std::make_index_sequence<kDirections>{});
}

// The neighbour of p in direction d, or -1 when no line leads that way.
constexpr Point neighbour(Point p, Direction d) {
  return (kStepOrigins[static_cast<int>(d)] & bit(p)) ? p + kPointOffsets[static_cast<int>(d)] : -1;
}

// The symmetries that keep strong and weak points (rules.md): four on every board, and
// on a square board four more (a quarter turn maps its lines onto themselves). They
// need an odd number of rows and columns to map strong points to strong points.
inline constexpr bool kSquareBoard = kRows == kColumns;
constexpr PointSet mirror_left_right(PointSet s) {
  PointSet out = 0;
  for (int c = 0; c < kColumns; ++c) out |= shift_by(s & column_mask(c), kColumns - 1 - 2 * c);
  return out;
}
constexpr PointSet mirror_top_bottom(PointSet s) {
  PointSet out = 0;
  for (int r = 0; r < kRows; ++r) out |= shift_by(s & row_mask(r), (kRows - 1 - 2 * r) * kColumns);
  return out;
}
constexpr PointSet half_turn(PointSet s) { return mirror_top_bottom(mirror_left_right(s)); }

// Transpose swaps column and row (a1-e5 diagonal fixed); only on square boards. Row r's
// bits are spread onto column r by a table over the row's subsets, rather than a loop
// over every point: the square boards' index takes it for every position it ranks.
inline constexpr auto kRowToColumn = [] {
  std::array<PointSet, kSquareBoard ? std::size_t{1} << kColumns : 1> spread{};
  if constexpr (kSquareBoard)
    for (std::size_t row = 0; row < spread.size(); ++row)
      for (int c = 0; c < kColumns; ++c)
        if (row >> c & 1u) spread[row] |= bit(point_at(0, c));
  return spread;
}();
constexpr PointSet transpose(PointSet s) {
  constexpr PointSet kRow = (PointSet{1} << kColumns) - 1;
  PointSet out = 0;
  if constexpr (kSquareBoard)
    for (int r = 0; r < kRows; ++r) out |= kRowToColumn[(s >> (r * kColumns)) & kRow] << r;
  return out;
}

// The first four exist on every board; the last four only on square boards.
enum class Symmetry : std::uint8_t {
  Identity, MirrorLeftRight, MirrorTopBottom, HalfTurn,
  Transpose,          // (c, r) -> (r, c)
  AntiTranspose,      // transpose after a half turn
  QuarterTurn,        // transpose after a left-right mirror
  ThreeQuarterTurn,   // transpose after a top-bottom mirror
};
inline constexpr int kSymmetries = kSquareBoard ? 8 : 4;
inline constexpr std::array<Symmetry, kSymmetries> kAllSymmetries = [] {
  std::array<Symmetry, kSymmetries> a{};
  for (int g = 0; g < kSymmetries; ++g) a[g] = static_cast<Symmetry>(g);
  return a;
}();
constexpr PointSet apply(Symmetry g, PointSet s) {
  switch (g) {
    case Symmetry::MirrorLeftRight: return mirror_left_right(s);
    case Symmetry::MirrorTopBottom: return mirror_top_bottom(s);
    case Symmetry::HalfTurn: return half_turn(s);
    case Symmetry::Transpose: return transpose(s);
    case Symmetry::AntiTranspose: return transpose(half_turn(s));
    case Symmetry::QuarterTurn: return transpose(mirror_left_right(s));
    case Symmetry::ThreeQuarterTurn: return transpose(mirror_top_bottom(s));
    default: return s;
  }
}

// "e3" for the centre. point_from_name returns -1 for anything that is not a point.
std::string point_name(Point p);
Point point_from_name(std::string_view name);

}  // namespace tsivy
