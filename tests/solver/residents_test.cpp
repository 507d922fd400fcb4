// resident_classes_for: the classes a pair's captures reach, and nothing more.
#include "solver/residents.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tsivy {
namespace {

bool contains(const std::vector<Material>& classes, Material m) { return std::ranges::find(classes, m) != classes.end(); }

TEST(ResidentClasses, OneAgainstSevenReachesOnlyTheSevenStoneSidesEndgames) {
  // 1v7: the lone stone captures c of 7, leaving (7-c)v1; 7v1 capturing the lone stone
  // ends the game. Nothing with two stones on the weaker side is ever needed.
  const std::vector<Material> expected{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}};
  EXPECT_EQ(resident_classes_for({1, 7}), expected);
  EXPECT_EQ(resident_classes_for({7, 1}), expected);
}

TEST(ResidentClasses, ThreeAgainstFiveReachesTwoOfTheSixSevenStoneClasses) {
  const std::vector<Material> reached = resident_classes_for({3, 5});
  std::vector<Material> seven;
  for (const Material m : reached)
    if (m.stones() == 7) seven.push_back(m);
  EXPECT_EQ(seven, (std::vector<Material>{{2, 5}, {4, 3}}));
}

// Closed under captures, smaller than the pair, smallest first, no duplicates, for
// every pair up to 9 stones.
TEST(ResidentClasses, AreClosedUnderCapturesAndSmallestFirst) {
  for (const Material pair : materials_up_to(9)) {
    const std::vector<Material> reached = resident_classes_for(pair);
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

TEST(ResidentClasses, PairByPairOrderListsEveryClassOnceWithItsMirrorNext) {
  const std::vector<Material> order = classes_pair_by_pair();
  EXPECT_EQ(order.size(), materials_up_to(kMaxStones).size());
  for (const Material m : materials_up_to(kMaxStones)) EXPECT_EQ(std::count(order.begin(), order.end(), m), 1);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i].us < order[i].them) {
      ASSERT_LT(i + 1, order.size());
      EXPECT_EQ(order[i + 1], order[i].flipped());
    }
}

}  // namespace
}  // namespace tsivy
