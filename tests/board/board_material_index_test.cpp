// The class index (indexing/material_index.h) on the board of this build: canonical
// slots against Burnside's count over the board's whole symmetry group, round trips of
// slots and positions, and the symmetric images of a position sharing its slot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <vector>

#include "burnside_count.h"
#include "game/movegen.h"
#include "indexing/material_index.h"
#include "tests/board/random_positions.h"

namespace tsivy {
namespace {

// Budgets by class size; unoptimised builds take fewer.
#if defined(NDEBUG)
constexpr std::uint64_t kScannedSlots = 3'000'000;     // canonical count by a scan beyond 6 stones
constexpr std::uint64_t kRoundTripSlots = 200'000;     // every slot decoded and indexed
constexpr std::uint64_t kEnumeratedPositions = 300'000;  // every position indexed
constexpr int kSampledSlots = 2'000;
#else
constexpr std::uint64_t kScannedSlots = 200'000;
constexpr std::uint64_t kRoundTripSlots = 10'000;
constexpr std::uint64_t kEnumeratedPositions = 20'000;
constexpr int kSampledSlots = 100;
#endif

std::string where(Material m) { return board_name() + " " + to_string(m); }

std::uint64_t canonical_slots(const MaterialIndex& index) {
  std::uint64_t canonical = 0;
  for_each_slot(index, 0, index.slots(), [&](const SlotCursor& c) { canonical += c.canonical(); });
  return canonical;
}

TEST(BoardMaterialIndex, EveryValidClassUpToTheStartMaterial) {
  // Every class the game reaches: neither side above its start count, both together up
  // to kMaxStones.
  std::size_t classes = 0;
  for (int m = 1; m <= kStonesPerSide; ++m)
    for (int n = 1; n <= kStonesPerSide && m + n <= kMaxStones; ++n) ++classes;
  EXPECT_EQ(materials_up_to(kMaxStones).size(), classes) << board_name();
  for (Material m : materials_up_to(kMaxStones)) EXPECT_TRUE(m.valid()) << where(m);
}

TEST(BoardMaterialIndex, CanonicalSlotsEqualBurnside) {
  std::uint64_t checked = 0;
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    if (m.stones() > 6 && index.slots() > kScannedSlots) continue;
    EXPECT_EQ(canonical_slots(index), test::burnside_position_orbits(m.us, m.them)) << where(m);
    ++checked;
  }
  EXPECT_GE(checked, materials_up_to(6).size()) << board_name();
}

TEST(BoardMaterialIndex, SlotsRoundTrip) {
  std::mt19937_64 rng(11);
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    auto check_slot = [&](std::uint64_t slot) {
      const auto [us, them] = index.unindex(slot);
      ASSERT_EQ(count(us), m.us) << where(m) << " slot " << slot;
      ASSERT_EQ(count(them), m.them) << where(m) << " slot " << slot;
      ASSERT_EQ(us & them, 0u) << where(m) << " slot " << slot;
      const bool indexes_back = index.index(us, them) == slot;
      ASSERT_EQ(index.is_canonical(slot), indexes_back) << where(m) << " slot " << slot;
      ASSERT_EQ(SlotCursor(index, slot).canonical(), indexes_back) << where(m) << " slot " << slot;
      if (!indexes_back) return;
      ASSERT_EQ(canonical(us, them), std::pair(us, them)) << where(m) << " slot " << slot;
      for (Symmetry g : kAllSymmetries)
        ASSERT_EQ(index.index(apply(g, us), apply(g, them)), slot)
            << where(m) << " slot " << slot << ", image " << static_cast<int>(g);
    };
    if (index.slots() <= kRoundTripSlots) {
      // Every slot, and the cursor's walk decodes the same positions.
      SlotCursor cursor(index, 0);
      for (std::uint64_t slot = 0; slot < index.slots(); ++slot) {
        check_slot(slot);
        if (::testing::Test::HasFatalFailure()) return;
        ASSERT_EQ(std::pair(cursor.us(), cursor.them()), index.unindex(slot)) << where(m) << " slot " << slot;
        if (slot + 1 < index.slots()) cursor.next();
      }
    } else {
      std::uniform_int_distribution<std::uint64_t> any(0, index.slots() - 1);
      for (int i = 0; i < kSampledSlots; ++i) {
        check_slot(any(rng));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

// Calls f(set) for every set of `size` points of `universe`.
template <typename F>
void for_each_subset(PointSet universe, int size, F&& f) {
  std::vector<Point> points;
  for (PointSet s = universe; s;) points.push_back(pop_first(s));
  std::vector<int> pick(size);
  for (int i = 0; i < size; ++i) pick[i] = i;
  while (true) {
    PointSet s = 0;
    for (int i : pick) s |= bit(points[i]);
    f(s);
    int i = size - 1;
    while (i >= 0 && pick[i] == static_cast<int>(points.size()) - size + i) --i;
    if (i < 0) return;
    ++pick[i];
    for (int j = i + 1; j < size; ++j) pick[j] = pick[j - 1] + 1;
  }
}

TEST(BoardMaterialIndex, EveryPositionOfSmallClassesIndexes) {
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    if (index.raw_positions() > kEnumeratedPositions) continue;
    std::set<std::uint64_t> slots;
    for_each_subset(kBoard, m.us, [&](PointSet us) {
      for_each_subset(kBoard & ~us, m.them, [&](PointSet them) {
        if (::testing::Test::HasFatalFailure()) return;
        const std::uint64_t slot = index.index(us, them);
        ASSERT_LT(slot, index.slots()) << where(m);
        ASSERT_TRUE(index.is_canonical(slot)) << where(m) << " slot " << slot;
        for (Symmetry g : kAllSymmetries)
          ASSERT_EQ(index.index(apply(g, us), apply(g, them)), slot) << where(m) << ", image " << static_cast<int>(g);
        const auto decoded = index.unindex(slot);
        ASSERT_EQ(decoded, canonical(us, them)) << where(m);
        bool image = false;
        for (Symmetry g : kAllSymmetries) image = image || decoded == std::pair(apply(g, us), apply(g, them));
        ASSERT_TRUE(image) << where(m) << ": slot " << slot << " decodes to another symmetry class";
        slots.insert(slot);
      });
    });
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(slots.size(), test::burnside_position_orbits(m.us, m.them)) << where(m);
  }
}

TEST(BoardMaterialIndex, OrbitSizesSumToTheRawCount) {
  // Sum of orbit sizes over the canonical slots of small classes = every position.
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    if (index.slots() > kRoundTripSlots) continue;
    std::uint64_t positions = 0;
    for_each_slot(index, 0, index.slots(), [&](const SlotCursor& c) {
      if (c.canonical()) positions += static_cast<std::uint64_t>(orbit_size(c.us(), c.them()));
    });
    EXPECT_EQ(positions, index.raw_positions()) << where(m);
  }
}

// The totals this board's tables hold, for the record (the test's output).
TEST(BoardMaterialIndex, ReportsTheTotals) {
  std::uint64_t slots = 0, classes_by_burnside = 0, raw = 0;
  for (Material m : materials_up_to(kMaxStones)) {
    slots += MaterialIndex::of(m).slots();
    raw += MaterialIndex::of(m).raw_positions();
    classes_by_burnside += test::burnside_position_orbits(m.us, m.them);
  }
  std::printf("%s: %zu classes up to %d stones, %llu slots, %llu canonical (Burnside), %llu positions\n",
              board_name().c_str(), materials_up_to(kMaxStones).size(), kMaxStones,
              static_cast<unsigned long long>(slots), static_cast<unsigned long long>(classes_by_burnside),
              static_cast<unsigned long long>(raw));
  EXPECT_LE(classes_by_burnside, slots) << board_name();
  EXPECT_GE(classes_by_burnside * kSymmetries, raw) << board_name();
}

// SharedSideIndex (the solver's indexing of one position's un-moves and paika
// successors) gives index_unchecked's slot, whichever side is shared, on random
// positions of every class, the symmetric ones of the shared side among them.
TEST(BoardMaterialIndex, SharedSideIndexEqualsTheIndex) {
  board_test::Rng rng(20261202);
  std::uint64_t compared = 0;
  for (Material m : materials_up_to(kMaxStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    for (int sample = 0; sample < kSampledSlots / 10; ++sample) {
      // Half the shared sides come from canonical slots, where symmetric sets are common.
      const Position p = sample % 2 ? board_test::random_position(rng, m.us, m.them, Colour::White)
                                    : [&] {
                                        const auto [us, them] = index.unindex_unchecked(rng() % index.slots());
                                        return Position{us, them, Colour::White};
                                      }();
      const SharedSideIndex shared_us(index, p.us, true), shared_them(index, p.them, false);
      const std::uint64_t slot = index.index_unchecked(p.us, p.them);
      ASSERT_EQ(shared_us.index(p.them), slot) << where(m) << " shared: us";
      ASSERT_EQ(shared_them.index(p.us), slot) << where(m) << " shared: them";
      // The way propagation uses it: every un-move of p, indexed sharing p's side to move.
      std::vector<Position> predecessors;
      paika_unmoves(p, predecessors);
      const MaterialIndex& before = MaterialIndex::of(m.flipped());
      const SharedSideIndex shared(before, p.us, false);
      for (const Position& q : predecessors) ASSERT_EQ(shared.index(q.us), before.index_unchecked(q.us, q.them)) << where(m);
      compared += 1 + predecessors.size();
    }
  }
  EXPECT_GT(compared, materials_up_to(kMaxStones).size()) << board_name();
}

}  // namespace
}  // namespace tsivy
