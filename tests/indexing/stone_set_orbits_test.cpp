// The orbit ranking of one side's stones (indexing/stone_set_orbits.h), the building
// block of every class index.
#include "indexing/stone_set_orbits.h"

#include <gtest/gtest.h>

#include <vector>

#include "index_test_support.h"
#include "indexing/material_index.h"

namespace tsivy {
namespace {

using detail::FlipOrbits;
using detail::StoneSetOrbits;

std::uint8_t brute_stabiliser(PointSet s) {
  std::uint8_t group = 0;
  for (Symmetry g : kAllSymmetries)
    if (apply(g, s) == s) group |= detail::symmetry_bit(g);
  return group;
}

template <typename Table>
void check_flip_orbits(const Table& table, int points, std::uint32_t (*flip)(std::uint32_t)) {
  std::vector<std::uint32_t> orbits(points + 1), symmetric(points + 1);
  for (std::uint32_t x = 0; x < (1u << points); ++x) {
    const int size = std::popcount(x);
    const auto e = table.entry(x), f = table.entry(flip(x));
    ASSERT_EQ(e.orbit, f.orbit) << x;
    ASSERT_LT(e.orbit, table.orbits(size));
    ASSERT_EQ(e.orbit < table.symmetric(size), flip(x) == x) << "symmetric orbits come first";
    const std::uint32_t rep = table.representative(size, e.orbit);
    ASSERT_EQ(e.flipped ? flip(rep) : rep, x);
    ASSERT_FALSE(table.entry(rep).flipped);
    if (x <= flip(x)) ++orbits[size];
    if (x == flip(x)) ++symmetric[size];
  }
  for (int size = 0; size <= points; ++size) {
    EXPECT_EQ(table.orbits(size), orbits[size]);
    EXPECT_EQ(table.symmetric(size), symmetric[size]);
  }
}

TEST(FlipOrbits, HalfBoardTableMatchesTheRowFlip) {
  check_flip_orbits(detail::half_orbits(), detail::kHalfPoints, [](std::uint32_t x) { return detail::flip_half(x); });
}

TEST(FlipOrbits, MiddleColumnTableMatchesTheRowFlip) {
  check_flip_orbits(detail::column_orbits(), kRows, [](std::uint32_t x) { return detail::flip_column(x); });
}

TEST(StoneSetOrbits, HalvesAndMiddleColumnCoverTheBoard) {
  EXPECT_EQ(detail::kLeftHalf & detail::kMiddleColumn, 0u);
  EXPECT_EQ(detail::kLeftHalf | detail::kMiddleColumn | mirror_left_right(detail::kLeftHalf), kBoard);
}

TEST(StoneSetOrbits, CountEqualsBurnsideForEverySize) {
  for (int k = 0; k <= kPoints; ++k) EXPECT_EQ(detail::stone_set_orbits(k).count(), test::burnside_set_orbits(k)) << k;
}

// Rank every set (or a sample), check the images share the rank, the symmetry reaches
// the representative, the stabiliser is right, and the ranks fill 0..count()-1.
void check_sets(int k, bool exhaustive, int samples) {
  const StoneSetOrbits& orbits = detail::stone_set_orbits(k);
  std::vector<bool> hit(exhaustive ? orbits.count() : 0);
  auto check = [&](PointSet s) {
    const auto r = orbits.rank(s);
    ASSERT_LT(r.rank, orbits.count());
    ASSERT_EQ(r.stabiliser, brute_stabiliser(s)) << s;
    for (Symmetry g : kAllSymmetries) ASSERT_EQ(orbits.rank(apply(g, s)).rank, r.rank) << s;
    const auto u = orbits.unrank(r.rank);
    ASSERT_EQ(u.set, apply(r.to_canonical, s)) << s;
    ASSERT_EQ(u.stabiliser, r.stabiliser);
    if (exhaustive) hit[r.rank] = true;
  };
  if (exhaustive) {
    test::for_each_subset(kBoard, k, check);
    for (std::uint64_t r = 0; r < orbits.count(); ++r) {
      ASSERT_TRUE(hit[r]) << "rank " << r << " of size " << k << " has no set";
      const auto u = orbits.unrank(r);
      ASSERT_EQ(count(u.set), k);
      const auto back = orbits.rank(u.set);
      ASSERT_EQ(back.rank, r);
      ASSERT_EQ(apply(back.to_canonical, u.set), u.set);
    }
  } else {
    std::mt19937_64 rng(1000 + k);
    for (int i = 0; i < samples; ++i) check(test::random_set(rng, k));
    std::uniform_int_distribution<std::uint64_t> any(0, orbits.count() - 1);
    for (int i = 0; i < samples; ++i) {
      const std::uint64_t r = any(rng);
      ASSERT_EQ(orbits.rank(orbits.unrank(r).set).rank, r);
    }
  }
}

TEST(StoneSetOrbits, EverySetUpToFiveStonesRanksAndUnranks) {
  for (int k = 0; k <= (test::kQuick ? 4 : 5); ++k) check_sets(k, true, 0);
}

TEST(StoneSetOrbits, SampledSetsOfSixToNineStonesRankAndUnrank) {
  for (int k = 6; k < kMaxStones; ++k) check_sets(k, false, test::kQuick ? 20000 : 200000);
}

// canonical() accepts any position, so the ranking must work for every size.
TEST(StoneSetOrbits, SampledLargerSetsRankAndUnrank) {
  for (int k : {kMaxStones, kPoints / 3, kPoints / 2, kPoints - 1, kPoints}) check_sets(k, false, 5000);
}

}  // namespace
}  // namespace tsivy
