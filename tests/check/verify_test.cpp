// `verify` on fresh tables, and on copies with one entry deliberately changed or one
// file truncated.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "game/movegen.h"
#include "game/notation.h"
#include "io/table_reader.h"
#include "io/table_writer.h"
#include "lookup/table_lookup.h"
#include "table_dir/manifest.h"
#include "table_dir/table_paths.h"
#include "table_dir/table_directory.h"
#include "check/stats.h"
#include "lookup/class_files.h"
#include "check/verify.h"
#include "tests/check/scan_progress_lines.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

// The classes whose entries are changed: the largest total the end-to-end tests have.
const Material kWdlClass = kEndToEndStones == 5 ? Material{4, 1} : Material{3, 1};
const Material kDepthClass = kEndToEndStones == 5 ? Material{3, 2} : Material{2, 2};

// What stderr holds from the error report on: verify logs progress there first.
std::string error_report(const std::string& err) {
  const std::size_t at = err.find("tsivy: error");
  return at == std::string::npos ? "" : err.substr(at);
}

// A canonical position of `material` without a capture, stored as a WIN whose depth
// can grow by 2 without passing the class's largest depth.
struct Target {
  std::uint64_t slot = 0;
  Position position;
  Value stored;
};
Target quiet_win(const std::filesystem::path& dir, Material material) {
  const ClassTable table = read_class_table(*TableDirectory::open(dir), material);
  const MaterialIndex& index = MaterialIndex::of(material);
  const int max_depth = *std::max_element(table.depth.begin(), table.depth.end());
  for (std::uint64_t s = 0; s < index.slots(); ++s) {
    if (!index.is_canonical(s) || table.at(s).outcome != Outcome::win || table.depth[s] + 2 > max_depth) continue;
    const auto [us, them] = index.unindex(s);
    const Position p{us, them, Colour::White};
    if (!has_capture(p)) return {s, p, table.at(s)};
  }
  throw std::logic_error("no quiet win in " + to_string(material));
}

// Rewrites one entry of a table file through io/, keeping its block size, so that the
// file is valid in itself (header counts and block checksums right).
void rewrite_entry(const std::filesystem::path& file, std::uint64_t slot, std::uint16_t value) {
  io::TableHeader header;
  std::vector<std::uint8_t> wdl;
  std::vector<std::uint16_t> depth;
  {
    const io::TableReader reader(file);
    header = reader.header();
    if (header.spec.kind == io::TableKind::wdl) {
      wdl.resize(reader.size());
      reader.read(0, std::span<std::uint8_t>(wdl));
      wdl[slot] = static_cast<std::uint8_t>(value);
    } else {
      depth.resize(reader.size());
      reader.read(0, std::span<std::uint16_t>(depth));
      depth[slot] = value;
    }
  }
  io::WriteOptions options;
  options.entries_per_block = header.entries_per_block;
  if (header.spec.kind == io::TableKind::wdl)
    io::write_table(file, header.spec, std::span<const std::uint8_t>(wdl), options);
  else
    io::write_table(file, header.spec, std::span<const std::uint16_t>(depth), options);
}

// Makes the manifest agree with the class's files as they now are (sizes, checksums),
// and its value counts with one position changed from `was` to `now`, so that only the
// forward search can tell the change.
void reseal_manifest(const std::filesystem::path& dir, Material material, Outcome was, Outcome now) {
  Manifest manifest = Manifest::load(dir);
  ManifestClass entry = *manifest.find(material);
  for (auto [file, kind] : {std::pair{&entry.wdl, io::TableKind::wdl}, std::pair{&entry.depth, io::TableKind::depth}}) {
    const std::filesystem::path path = table_file(dir, material, kind);
    file->bytes = std::filesystem::file_size(path);
    file->checksum = io::file_checksum(path);
  }
  const auto count_of = [&](Outcome o) -> std::uint64_t& {
    return o == Outcome::win ? entry.wins : o == Outcome::draw ? entry.draws : entry.losses;
  };
  --count_of(was);
  ++count_of(now);
  manifest.put(entry);
  manifest.save(dir);
}

VerifyResult verify_class(const std::filesystem::path& dir, Material material, std::string& errors, bool resident = false) {
  std::ostringstream out;
  VerifyOptions options;
  options.tables = TableDirectory::open(dir);
  options.resident = resident;
  options.only = {material};
  options.threads = 2;
  options.errors = &out;
  const VerifyResult result = verify_tables(options);
  errors = out.str();
  return result;
}

TEST(Verify, FreshTablesPass) {
  const std::filesystem::path& dir = reference_tables();
  std::ostringstream errors;
  VerifyOptions options;
  options.tables = TableDirectory::open(dir);
  options.threads = 2;
  options.errors = &errors;
  const VerifyResult result = verify_tables(options);
  EXPECT_EQ(result.mismatches, 0u);
  EXPECT_EQ(errors.str(), "");
  EXPECT_EQ(result.classes, materials_up_to(kEndToEndStones).size());
  std::uint64_t canonical = 0;
  const Manifest manifest = Manifest::load(dir);
  for (const auto& [name, entry] : manifest.classes()) canonical += entry.canonical;
  EXPECT_EQ(result.positions, canonical);

  const CommandResult cli = run_tsivy({"verify", "--tables", dir.string(), "--threads", "2"});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find(" 0 mismatches"), std::string::npos) << cli.out;
  EXPECT_EQ(cli.out.find("mismatch "), std::string::npos) << cli.out;
}

// Within a class, rank 0 reports how far it is: every line's count within the class's
// slots, and the class ends at all of them.
TEST(Verify, ReportsProgressWithinAClass) {
  const Material material{2, kEndToEndStones - 2};
  std::ostringstream log;
  VerifyOptions options;
  options.tables = TableDirectory::open(reference_tables());
  options.only = {material};
  options.threads = 2;
  options.log = &log;
  options.progress_every = 0;  // after every chunk
  ASSERT_EQ(verify_tables(options).mismatches, 0u);
  expect_progress_through_the_class(log.str(), material, "verified");
}

// With the smaller classes and the pair in memory, verify checks the same entries and
// counts the same positions; on the command line, --class repeats.
TEST(Verify, ResidentPassesWithTheSameCounts) {
  const std::filesystem::path& dir = reference_tables();
  VerifyOptions options;
  options.tables = TableDirectory::open(dir);
  options.threads = 2;
  const VerifyResult from_files = verify_tables(options);
  std::ostringstream log, errors;
  options.resident = true;
  options.log = &log;
  options.errors = &errors;
  const VerifyResult resident = verify_tables(options);
  EXPECT_EQ(resident.mismatches, 0u) << errors.str();
  EXPECT_EQ(resident.classes, from_files.classes);
  EXPECT_EQ(resident.positions, from_files.positions);
  // Each class made resident once, with its line (a pair of the largest total, two classes).
  const Material largest{1, kEndToEndStones - 1};
  EXPECT_NE(log.str().find("  " + to_string(largest) + std::string(9 - to_string(largest).size(), ' ') +
                           " into memory for verify: "),
            std::string::npos)
      << log.str();

  const CommandResult cli = run_tsivy({"verify", "--tables", dir.string(), "--threads", "2", "--resident", "--class",
                                       to_string(largest), "--class", to_string(largest.flipped())});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find("verified 2 classes"), std::string::npos) << cli.out;
  EXPECT_NE(cli.err.find("into memory for verify"), std::string::npos) << cli.err;
}

// Without --resident, verify holds a pair in memory when its classes fit --memory
// beside the block cache, and otherwise reads them from the files, saying so; either
// way it checks the same entries. --resident holds them whatever --memory says.
TEST(Verify, HoldsAPairInMemoryWhenItFitsTheMemoryLimit) {
  const std::filesystem::path& dir = reference_tables();
  const Material largest{1, kEndToEndStones - 1};
  VerifyOptions options;
  options.tables = TableDirectory::open(dir);
  options.only = {largest, largest.flipped()};
  options.threads = 2;
  std::uint64_t positions = 0;
  for (const std::uint64_t memory : {std::uint64_t{1} << 10, std::uint64_t{1} << 40}) {
    std::ostringstream log, errors;
    options.memory = memory;
    options.log = &log;
    options.errors = &errors;
    const VerifyResult result = verify_tables(options);
    EXPECT_EQ(result.mismatches, 0u) << errors.str();
    if (positions != 0) {
      EXPECT_EQ(result.positions, positions);
    }
    positions = result.positions;
    const bool fits = memory > options.cache_bytes;
    EXPECT_EQ(log.str().find("into memory for verify") != std::string::npos, fits) << log.str();
    EXPECT_NE(log.str().find("  " + pair_name(largest) + ": "), std::string::npos) << log.str();
    EXPECT_EQ(log.str().find("would exceed --memory 1.0 KiB: reading from the files (slower)\n") != std::string::npos,
              !fits)
        << log.str();
  }

  const std::vector<std::string> pair{"verify", "--tables", dir.string(), "--threads", "2", "--class",
                                      to_string(largest), "--class", to_string(largest.flipped())};
  const auto run = [&](std::vector<std::string> more) {
    std::vector<std::string> args = pair;
    args.insert(args.end(), more.begin(), more.end());
    const CommandResult cli = run_tsivy(args);
    EXPECT_EQ(cli.exit_code, 0) << join_args(args) << "\n" << cli.err;
    EXPECT_NE(cli.out.find("verified 2 classes"), std::string::npos) << cli.out;
    return cli.err;
  };
  const std::string small = run({"--memory", "1K"});
  EXPECT_NE(small.find("would exceed --memory 1.0 KiB: reading from the files (slower)"), std::string::npos) << small;
  EXPECT_EQ(small.find("into memory for verify"), std::string::npos) << small;
  const std::string large = run({"--memory", "64G"});
  EXPECT_NE(large.find("within --memory 64.00 GiB"), std::string::npos) << large;
  EXPECT_NE(large.find("into memory for verify"), std::string::npos) << large;
  const std::string forced = run({"--memory", "1K", "--resident"});
  EXPECT_NE(forced.find("as --resident asks"), std::string::npos) << forced;
  EXPECT_NE(forced.find("into memory for verify"), std::string::npos) << forced;
  // By default the limit is most of the memory this machine has free: more than the
  // 1 GiB block cache and the few megabytes of these classes.
  const std::string by_default = run({});
  EXPECT_NE(by_default.find("into memory for verify"), std::string::npos) << by_default;
}

// The statistics verify gathers from its scan are those of `stats`, figure for figure,
// with the classes on disk or resident; on the command line, the JSON lines are those
// of `stats --json`.
TEST(Verify, StatsFromItsScanAreThoseOfTheStatsCommand) {
  const std::filesystem::path& dir = reference_tables();
  const std::vector<ClassStats> expected = table_stats(TableDirectory::open(dir), StatsOptions{.threads = 2});
  for (const bool resident : {false, true}) {
    std::vector<ClassStats> gathered;
    VerifyOptions options;
    options.tables = TableDirectory::open(dir);
    options.threads = 2;
    options.resident = resident;
    options.stats = &gathered;
    ASSERT_EQ(verify_tables(options).mismatches, 0u);
    ASSERT_EQ(gathered.size(), expected.size());
    for (const ClassStats& a : gathered) {
      const auto b = std::ranges::find_if(expected, [&](const ClassStats& e) { return e.material == a.material; });
      ASSERT_NE(b, expected.end()) << to_string(a.material);
      EXPECT_EQ(a.canonical, b->canonical) << to_string(a.material);
      EXPECT_EQ(a.raw, b->raw) << to_string(a.material);
      EXPECT_EQ(a.max_depth, b->max_depth) << to_string(a.material);
      EXPECT_EQ(a.deepest_slot, b->deepest_slot) << to_string(a.material);
      EXPECT_EQ(a.deepest_us, b->deepest_us) << to_string(a.material);
      EXPECT_EQ(a.deepest_them, b->deepest_them) << to_string(a.material);
      EXPECT_EQ(a.wins_by_depth, b->wins_by_depth) << to_string(a.material);
      EXPECT_EQ(a.losses_by_depth, b->losses_by_depth) << to_string(a.material);
    }
  }

  const ScratchDir out;
  const std::string file = (out.path() / "stats.jsonl").string();
  const Material m{2, kEndToEndStones - 2};
  const CommandResult verify = run_tsivy(
      {"verify", "--tables", dir.string(), "--resident", "--class", to_string(m), "--stats-json", file});
  ASSERT_EQ(verify.exit_code, 0) << verify.err;
  const CommandResult stats = run_tsivy({"stats", "--tables", dir.string(), "--json"});
  ASSERT_EQ(stats.exit_code, 0) << stats.err;
  std::ifstream written(file);
  std::string line;
  ASSERT_TRUE(std::getline(written, line));
  EXPECT_NE(stats.out.find(line + "\n"), std::string::npos) << line;
  EXPECT_NE(line.find("\"class\":\"" + to_string(m) + "\""), std::string::npos) << line;
  EXPECT_FALSE(std::getline(written, line)) << "one class asked for, more written";
}

class VerifyChangedTable : public ::testing::Test {
 protected:
  void SetUp() override { copy_tables(reference_tables(), dir_.path()); }
  std::string dir() const { return dir_.path().string(); }
  ScratchDir dir_;
};

TEST_F(VerifyChangedTable, WdlEntryWithStaleManifestFailsOnTheChecksum) {
  const Target target = quiet_win(dir_.path(), kWdlClass);
  rewrite_entry(table_file(dir_.path(), kWdlClass, io::TableKind::wdl), target.slot, static_cast<std::uint16_t>(Outcome::draw));

  std::string errors;
  try {
    verify_class(dir_.path(), kWdlClass, errors);
    ADD_FAILURE() << "verify accepted a file that differs from its manifest entry";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--class", to_string(kWdlClass)});
  EXPECT_NE(cli.exit_code, 0);
  EXPECT_LT(cli.exit_code, 128) << "crashed";
  EXPECT_NE(cli.err.find("checksum"), std::string::npos) << cli.err;
}

TEST_F(VerifyChangedTable, WdlEntryIsCaughtByTheForwardSearch) {
  const Target target = quiet_win(dir_.path(), kWdlClass);
  rewrite_entry(table_file(dir_.path(), kWdlClass, io::TableKind::wdl), target.slot, static_cast<std::uint16_t>(Outcome::draw));
  reseal_manifest(dir_.path(), kWdlClass, Outcome::win, Outcome::draw);
  const std::string expected_line = "mismatch " + format_position(target.position) + ": stored DRAW";

  for (const bool resident : {false, true}) {
    std::string errors;
    const VerifyResult result = verify_class(dir_.path(), kWdlClass, errors, resident);
    EXPECT_EQ(result.mismatches, 1u) << errors << (resident ? " (resident)" : "");
    EXPECT_NE(errors.find(expected_line), std::string::npos) << errors;
  }

  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--class", to_string(kWdlClass)});
  EXPECT_NE(cli.exit_code, 0);
  EXPECT_LT(cli.exit_code, 128) << "crashed";
  EXPECT_NE(cli.out.find("mismatch"), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find(expected_line), std::string::npos) << cli.out;
}

// Files intact, the manifest's value counts not: verify compares the counts of its own
// scan (the statistics it publishes) with the manifest's.
TEST_F(VerifyChangedTable, ManifestValueCountsThatDifferAreAMismatch) {
  reseal_manifest(dir_.path(), kWdlClass, Outcome::win, Outcome::draw);
  const std::string expected = "mismatch " + to_string(kWdlClass) + ": value counts differ from the manifest";
  for (const bool resident : {false, true}) {
    std::string errors;
    const VerifyResult result = verify_class(dir_.path(), kWdlClass, errors, resident);
    EXPECT_EQ(result.mismatches, 1u) << errors << (resident ? " (resident)" : "");
    EXPECT_NE(errors.find(expected), std::string::npos) << errors;
  }
  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--class", to_string(kWdlClass)});
  EXPECT_NE(cli.exit_code, 0);
  EXPECT_LT(cli.exit_code, 128) << "crashed";
  EXPECT_NE(cli.out.find(expected), std::string::npos) << cli.out << cli.err;
}

TEST_F(VerifyChangedTable, DepthEntryWithStaleManifestFailsOnTheChecksum) {
  const Target target = quiet_win(dir_.path(), kDepthClass);
  rewrite_entry(table_file(dir_.path(), kDepthClass, io::TableKind::depth), target.slot,
                static_cast<std::uint16_t>(target.stored.depth + 2));

  std::string errors;
  EXPECT_THROW(verify_class(dir_.path(), kDepthClass, errors), std::runtime_error);
  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--class", to_string(kDepthClass)});
  EXPECT_NE(cli.exit_code, 0);
  EXPECT_LT(cli.exit_code, 128) << "crashed";
  EXPECT_NE(cli.err.find("checksum"), std::string::npos) << cli.err;
}

TEST_F(VerifyChangedTable, DepthEntryIsCaughtByTheForwardSearch) {
  const Target target = quiet_win(dir_.path(), kDepthClass);
  const int changed = target.stored.depth + 2;
  rewrite_entry(table_file(dir_.path(), kDepthClass, io::TableKind::depth), target.slot, static_cast<std::uint16_t>(changed));
  reseal_manifest(dir_.path(), kDepthClass, Outcome::win, Outcome::win);
  const std::string expected_line =
      "mismatch " + format_position(target.position) + ": stored WIN " + std::to_string(changed);

  // Read from the files, the entry is checked against its successors; held in memory,
  // against the value files as well (the line says what they hold).
  for (const bool resident : {false, true}) {
    std::string errors;
    const VerifyResult result = verify_class(dir_.path(), kDepthClass, errors, resident);
    EXPECT_EQ(result.mismatches, 1u) << errors;
    EXPECT_NE(errors.find(expected_line), std::string::npos) << errors;
    // The line says what the successors allow instead.
    EXPECT_NE(errors.find("LOSS " + std::to_string(target.stored.depth - 1)), std::string::npos) << errors;
    if (resident) {
      EXPECT_NE(errors.find("the value files hold " + to_string(target.stored)), std::string::npos) << errors;
    }
  }
}

// The entry of a capture position is never read (the lookup searches its captures), so
// changing it changes nothing that verify or a probe reports.
TEST_F(VerifyChangedTable, DontCareEntryOfACapturePositionIsNeverRead) {
  const MaterialIndex& index = MaterialIndex::of(kWdlClass);
  std::uint64_t slot = 0;
  Position capture;
  for (; slot < index.slots(); ++slot) {
    if (!index.is_canonical(slot)) continue;
    const auto [us, them] = index.unindex(slot);
    capture = Position{us, them, Colour::White};
    if (has_capture(capture)) break;
  }
  ASSERT_LT(slot, index.slots());
  const TableLookup before(TableDirectory::open(dir_.path()));
  const Value value = before.value(capture.us, capture.them);
  const auto stored = static_cast<Outcome>(io::TableReader(table_file(dir_.path(), kWdlClass, io::TableKind::wdl)).get(slot));
  const Outcome other = stored == Outcome::win ? Outcome::loss : Outcome::win;
  rewrite_entry(table_file(dir_.path(), kWdlClass, io::TableKind::wdl), slot, static_cast<std::uint16_t>(other));
  reseal_manifest(dir_.path(), kWdlClass, Outcome::win, Outcome::win);

  std::string errors;
  const VerifyResult result = verify_class(dir_.path(), kWdlClass, errors);
  EXPECT_EQ(result.mismatches, 0u) << errors;
  const TableLookup after(TableDirectory::open(dir_.path()));
  EXPECT_EQ(after.value(capture.us, capture.them), value);
}

// A file cut short (as by a full disk or a copy that stopped) is named in the message.
// 1v2 is verified before any other class reads its files, so the check that finds the
// damage is verify's own comparison with the manifest, whatever order it reads in.
TEST_F(VerifyChangedTable, TruncatedFileIsNamed) {
  const Material material{1, 2};
  const std::filesystem::path file = table_file(dir_.path(), material, io::TableKind::wdl);
  std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
  const std::string name = file.filename().string();

  const CommandResult cli = run_tsivy({"verify", "--tables", dir()});
  EXPECT_NE(cli.exit_code, 0);
  EXPECT_LT(cli.exit_code, 128) << "crashed";
  const std::string report = error_report(cli.err);
  EXPECT_EQ(std::count(report.begin(), report.end(), '\n'), 1) << cli.err;
  EXPECT_NE(report.find(name), std::string::npos) << cli.err;

  // With the manifest brought up to date, the table reader's own checks reject it.
  Manifest manifest = Manifest::load(dir_.path());
  ManifestClass entry = *manifest.find(material);
  entry.wdl.bytes = std::filesystem::file_size(file);
  entry.wdl.checksum = io::file_checksum(file);
  manifest.put(entry);
  manifest.save(dir_.path());
  const CommandResult resealed = run_tsivy({"verify", "--tables", dir(), "--class", to_string(material)});
  EXPECT_NE(resealed.exit_code, 0);
  EXPECT_LT(resealed.exit_code, 128) << "crashed";
  const std::string resealed_report = error_report(resealed.err);
  EXPECT_EQ(std::count(resealed_report.begin(), resealed_report.end(), '\n'), 1) << resealed.err;
  EXPECT_NE(resealed_report.find(name), std::string::npos) << resealed.err;
}

// The value files (DIR/values): verify checks each class's one turn deep, and the
// tables' quiet entries against them.
std::filesystem::path value_file(const std::filesystem::path& dir, Material material, io::TableKind kind) {
  return table_file(value_files_dir(dir), material, kind);
}

// Makes the manifest's entry for the class's value files agree with them as they now are.
void reseal_value_files(const std::filesystem::path& dir, Material material) {
  Manifest manifest = Manifest::load(dir);
  ManifestClass entry = *manifest.find(material);
  entry.values = TableDirectory::open(dir)->describe_value_files(material);
  manifest.put(entry);
  manifest.save(dir);
}

// The first canonical position of the class whose side to move has a capture: the
// tables' entry is don't-care there, the value files' is its value.
std::pair<std::uint64_t, Position> capture_position(Material material) {
  const MaterialIndex& index = MaterialIndex::of(material);
  for (std::uint64_t slot = 0; slot < index.slots(); ++slot) {
    if (!index.is_canonical(slot)) continue;
    const auto [us, them] = index.unindex(slot);
    const Position p{us, them, Colour::White};
    if (has_capture(p)) return {slot, p};
  }
  throw std::logic_error("no capture position in " + to_string(material));
}

// Changes the value files' outcome of a capture position to another one, valid in
// itself (checksums, manifest); returns the position.
Position change_capture_value(const std::filesystem::path& dir, Material material) {
  const auto [slot, position] = capture_position(material);
  const auto was = static_cast<Outcome>(io::TableReader(value_file(dir, material, io::TableKind::wdl)).get(slot));
  const Outcome now = was == Outcome::win ? Outcome::loss : Outcome::win;
  rewrite_entry(value_file(dir, material, io::TableKind::wdl), slot, static_cast<std::uint16_t>(now));
  reseal_value_files(dir, material);
  return position;
}

VerifyResult verify_all(const std::filesystem::path& dir, std::string& errors, std::string& log) {
  std::ostringstream out, progress;
  VerifyOptions options;
  options.tables = TableDirectory::open(dir);
  options.resident = true;
  options.threads = 2;
  options.errors = &out;
  options.log = &progress;
  const VerifyResult result = verify_tables(options);
  errors = out.str();
  log = progress.str();
  return result;
}

// A capture position's entry in the tables is never read, but its value in the value
// files is what the class's quiet positions and larger classes are checked against: a
// wrong one is found by checking the value files one turn deep.
TEST_F(VerifyChangedTable, ValueFileEntryOfACapturePositionIsCheckedOneTurnDeep) {
  const Position changed = change_capture_value(dir_.path(), kWdlClass);
  const std::string expected_line = "mismatch " + format_position(changed) + ": the value files hold ";
  std::string errors;
  const VerifyResult result = verify_class(dir_.path(), kWdlClass, errors, true);
  // The entry, and the value counts of the scan (of the values held) against the manifest's.
  EXPECT_EQ(result.mismatches, 2u) << errors;
  EXPECT_NE(errors.find(expected_line), std::string::npos) << errors;
  EXPECT_NE(errors.find("mismatch " + to_string(kWdlClass) + ": value counts differ from the manifest"), std::string::npos)
      << errors;

  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--class", to_string(kWdlClass)});
  EXPECT_EQ(cli.exit_code, 1) << cli.err;
  EXPECT_NE(cli.out.find(expected_line), std::string::npos) << cli.out;
  EXPECT_NE(cli.err.find("(its value files one turn deep, its table files against them)"), std::string::npos) << cli.err;
}

// A quiet position's value in the value files must equal the tables' entry (and both
// satisfy their successors): a changed depth is found, the line saying both.
TEST_F(VerifyChangedTable, ValueFileEntryOfAQuietPositionIsCheckedAgainstTheTables) {
  const Target target = quiet_win(dir_.path(), kDepthClass);
  const int changed = target.stored.depth + 2;
  rewrite_entry(value_file(dir_.path(), kDepthClass, io::TableKind::depth), target.slot,
                static_cast<std::uint16_t>(changed));
  reseal_value_files(dir_.path(), kDepthClass);
  std::string errors;
  const VerifyResult result = verify_class(dir_.path(), kDepthClass, errors, true);
  EXPECT_EQ(result.mismatches, 1u) << errors;
  EXPECT_NE(errors.find("mismatch " + format_position(target.position) + ": stored " + to_string(target.stored) +
                        ": the value files hold WIN " + std::to_string(changed) + " (WIN " + std::to_string(changed) +
                        " but the fastest lost successor is LOSS " + std::to_string(target.stored.depth - 1) + ")"),
            std::string::npos)
      << errors;
}

// Value files missing or cut short: the class's values are resolved from its table
// files by search (as every reader resolves them), its table files are checked against
// their successors as before, and larger classes whose captures reach it read it so too.
TEST_F(VerifyChangedTable, ValueFilesMissingOrCutShortFallBackToTheTables) {
  const Material reached{1, 2};  // 2v2's captures reach it
  const Material pair[] = {kWdlClass, kWdlClass.flipped()};
  std::filesystem::remove(value_file(dir_.path(), reached, io::TableKind::depth));
  std::filesystem::remove(value_file(dir_.path(), pair[0], io::TableKind::wdl));
  const std::filesystem::path cut = value_file(dir_.path(), pair[1], io::TableKind::depth);
  std::filesystem::resize_file(cut, std::filesystem::file_size(cut) / 2);

  std::string errors, log;
  const VerifyResult result = verify_all(dir_.path(), errors, log);
  EXPECT_EQ(result.mismatches, 0u) << errors;
  EXPECT_EQ(result.classes, materials_up_to(kEndToEndStones).size());
  for (const Material m : {reached, pair[0], pair[1]}) {
    EXPECT_NE(log.find("  " + to_string(m) + ": value files unusable: "), std::string::npos) << log;
    EXPECT_NE(log.find("  " + to_string(m) + ": " + std::to_string(Manifest::load(dir_.path()).find(m)->canonical) +
                       " positions, 0 mismatches, "),
              std::string::npos)
        << log;
  }
  EXPECT_NE(log.find("cannot read"), std::string::npos) << log;
  EXPECT_NE(log.find(cut.string() + ": size "), std::string::npos) << log;
  // 1v2 is resolved so again for 2v2, whose captures reach it; 2v2's own value files are read.
  std::size_t fallbacks = 0;
  for (std::size_t at = 0; (at = log.find("  1v2: value files ", at)) != std::string::npos; ++at) ++fallbacks;
  EXPECT_GE(fallbacks, 2u) << log;
  EXPECT_NE(log.find("  2v2       into memory for verify: "), std::string::npos) << log;
  EXPECT_EQ(log.find("  2v2: value files unusable"), std::string::npos) << log;
  EXPECT_NE(log.find("(its table files against their successors, values resolved by search)"), std::string::npos) << log;

  const CommandResult cli = run_tsivy({"verify", "--tables", dir(), "--threads", "2"});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.err.find("value files unusable"), std::string::npos) << cli.err;
}

// A smaller class whose value files are found wrong is not trusted later: the larger
// classes its captures reach read its values from its table files, so that the one
// wrong entry is found in its own class only (with that class's value counts).
TEST_F(VerifyChangedTable, ValueFilesFoundWrongAreNotReadForLargerClasses) {
  const Material reached{1, 2};
  const Position changed = change_capture_value(dir_.path(), reached);
  std::string errors, log;
  const VerifyResult result = verify_all(dir_.path(), errors, log);
  EXPECT_EQ(result.mismatches, 2u) << errors;
  EXPECT_NE(errors.find("mismatch 1v2: value counts differ from the manifest"), std::string::npos) << errors;
  EXPECT_NE(errors.find("mismatch " + format_position(changed) + ": the value files hold "), std::string::npos) << errors;
  EXPECT_NE(log.find("  1v2: value files not found right earlier in this run; its values are resolved from its "
                     "table files by search\n"),
            std::string::npos)
      << log;
}

}  // namespace
}  // namespace tsivy::testing
