// The solver against an independent brute force on every position of a small board:
// the tables `tsivy generate` writes for the whole game, read through the lookup (quiet
// positions from their files, capture positions searched), must give every position
// the value and depth forward passes to a fixed point find (forward_fixpoint.h).
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

#include "game/notation.h"
#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "tests/board/forward_fixpoint.h"
#include "tests/board/solved_board.h"

namespace tsivy::testing {
namespace {

// C(n, k), for counting the positions independently of both solvers.
std::uint64_t choose(int n, int k) {
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

TEST(WholeBoard, EveryPositionHasTheValueAndDepthOfAForwardFixpoint) {
  if constexpr (!kWholeBoardTested) {
    GTEST_SKIP() << board_name() << " has " << kPoints << " points: the brute force of every position runs on boards "
                 << "of at most " << kWholeBoardTestPoints << " (3x3, 3x5, 5x3)";
  } else {
    const auto began = std::chrono::steady_clock::now();
    const ForwardFixpoint brute(2);
    const double brute_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::uint64_t expected_positions = 0;
    for (int m = 1; m <= kStonesPerSide; ++m)
      for (int n = 1; n <= kStonesPerSide; ++n) expected_positions += choose(kPoints, m) * choose(kPoints - m, n);
    ASSERT_EQ(brute.positions(), expected_positions);

    // Every class held in memory, smallest first, each capture position resolved once by
    // the lookup's own search: the values any reader gets, at an array read a position.
    TableLookup lookup(TableDirectory::open(solved_board_tables()));
    for (const Material m : materials_up_to(kMaxStones)) lookup.make_resident(m, 2);
    std::uint64_t compared = 0, wrong = 0;
    std::array<std::uint64_t, 3> by_outcome{};
    std::ostringstream first_wrong;
    for (int stones = 2; stones <= 2 * kStonesPerSide; ++stones)
      brute.for_each_position(stones, [&](PointSet us, PointSet them) {
        const Value expected = brute.value(us, them);
        const Value found = lookup.value(us, them);
        ++compared;
        ++by_outcome[static_cast<std::size_t>(expected.outcome)];
        if (found == expected) return;
        if (++wrong <= 5)
          first_wrong << "  " << format_position(Position{us, them, Colour::White}) << ": tables " << to_string(found)
                      << ", brute force " << to_string(expected) << "\n";
      });
    EXPECT_EQ(compared, expected_positions);
    EXPECT_EQ(wrong, 0u) << "positions whose tables' value differs from the brute force's:\n" << first_wrong.str();
    // A board where every position is of one kind would compare little.
    EXPECT_GT(by_outcome[static_cast<int>(Outcome::win)], 0u);
    EXPECT_GT(by_outcome[static_cast<int>(Outcome::loss)], 0u);
    std::cout << board_name() << ": " << compared << " positions compared (" << by_outcome[2] << " wins, "
              << by_outcome[1] << " draws, " << by_outcome[0] << " losses), at most " << brute.most_steps()
              << " depth steps a stone total; brute force " << brute_seconds << " s\n";
  }
}

}  // namespace
}  // namespace tsivy::testing
