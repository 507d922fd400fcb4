// `tsivy stats`: the counts agree with what the solver recorded, and the deepest
// position it names really is the lowest slot of the class's greatest depth.
#include "check/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "lookup/table_lookup.h"
#include "check/class_scan.h"
#include "check/resident_choice.h"
#include "solver/residents.h"
#include "tests/check/scan_progress_lines.h"
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

// With the smaller classes in memory the figures are the same, every one of them,
// whether --resident forces it or --memory leaves room for it; with too little memory
// every pass reads from the files and says so.
TEST(Stats, ResidentGivesTheSameFigures) {
  std::ostringstream files_log;
  const std::vector<ClassStats> from_files = table_stats(
      reference_tables(), StatsOptions{.threads = 2, .log = &files_log, .memory = std::uint64_t{1} << 10});
  const Material largest{2, kEndToEndStones - 2};
  EXPECT_NE(files_log.str().find("  " + pair_name(largest) + ": " +
                                 format_bytes(resident_bytes_for(resident_classes_for(largest))) +
                                 " resident and the 1.00 GiB block cache would exceed --memory 1.0 KiB: reading from "
                                 "the files (slower)\n"),
            std::string::npos)
      << files_log.str();
  EXPECT_EQ(files_log.str().find("into memory for stats"), std::string::npos) << files_log.str();
  for (const StatsOptions& options : {StatsOptions{.threads = 2, .resident = true},
                                      StatsOptions{.threads = 2, .memory = std::uint64_t{1} << 40}}) {
    std::ostringstream log;
    StatsOptions logged = options;
    logged.log = &log;
    const std::vector<ClassStats> resident = table_stats(reference_tables(), logged);
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
    EXPECT_EQ(log.str().find("reading from the files"), std::string::npos) << log.str();
  }
}

// A long pass says how far it has got within a class, and hands each class's figures
// over as soon as they are counted, in the order it returns them.
TEST(Stats, ReportsProgressAndEachClassAsSoonAsItIsCounted) {
  std::ostringstream log;
  std::vector<Material> handed;
  const std::vector<ClassStats> all = table_stats(
      reference_tables(), StatsOptions{.threads = 2,
                                       .log = &log,
                                       .progress_every = 0,
                                       .on_class = [&](const ClassStats& s) {
                                         handed.push_back(s.material);
                                         // Said before it is handed over.
                                         EXPECT_NE(log.str().find("  " + to_string(s.material) + ": " +
                                                                  std::to_string(s.canonical[0] + s.canonical[1] +
                                                                                 s.canonical[2]) +
                                                                  " positions, "),
                                                   std::string::npos)
                                             << log.str();
                                       }});
  ASSERT_EQ(handed.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(handed[i], all[i].material);
  const Material material{2, kEndToEndStones - 2};
  expect_progress_through_the_class(log.str(), material, "counted");
}

}  // namespace
}  // namespace tsivy::testing
