// The orbit ranking of one side's stones (indexing/orbit_ranking.h) on the board of this
// build, over its whole symmetry group: the closed form on boards that are not square,
// the table on square ones.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "burnside_count.h"
#include "indexing/orbit_ranking.h"

namespace tsivy {
namespace {

// Fewer sets in unoptimised builds.
#if defined(NDEBUG)
constexpr std::uint64_t kExhaustiveSets = 1'000'000;
constexpr int kSampledSets = 20'000;
#else
constexpr std::uint64_t kExhaustiveSets = 50'000;
constexpr int kSampledSets = 1'000;
#endif

std::uint64_t choose(int x, int i) {
  std::uint64_t r = 1;
  for (int j = 1; j <= i; ++j) r = r * static_cast<std::uint64_t>(x - i + j) / static_cast<std::uint64_t>(j);
  return r;
}

std::uint8_t brute_stabiliser(PointSet s) {
  std::uint8_t group = 0;
  for (Symmetry g : kAllSymmetries)
    if (apply(g, s) == s) group |= static_cast<std::uint8_t>(1u << static_cast<int>(g));
  return group;
}

TEST(BoardSymmetries, FormAGroupOfTheBoardsSize) {
  // Closed under composition and distinct, so Burnside's lemma applies: checked on a set
  // that no symmetry but the identity fixes (a1, b1, a2 and b3, where the board allows).
  const PointSet probe = bit(point_at(0, 0)) | bit(point_at(1, 0)) | bit(point_at(0, 1)) | bit(point_at(1, 2));
  EXPECT_EQ(brute_stabiliser(probe), 1u) << board_name();
  EXPECT_EQ(kSymmetries, kSquareBoard ? 8 : 4) << board_name();
  for (Symmetry g : kAllSymmetries)
    for (Symmetry h : kAllSymmetries) {
      bool closed = false;
      for (Symmetry f : kAllSymmetries) closed = closed || apply(f, probe) == apply(g, apply(h, probe));
      EXPECT_TRUE(closed) << board_name() << ": symmetry " << static_cast<int>(g) << " after "
                          << static_cast<int>(h) << " is none of the group";
    }
  for (Symmetry g : kAllSymmetries) {
    EXPECT_EQ(apply(g, kStrong), kStrong) << board_name() << ": symmetry " << static_cast<int>(g);
    for (Point p = 0; p < kPoints; ++p) EXPECT_EQ(count(apply(g, bit(p))), 1) << board_name();
  }
}

TEST(BoardOrbitRanking, CountEqualsBurnsideForEverySize) {
  for (int k = 0; k <= kPoints; ++k)
    EXPECT_EQ(detail::orbit_ranking(k).count(), test::burnside_set_orbits(k)) << board_name() << ", " << k << " points";
}

// Rank a set, check its images share the rank, the symmetry reaches the representative
// and the stabiliser is the representative's.
template <typename Ranking>
void check_set(const Ranking& orbits, PointSet s, std::vector<bool>* hit) {
  const auto r = orbits.rank(s);
  ASSERT_LT(r.rank, orbits.count()) << board_name() << ": set " << s;
  for (Symmetry g : kAllSymmetries)
    ASSERT_EQ(orbits.rank(apply(g, s)).rank, r.rank) << board_name() << ": set " << s << ", image " << static_cast<int>(g);
  const auto u = orbits.unrank(r.rank);
  ASSERT_EQ(u.set, apply(r.to_canonical, s)) << board_name() << ": set " << s;
  ASSERT_EQ(u.stabiliser, brute_stabiliser(u.set)) << board_name() << ": set " << s;
  ASSERT_EQ(r.stabiliser, u.stabiliser) << board_name() << ": set " << s;
  if (hit != nullptr) (*hit)[r.rank] = true;
}

TEST(BoardOrbitRanking, SetsRankAndUnrank) {
  std::mt19937_64 rng(7);
  for (int k = 0; k <= kPoints; ++k) {
    const auto& orbits = detail::orbit_ranking(k);
    if (choose(kPoints, k) <= kExhaustiveSets) {
      // Every set, and every rank has one.
      std::vector<bool> hit(orbits.count());
      PointSet s = (PointSet{1} << k) - 1;
      while (s <= kBoard) {
        check_set(orbits, s, &hit);
        if (::testing::Test::HasFatalFailure() || s == 0) break;
        const PointSet lowest = s & (~s + 1), ripple = s + lowest;
        s = (((ripple ^ s) >> 2) >> std::countr_zero(lowest)) | ripple;
      }
      for (std::uint64_t r = 0; r < orbits.count(); ++r)
        ASSERT_TRUE(hit[r]) << board_name() << ": rank " << r << " of " << k << " points has no set";
    } else {
      for (int i = 0; i < kSampledSets; ++i) {
        PointSet s = 0;
        std::uniform_int_distribution<int> point(0, kPoints - 1);
        while (count(s) < k) s |= bit(point(rng));
        check_set(orbits, s, nullptr);
      }
    }
    if (::testing::Test::HasFatalFailure()) return;
    // Unrank then rank: the identity on ranks, and the representative is its own.
    std::uniform_int_distribution<std::uint64_t> any(0, orbits.count() - 1);
    for (int i = 0; i < kSampledSets; ++i) {
      const std::uint64_t r = orbits.count() <= static_cast<std::uint64_t>(kSampledSets) ? i % orbits.count() : any(rng);
      const auto u = orbits.unrank(r);
      ASSERT_EQ(count(u.set), k) << board_name();
      const auto back = orbits.rank(u.set);
      ASSERT_EQ(back.rank, r) << board_name() << ": " << k << " points";
      ASSERT_EQ(apply(back.to_canonical, u.set), u.set) << board_name();
    }
  }
}

}  // namespace
}  // namespace tsivy
