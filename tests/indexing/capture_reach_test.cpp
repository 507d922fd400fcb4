// pair_captures_reach: the classes a pair's captures reach, and nothing more; and
// capture_targets, one capture's.
#include "indexing/capture_reach.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tsivy {
namespace {

bool contains(const std::vector<Material>& classes, Material m) { return std::ranges::find(classes, m) != classes.end(); }

TEST(CaptureReach, OneAgainstSevenReachesOnlyTheSevenStoneSidesEndgames) {
  // 1v7: the lone stone captures c of 7, leaving (7-c)v1; 7v1 capturing the lone stone
  // ends the game. Nothing with two stones on the weaker side is ever needed.
  const std::vector<Material> expected{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}};
  EXPECT_EQ(pair_captures_reach({1, 7}), expected);
  EXPECT_EQ(pair_captures_reach({7, 1}), expected);
}

TEST(CaptureReach, ThreeAgainstFiveReachesTwoOfTheSixSevenStoneClasses) {
  const std::vector<Material> reached = pair_captures_reach({3, 5});
  std::vector<Material> seven;
  for (const Material m : reached)
    if (m.stones() == 7) seven.push_back(m);
  EXPECT_EQ(seven, (std::vector<Material>{{2, 5}, {4, 3}}));
}

// Closed under captures, smaller than the pair, smallest first, no duplicates, for
// every pair up to 9 stones.
TEST(CaptureReach, AreClosedUnderCapturesAndSmallestFirst) {
  for (const Material pair : materials_up_to(9)) {
    const std::vector<Material> reached = pair_captures_reach(pair);
    const auto inside = [&](Material m) { return m == pair || m == pair.flipped() || contains(reached, m); };
    for (const Material from : [&] {
           std::vector<Material> all = reached;
           all.push_back(pair);
           all.push_back(pair.flipped());
           return all;
         }()) {
      for (int left = 1; left < from.them; ++left)
        EXPECT_TRUE(inside(Material{left, from.us})) << to_string(pair) << ": " << to_string(from) << " captures into "
                                                     << left << "v" << from.us;
    }
    for (std::size_t i = 0; i < reached.size(); ++i) {
      EXPECT_LT(reached[i].stones(), pair.stones()) << to_string(pair);
      if (i > 0) {
        EXPECT_LE(reached[i - 1].stones(), reached[i].stones()) << to_string(pair);
      }
      EXPECT_EQ(std::count(reached.begin(), reached.end(), reached[i]), 1) << to_string(pair);
    }
  }
}

TEST(CaptureReach, OneCaptureLeavesTheCapturedSideToMoveWithFewerStones) {
  // 2v4: the side to move captures 1, 2 or 3 of the four (all four ends the game).
  EXPECT_EQ(capture_targets({2, 4}), (std::vector<Material>{{3, 2}, {2, 2}, {1, 2}}));
  EXPECT_TRUE(capture_targets({3, 1}).empty());  // capturing the only stone needs no table
}

}  // namespace
}  // namespace tsivy
