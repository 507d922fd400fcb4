// `tsivy stats`: the counts agree with what the solver recorded, and the deepest
// position it names really is the lowest slot of the class's greatest depth.
#include "check/stats.h"

#include <gtest/gtest.h>

#include <sstream>

#include "lookup/table_lookup.h"
#include "check/class_scan.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

// The deepest position, against a plain single-threaded scan of the class, slot by slot.
void expect_deepest_is_lowest_slot_of_greatest_depth(const TableLookup& lookup, const ClassStats& s) {
  const ClassScan scan(lookup, reference_tables(), s.material);
  std::uint64_t expected_slot = ~std::uint64_t{0};
  int expected_depth = -1;
  scan.visit(0, scan.index().slots(), [&](const SlotCursor& slot, const Value& value, bool) {
    if (value.outcome != Outcome::draw && value.depth > expected_depth) {
      expected_depth = value.depth;
      expected_slot = slot.slot();
    }
  });
  if (expected_depth < 0) {  // only draws
    EXPECT_EQ(s.deepest_us | s.deepest_them, 0u) << to_string(s.material);
    return;
  }
  EXPECT_EQ(s.deepest_slot, expected_slot) << to_string(s.material);
  EXPECT_EQ(s.max_depth, expected_depth) << to_string(s.material);
  const Value v = lookup.value(s.deepest_us, s.deepest_them);
  EXPECT_NE(v.outcome, Outcome::draw) << to_string(s.material);
  EXPECT_EQ(v.depth, s.max_depth) << to_string(s.material);
}

// Counts and max depth as the solver recorded them in the manifest, for every class;
// the deepest position checked slot by slot up to 4 stones (enough classes to span
// several threads' ranges, without a second pass over the largest ones).
TEST(Stats, CountsEqualTheManifestsAndTheDeepestPositionIsTheLowestSlotOfTheGreatestDepth) {
  const Manifest manifest = Manifest::load_required(reference_tables());
  const TableLookup lookup(reference_tables());
  const std::vector<ClassStats> all = table_stats(reference_tables(), StatsOptions{.threads = 3});
  ASSERT_EQ(all.size(), materials_up_to(kEndToEndStones).size());
  for (const ClassStats& s : all) {
    const ManifestClass* recorded = manifest.find(s.material);
    ASSERT_NE(recorded, nullptr) << to_string(s.material);
    EXPECT_EQ(s.canonical[static_cast<int>(Outcome::win)], recorded->wins) << to_string(s.material);
    EXPECT_EQ(s.canonical[static_cast<int>(Outcome::draw)], recorded->draws) << to_string(s.material);
    EXPECT_EQ(s.canonical[static_cast<int>(Outcome::loss)], recorded->losses) << to_string(s.material);
    EXPECT_EQ(s.max_depth, recorded->max_depth) << to_string(s.material);
    if (s.material.stones() <= 4) expect_deepest_is_lowest_slot_of_greatest_depth(lookup, s);
  }
}

// With the smaller classes in memory the figures are the same, every one of them.
TEST(Stats, ResidentGivesTheSameFigures) {
  const std::vector<ClassStats> from_files = table_stats(reference_tables(), StatsOptions{.threads = 2});
  std::ostringstream log;
  const std::vector<ClassStats> resident =
      table_stats(reference_tables(), StatsOptions{.threads = 2, .resident = true, .log = &log});
  ASSERT_EQ(resident.size(), from_files.size());
  for (std::size_t i = 0; i < resident.size(); ++i) {
    const ClassStats &a = resident[i], &b = from_files[i];
    EXPECT_EQ(a.material, b.material);
    EXPECT_EQ(a.canonical, b.canonical) << to_string(a.material);
    EXPECT_EQ(a.raw, b.raw) << to_string(a.material);
    EXPECT_EQ(a.max_depth, b.max_depth) << to_string(a.material);
    EXPECT_EQ(a.deepest_slot, b.deepest_slot) << to_string(a.material);
    EXPECT_EQ(a.wins_by_depth, b.wins_by_depth) << to_string(a.material);
    EXPECT_EQ(a.losses_by_depth, b.losses_by_depth) << to_string(a.material);
  }
  EXPECT_NE(log.str().find("into memory for stats"), std::string::npos) << log.str();
}

}  // namespace
}  // namespace tsivy::testing
