// Every position reachable from the start by legal play, on a board small enough to
// hold one bit per position, and how their values fall (`tsivy solve`).
//
// A position here is what a player sees: the white stones, the black stones and the
// colour to move. The same stones with the other colour to move is another position,
// and so is every symmetric image of a position (counted apart; `up_to_symmetry`
// counts them together as well).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>

#include "game/geometry.h"
#include "table_dir/table_directory.h"

namespace tsivy {

// One bit per position of the whole game: about 3^points * 2 bits over every stone
// count, 2.6 GB on 21 points (3x7, 7x3), though only the classes not yet walked are
// held at a time. 5x5 (25 points, 2.1e12 bits) is out of reach.
inline constexpr int kReachableMaxPoints = 21;
inline constexpr bool kReachableFits = kPoints <= kReachableMaxPoints;

struct ReachableOptions {
  unsigned threads = 1;
  // A table directory written by `tsivy generate` up to the start's material: each
  // position's value comes from its class's value file (DIR/values, every canonical
  // entry a true value, capture positions included), read whole once per class, so a
  // position costs one index computation and one array read. A class without a value
  // file is resolved through the lookup instead (TableLookup, WDL only: slower, as
  // capture positions are searched). Null: count positions only, no values.
  std::shared_ptr<const TableDirectory> tables;
  std::ostream* log = nullptr;  // a line per stone total walked
};

struct ReachableCount {
  std::uint64_t positions = 0;       // distinct positions, symmetric images counted apart
  std::uint64_t up_to_symmetry = 0;  // the same, images under the board's kSymmetries symmetries counted once
  // Among `positions`: the game is over, the side to move has no stones left (LOSS 0).
  std::uint64_t game_over = 0;
  // Indexed by Outcome code (loss, draw, win), from the side to move's view; zero
  // without ReachableOptions::tables.
  std::array<std::uint64_t, 3> by_outcome{};
  bool has_values = false;
  // Classes whose values came through the lookup because they had no value file.
  int classes_from_lookup = 0;
  std::uint64_t peak_bitmap_bytes = 0;  // the most bitmap memory held at once
};

// Walks the game from the start position, stone total by stone total (a capture always
// lowers the total, a paika keeps the class), marking every position reached in one
// bitmap per class and colour to move, then counts and values each class and frees its
// bitmaps. Throws std::logic_error when !kReachableFits, and whatever reading the
// tables throws.
ReachableCount count_reachable(const ReachableOptions& options);

}  // namespace tsivy
