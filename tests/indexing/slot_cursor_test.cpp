// SlotCursor must decode every slot exactly as unindex() and is_canonical() do.
#include <gtest/gtest.h>

#include <random>

#include "indexing/material_index.h"

namespace tsivy {
namespace {

// Walks [first, first + length) with a cursor and compares every slot.
void expect_walk_matches(const MaterialIndex& index, std::uint64_t first, std::uint64_t length) {
  SlotCursor cursor(index, first);
  for (std::uint64_t slot = first; slot < first + length && slot < index.slots(); ++slot) {
    if (slot != first) cursor.next();
    ASSERT_EQ(cursor.slot(), slot);
    const auto [us, them] = index.unindex(slot);
    ASSERT_EQ(cursor.us(), us) << to_string(index.material()) << " slot " << slot;
    ASSERT_EQ(cursor.them(), them) << to_string(index.material()) << " slot " << slot;
    ASSERT_EQ(cursor.canonical(), index.is_canonical(slot)) << to_string(index.material()) << " slot " << slot;
  }
}

TEST(SlotCursor, WalksEverySlotOfTheSmallClasses) {
#ifdef TSIVY_INDEX_TESTS_QUICK
  const int max_stones = 4;
#else
  const int max_stones = 5;
#endif
  for (const Material m : materials_up_to(max_stones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    expect_walk_matches(index, 0, index.slots());
  }
}

TEST(SlotCursor, StartsAnywhereInLargeClasses) {
  std::mt19937_64 random(20261130);
  for (const Material m : materials_up_to(kMaxStones)) {
    if (m.stones() < 6) continue;
    const MaterialIndex& index = MaterialIndex::of(m);
    for (int window = 0; window < 4; ++window) {
      // Windows of 3000 slots cross from one placement of the larger side to the next
      // in the classes whose smaller side has few stones.
      const std::uint64_t first = std::uniform_int_distribution<std::uint64_t>(0, index.slots() - 1)(random);
      expect_walk_matches(index, first, 3000);
    }
    expect_walk_matches(index, index.slots() - 100, 100);
  }
}

}  // namespace
}  // namespace tsivy
