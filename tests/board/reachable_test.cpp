// `tsivy solve`'s figures (check/reachable.h) on the boards the tests solve whole: the
// start's published value, and the positions reachable from the start counted again by
// a plain breadth-first search over a hash set, with the reference turn generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <unordered_set>

#include "check/reachable.h"
#include "lookup/table_lookup.h"
#include "tests/board/solved_board.h"
#include "tests/game/reference_generator.h"

namespace tsivy::testing {
namespace {

#define SKIP_UNLESS_SOLVED_WHOLE()                                                                                   \
  if (!kWholeBoardTested)                                                                                            \
  GTEST_SKIP() << board_name() << " has " << kPoints << " points: the tests solve whole only boards of at most "    \
               << kWholeBoardTestPoints << " (3x3, 3x5, 5x3); `tsivy solve` runs the larger ones"

// The published results: White, who moves first, wins on 3x3, 3x5, 5x3, 3x7 and 7x3.
TEST(Solve, WhiteWinsFromTheStartAsPublished) {
  SKIP_UNLESS_SOLVED_WHOLE();
  const TableLookup lookup(TableDirectory::open(solved_board_tables()));
  const Position start = start_position();
  EXPECT_EQ(lookup.value(start.us, start.them).outcome, Outcome::win);
}

// The same position seen with its colours: White's stones, Black's, the colour to move.
struct Seen {
  PointSet white, black;
  Colour to_move;
  friend bool operator==(const Seen&, const Seen&) = default;
};
struct SeenHash {
  std::size_t operator()(const Seen& s) const noexcept {
    return PositionHash{}(Position{s.white, s.black, s.to_move});
  }
};

TEST(Solve, ReachableCountsAreThoseOfAPlainBreadthFirstSearch) {
  SKIP_UNLESS_SOLVED_WHOLE();
  const TableLookup lookup(TableDirectory::open(solved_board_tables()));
  const Position start = start_position();
  std::unordered_set<Seen, SeenHash> seen{{start.white(), start.black(), start.to_move}};
  std::deque<Position> queue{start};
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    for (const Position& r : reference::distinct_results(p))
      if (seen.insert({r.white(), r.black(), r.to_move}).second) queue.push_back(r);
  }

  std::unordered_set<Seen, SeenHash> orbits;
  std::uint64_t game_over = 0;
  std::array<std::uint64_t, 3> by_outcome{};
  for (const Seen& s : seen) {
    // The symmetry class's smallest image, colours and colour to move kept.
    Seen smallest = s;
    for (Symmetry g : kAllSymmetries) {
      const Seen image{apply(g, s.white), apply(g, s.black), s.to_move};
      if (std::pair(image.white, image.black) < std::pair(smallest.white, smallest.black)) smallest = image;
    }
    orbits.insert(smallest);
    const PointSet us = s.to_move == Colour::White ? s.white : s.black;
    const PointSet them = s.to_move == Colour::White ? s.black : s.white;
    if (us == 0) ++game_over;
    ++by_outcome[static_cast<std::size_t>(lookup.value(us, them).outcome)];
  }

  ReachableOptions options;
  options.threads = 2;
  options.tables = TableDirectory::open(solved_board_tables());
  const ReachableCount count = count_reachable(options);
  EXPECT_EQ(count.positions, seen.size());
  EXPECT_EQ(count.up_to_symmetry, orbits.size());
  EXPECT_EQ(count.game_over, game_over);
  EXPECT_TRUE(count.has_values);
  EXPECT_EQ(count.by_outcome, by_outcome);
  EXPECT_EQ(count.classes_from_lookup, 0);
  // A game that goes anywhere: more than the start and its first replies.
  EXPECT_GT(seen.size(), 100u);
  std::cout << board_name() << ": " << seen.size() << " positions reachable, " << orbits.size()
            << " up to symmetry\n";
}

// Without tables it counts the same positions and no values.
TEST(Solve, ReachableCountWithoutTablesHasNoValues) {
  SKIP_UNLESS_SOLVED_WHOLE();
  ReachableOptions with_values;
  with_values.tables = TableDirectory::open(solved_board_tables());
  const ReachableCount valued = count_reachable(with_values);
  const ReachableCount plain = count_reachable(ReachableOptions{});
  EXPECT_EQ(plain.positions, valued.positions);
  EXPECT_EQ(plain.up_to_symmetry, valued.up_to_symmetry);
  EXPECT_FALSE(plain.has_values);
  EXPECT_EQ(plain.by_outcome, (std::array<std::uint64_t, 3>{}));
}

}  // namespace
}  // namespace tsivy::testing
