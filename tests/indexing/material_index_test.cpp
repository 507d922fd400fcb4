// The class index (indexing/material_index.h): exhaustive up to 5 stones, sampled from
// 6 to 10, and the API's contract for bad input.
#include "indexing/material_index.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <vector>

#include "index_test_support.h"

namespace tsivy {
namespace {

std::string class_name(const testing::TestParamInfo<Material>& info) {
  return "Class" + info.param.to_string();
}

// ---- Material ----------------------------------------------------------------------

TEST(Material, PrintsAndParsesMvN) {
  EXPECT_EQ(Material({4, 3}).to_string(), "4v3");
  EXPECT_EQ(to_string(Material{1, 9}), "1v9");
  EXPECT_EQ(Material::parse("5v4"), (Material{5, 4}));
  EXPECT_EQ(parse_material("1v1"), (Material{1, 1}));
}

TEST(Material, ParseRejectsMalformedTextAndInvalidClasses) {
  for (const char* bad : {"", "4", "4v", "v3", "4x3", "4v3v", " 4v3", "4v3 ", "-1v3", "+4v3", "a v b"})
    EXPECT_THROW(Material::parse(bad), std::invalid_argument) << bad;
  for (const char* bad : {"0v3", "3v0", "6v5", "10v1", "9v2"}) EXPECT_THROW(Material::parse(bad), std::invalid_argument) << bad;
  try {
    Material::parse("4x3");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("4x3"), std::string::npos) << "the message names the bad text";
  }
}

TEST(Material, ClassesUpToTenStones) {
  EXPECT_EQ(materials_with(2), (std::vector<Material>{{1, 1}}));
  EXPECT_EQ(materials_with(5).size(), 4u);
  EXPECT_TRUE(materials_with(kMaxStones + 1).empty());
  EXPECT_EQ(materials_up_to(kMaxStones).size(), 45u);  // 1 + 2 + ... + 9
}

// ---- Class-wide facts --------------------------------------------------------------

TEST(MaterialIndex, RejectsInvalidClasses) {
  for (Material bad : {Material{0, 3}, Material{3, 0}, Material{-1, 2}, Material{6, 5}, Material{1, 10}})
    EXPECT_THROW(MaterialIndex::of(bad), std::invalid_argument) << bad.to_string();
}

TEST(MaterialIndex, OfReturnsOneCachedObjectPerClass) {
  const MaterialIndex& a = MaterialIndex::of({4, 3});
  EXPECT_EQ(&a, &MaterialIndex::of({4, 3}));
  EXPECT_EQ(a.material(), (Material{4, 3}));
}

// Slots: the larger side's symmetry classes times the placements of the other side.
TEST(MaterialIndex, SlotCountMatchesTheBinomialFormulaForEveryClass) {
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    const int big = std::max(m.us, m.them), small = std::min(m.us, m.them);
    EXPECT_EQ(index.raw_positions(), test::choose(kPoints, m.us) * test::choose(kPoints - m.us, m.them));
    EXPECT_EQ(index.slots(), test::burnside_set_orbits(big) * test::choose(kPoints - big, small)) << m.to_string();
    EXPECT_GE(index.slots(), test::burnside_position_orbits(m.us, m.them));
  }
}

TEST(MaterialIndex, SlotsAreAtMost26PercentOfRawPositionsFromFiveStones) {
  for (Material m : materials_up_to(kMaxStones)) {
    if (m.stones() < 5) continue;
    const MaterialIndex& index = MaterialIndex::of(m);
    EXPECT_LE(static_cast<double>(index.slots()), 0.26 * static_cast<double>(index.raw_positions())) << m.to_string();
  }
}

TEST(MaterialIndex, HelperTablesFitIn512MiB) { EXPECT_LT(index_memory_bytes(), std::size_t{512} << 20); }

// ---- Bad input is an error ---------------------------------------------------------

TEST(MaterialIndex, OutOfRangeSlotsThrow) {
  const MaterialIndex& index = MaterialIndex::of({4, 3});
  EXPECT_THROW(index.unindex(index.slots()), std::out_of_range);
  EXPECT_THROW(index.is_canonical(index.slots()), std::out_of_range);
  EXPECT_THROW(index.unindex(~std::uint64_t{0}), std::out_of_range);
  EXPECT_NO_THROW(index.unindex(index.slots() - 1));
}

TEST(MaterialIndex, PositionsOfTheWrongClassThrow) {
  const MaterialIndex& index = MaterialIndex::of({2, 1});
  const PointSet a = bit(0) | bit(1), b = bit(2);
  EXPECT_NO_THROW(index.index(a, b));
  EXPECT_THROW(index.index(b, a), std::invalid_argument);                         // 1v2
  EXPECT_THROW(index.index(a | bit(3), b), std::invalid_argument);                // 3v1
  EXPECT_THROW(index.index(a, 0), std::invalid_argument);                         // 2v0
  EXPECT_THROW(index.index(a, bit(1)), std::invalid_argument);                    // overlap
  EXPECT_THROW(index.index(bit(0) | bit(kPoints), b), std::invalid_argument);     // off the board
  EXPECT_THROW(index.index(a, PointSet{1} << 63), std::invalid_argument);         // off the board
  EXPECT_THROW(index.index(Position{a, bit(kPoints + 1)}), std::invalid_argument);
}

TEST(Canonical, RejectsOverlappingOrOffBoardSets) {
  EXPECT_THROW(canonical(bit(3), bit(3)), std::invalid_argument);
  EXPECT_THROW(canonical(bit(kPoints), 0), std::invalid_argument);
}

TEST(Canonical, WorksBeyondTheIndexedClasses) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000; ++i) {
    const PointSet us = test::random_set(rng, 12), them = test::random_set(rng, 11, us);
    const auto c = canonical(us, them);
    ASSERT_TRUE(test::is_image(c, us, them));
    for (const auto& [u, t] : test::images(us, them)) ASSERT_EQ(canonical(u, t), c);
  }
  EXPECT_EQ(canonical(0, 0), (std::pair<PointSet, PointSet>{0, 0}));
}

TEST(Canonical, PositionKeepsTheSideToMove) {
  const Position p{bit(0) | bit(10), bit(20), Colour::Black};
  const Position c = canonical(p);
  EXPECT_EQ(c.to_move, Colour::Black);
  EXPECT_EQ(std::pair(c.us, c.them), canonical(p.us, p.them));
}

TEST(OrbitSize, CountsTheDistinctImages) {
  const Point centre = point_at(kColumns / 2, kRows / 2);
  EXPECT_EQ(orbit_size(bit(centre), 0), 1);
  EXPECT_EQ(orbit_size(bit(point_at(0, kRows / 2)), 0), 2);
  EXPECT_EQ(orbit_size(bit(point_at(0, 0)), bit(centre)), 4);
  std::mt19937_64 rng(8);
  for (int i = 0; i < 10000; ++i) {
    const PointSet us = test::random_set(rng, 1 + i % 4), them = test::random_set(rng, 1 + i % 3, us);
    const auto all = test::images(us, them);
    ASSERT_EQ(orbit_size(us, them), static_cast<int>(std::set(all.begin(), all.end()).size()));
  }
}

// ---- Every position up to 5 stones -------------------------------------------------

// Checks one position: its slot, its images' slots, and the slot's canonical position.
void check_position(const MaterialIndex& index, PointSet us, PointSet them) {
  const std::uint64_t slot = index.index(us, them);
  ASSERT_LT(slot, index.slots());
  for (const auto& [u, t] : test::images(us, them)) ASSERT_EQ(index.index(u, t), slot) << us << " " << them;
  const auto c = index.unindex(slot);
  ASSERT_TRUE(test::is_image(c, us, them)) << "unindex(index(p)) is a symmetric image of p";
  ASSERT_EQ(c, canonical(us, them));
  ASSERT_TRUE(index.is_canonical(slot));
  ASSERT_EQ(index.index(c.first, c.second), slot);
}

void check_random(Material m, int positions);

class ExhaustiveClass : public testing::TestWithParam<Material> {};

TEST_P(ExhaustiveClass, EveryPositionRoundTripsAndCanonicalSlotsAreTheSymmetryClasses) {
  const Material m = GetParam();
  if (test::kQuick && m.stones() == 5) {  // too slow under sanitisers: sampled instead
    check_random(m, 20000);
    return;
  }
  const MaterialIndex& index = MaterialIndex::of(m);
  std::vector<bool> hit(index.slots());
  std::uint64_t positions = 0, classes = 0, slots_hit = 0, orbit_sizes = 0;
  test::for_each_subset(kBoard, m.us, [&](PointSet us) {
    test::for_each_subset(kBoard & ~us, m.them, [&](PointSet them) {
      ++positions;
      if (test::kQuick && positions % 16 != 0) return;
      check_position(index, us, them);
      if (test::least_image(us, them) == std::pair(us, them)) ++classes;  // one per class, counted apart
      const std::uint64_t slot = index.index(us, them);
      if (!hit[slot]) ++slots_hit, orbit_sizes += orbit_size(us, them);
      hit[slot] = true;
    });
  });
  ASSERT_EQ(positions, index.raw_positions());
  std::uint64_t canonical_slots = 0;
  for (std::uint64_t slot = 0; slot < index.slots(); ++slot) {
    const bool c = index.is_canonical(slot);
    canonical_slots += c;
    const auto [us, them] = index.unindex(slot);
    ASSERT_EQ(count(us), m.us);
    ASSERT_EQ(count(them), m.them);
    ASSERT_EQ(us & them, 0u);
    if (c) {
      ASSERT_EQ(index.index(us, them), slot) << "a canonical slot round-trips";
      ASSERT_EQ(canonical(us, them), std::pair(us, them));
    } else {
      ASSERT_NE(index.index(us, them), slot) << "a non-canonical slot does not";
      ASSERT_FALSE(hit[slot]) << "no position maps to a non-canonical slot";
    }
    if (!test::kQuick) {
      ASSERT_EQ(hit[slot], c) << "the positions' slots are exactly the canonical slots";
    }
  }
  EXPECT_EQ(canonical_slots, test::burnside_position_orbits(m.us, m.them));
  if (!test::kQuick) {
    EXPECT_EQ(canonical_slots, classes);
    EXPECT_EQ(slots_hit, classes);
    EXPECT_EQ(orbit_sizes, index.raw_positions()) << "orbit sizes of the canonical positions sum to the raw count";
  }
}

INSTANTIATE_TEST_SUITE_P(UpToFiveStones, ExhaustiveClass, testing::ValuesIn(materials_up_to(5)), class_name);

// ---- Samples from 6 to 10 stones ---------------------------------------------------

// 1M positions per class (20k in the quick build); TSIVY_INDEX_TESTS_FULL=1 asks for 10M.
int sampled_positions() { return test::kQuick ? 20000 : test::full_run() ? 10000000 : 1000000; }

std::vector<Material> sampled_classes() {
  std::vector<Material> out;
  for (Material m : materials_up_to(kMaxStones))
    if (m.stones() >= 6) out.push_back(m);
  return out;
}

// Random positions of a class and random slots: the same properties as the
// exhaustive test, and the share of canonical slots within 1% of Burnside's.
void check_random(Material m, int positions) {
  const MaterialIndex& index = MaterialIndex::of(m);
  std::mt19937_64 rng(static_cast<std::uint64_t>(m.us * 100 + m.them));
  for (int i = 0; i < positions; ++i) {
    const PointSet us = test::random_set(rng, m.us), them = test::random_set(rng, m.them, us);
    check_position(index, us, them);
  }
  std::uniform_int_distribution<std::uint64_t> any(0, index.slots() - 1);
  std::uint64_t canonical_slots = 0;
  const int slots = positions / 4;
  for (int i = 0; i < slots; ++i) {
    const std::uint64_t slot = any(rng);
    const auto [us, them] = index.unindex(slot);
    ASSERT_EQ(count(us), m.us);
    ASSERT_EQ(count(them), m.them);
    ASSERT_EQ(us & them, 0u);
    if (index.is_canonical(slot)) {
      ++canonical_slots;
      ASSERT_EQ(index.index(us, them), slot);
      ASSERT_EQ(canonical(us, them), std::pair(us, them));
    } else {
      ASSERT_NE(index.index(us, them), slot);
      ASSERT_NE(canonical(us, them), std::pair(us, them));
    }
  }
  const double expected = static_cast<double>(test::burnside_position_orbits(m.us, m.them)) / index.slots();
  EXPECT_NEAR(static_cast<double>(canonical_slots) / slots, expected, 0.01);
}

class SampledClass : public testing::TestWithParam<Material> {};

TEST_P(SampledClass, RandomPositionsAndSlotsRoundTrip) { check_random(GetParam(), sampled_positions()); }

INSTANTIATE_TEST_SUITE_P(SixToTenStones, SampledClass, testing::ValuesIn(sampled_classes()), class_name);

// ---- Every slot of the 6-stone classes ---------------------------------------------

class SixStoneClass : public testing::TestWithParam<Material> {};

TEST_P(SixStoneClass, CanonicalSlotsAreTheSymmetryClasses) {
  if (test::kQuick) GTEST_SKIP() << "walks every slot; optimised builds only";
  const Material m = GetParam();
  const MaterialIndex& index = MaterialIndex::of(m);
  std::uint64_t canonical_slots = 0;
  for (std::uint64_t slot = 0; slot < index.slots(); ++slot) canonical_slots += index.is_canonical(slot);
  EXPECT_EQ(canonical_slots, test::burnside_position_orbits(m.us, m.them));
}

INSTANTIATE_TEST_SUITE_P(SixStones, SixStoneClass, testing::ValuesIn(materials_with(6)), class_name);

}  // namespace
}  // namespace tsivy
