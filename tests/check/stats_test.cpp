// `tsivy stats`: the counts agree with what the solver recorded, and the deepest
// position it names really is the lowest slot of the class's greatest depth.
#include "check/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "lookup/table_lookup.h"
#include "indexing/capture_reach.h"
#include "lookup/class_walk.h"
#include "check/resident_choice.h"
#include "lookup/residents.h"
#include "table_dir/table_paths.h"
#include "tests/check/scan_progress_lines.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

// The deepest position, against a plain single-threaded scan of the class, slot by slot.
void expect_deepest_is_lowest_slot_of_greatest_depth(const TableLookup& lookup, const ClassStats& s) {
  const ClassWalk scan(lookup, s.material);
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
  const Manifest manifest = Manifest::load(reference_tables());
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  const std::vector<ClassStats> all = table_stats(TableDirectory::open(reference_tables()), StatsOptions{.threads = 3});
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

// Whether `log` has the class's line, counted from the value files or from the tables.
bool counted_from(const std::string& log, Material m, const std::string& source) {
  const std::string tail = source == "value files" ? " \\(value files\\)\n" : "\n";
  return std::regex_search(log, std::regex("(^|\n)  " + to_string(m) + ": [0-9]+ positions, [0-9.]+ s" + tail));
}

void expect_same_figures(const std::vector<ClassStats>& got, const std::vector<ClassStats>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const ClassStats &a = got[i], &b = expected[i];
    EXPECT_EQ(a.material, b.material);
    EXPECT_EQ(a.canonical, b.canonical) << to_string(a.material);
    EXPECT_EQ(a.raw, b.raw) << to_string(a.material);
    EXPECT_EQ(a.max_depth, b.max_depth) << to_string(a.material);
    EXPECT_EQ(a.deepest_slot, b.deepest_slot) << to_string(a.material);
    EXPECT_EQ(a.wins_by_depth, b.wins_by_depth) << to_string(a.material);
    EXPECT_EQ(a.losses_by_depth, b.losses_by_depth) << to_string(a.material);
  }
}

// Counted as readers see the tables (--no-value-files), with the smaller classes in
// memory the figures are the same, every one of them, whether --resident forces it or
// --memory leaves room for it; with too little memory every pass reads from the files
// and says so. From the value files that generate left, they are the same again, with
// no class resident and nothing read from the tables.
TEST(Stats, ResidentAndValueFilesGiveTheSameFigures) {
  std::ostringstream files_log;
  const std::vector<ClassStats> from_files =
      table_stats(TableDirectory::open(reference_tables()), StatsOptions{.threads = 2,
                                                   .log = &files_log,
                                                   .memory = std::uint64_t{1} << 10,
                                                   .value_files = false});
  const Material largest{2, kEndToEndStones - 2};
  EXPECT_NE(files_log.str().find("  " + pair_name(largest) + ": " +
                                 format_bytes(resident_bytes_for(pair_captures_reach(largest))) +
                                 " resident and the 1.00 GiB block cache would exceed --memory 1.0 KiB: reading from "
                                 "the files (slower)\n"),
            std::string::npos)
      << files_log.str();
  EXPECT_EQ(files_log.str().find("into memory for stats"), std::string::npos) << files_log.str();
  EXPECT_EQ(files_log.str().find("(value files)"), std::string::npos) << files_log.str();
  for (const StatsOptions& options : {StatsOptions{.threads = 2, .resident = true, .value_files = false},
                                      StatsOptions{.threads = 2, .memory = std::uint64_t{1} << 40, .value_files = false}}) {
    std::ostringstream log;
    StatsOptions logged = options;
    logged.log = &log;
    expect_same_figures(table_stats(TableDirectory::open(reference_tables()), logged), from_files);
    EXPECT_NE(log.str().find("into memory for stats"), std::string::npos) << log.str();
    EXPECT_EQ(log.str().find("reading from the files"), std::string::npos) << log.str();
  }
  std::ostringstream values_log;
  expect_same_figures(table_stats(TableDirectory::open(reference_tables()), StatsOptions{.threads = 2, .resident = true, .log = &values_log}),
                      from_files);
  for (const Material m : materials_up_to(kEndToEndStones))
    EXPECT_TRUE(counted_from(values_log.str(), m, "value files")) << to_string(m) << "\n" << values_log.str();
  EXPECT_EQ(values_log.str().find("into memory for stats"), std::string::npos) << values_log.str();
}

// Value files that are damaged, missing or not the size the manifest lists are not
// used: those classes are counted from the tables, the damage said once, and the
// figures stay the same.
TEST(Stats, DamagedOrMissingValueFilesFallBackToTheTables) {
  const ScratchDir scratch;
  const std::filesystem::path dir = scratch.path() / "tables";
  copy_tables(reference_tables(), dir);
  const std::filesystem::path damaged = value_files_dir(dir) / "2v2.wdl.tsivy";
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    const auto middle = static_cast<std::streamoff>(std::filesystem::file_size(damaged) / 2);
    f.seekg(middle);
    const char byte = static_cast<char>(f.get() ^ 0x5a);
    f.seekp(middle);
    f.put(byte);
  }
  std::filesystem::remove(value_files_dir(dir) / "1v3.depth.tsivy");
  std::filesystem::resize_file(value_files_dir(dir) / "3v1.depth.tsivy",
                               std::filesystem::file_size(value_files_dir(dir) / "3v1.depth.tsivy") - 1);
  std::ostringstream log;
  const std::vector<ClassStats> counted = table_stats(TableDirectory::open(dir), StatsOptions{.threads = 2, .log = &log});
  expect_same_figures(counted, table_stats(TableDirectory::open(reference_tables()), StatsOptions{.threads = 2, .value_files = false}));
  const std::string text = log.str();
  EXPECT_NE(text.find("  2v2: value files unusable ("), std::string::npos) << text;
  for (const Material m : materials_up_to(kEndToEndStones)) {
    const bool usable = m != Material{2, 2} && m != Material{1, 3} && m != Material{3, 1};
    EXPECT_TRUE(counted_from(text, m, usable ? "value files" : "tables")) << to_string(m) << "\n" << text;
  }
}

// A long pass says how far it has got within a class, and hands each class's figures
// over as soon as they are counted, in the order it returns them.
TEST(Stats, ReportsProgressAndEachClassAsSoonAsItIsCounted) {
  std::ostringstream log;
  std::vector<Material> handed;
  const std::vector<ClassStats> all = table_stats(TableDirectory::open(
      reference_tables()), StatsOptions{.threads = 2,
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
