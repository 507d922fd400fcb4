// Every damage of the io suite (truncation, flipped bytes in the header, the block
// index and the blocks, a file of another class or kind under a class's name, a
// missing file, a directory without manifest or with a damaged one) reaches the C API as its status code
// and a message naming the file; nothing crashes and no value comes from a bad block.
// What is cheap to check is found at open and makes its class unavailable; a file found
// damaged later is marked bad once; tsivy_check reads everything.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "io/format.h"
#include "probe_test_support.h"
#include "tsivy/tsivy.h"

namespace tsivy::testing {
namespace {

// The largest class of the tables, damaged in each test, and its files.
constexpr int kUs = kTableStones / 2, kThem = kTableStones - kTableStones / 2;
const std::string kClass = std::to_string(kUs) + "v" + std::to_string(kThem);
const std::string kWdl = kClass + ".wdl.tsivy", kDepth = kClass + ".depth.tsivy";

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

struct Failure {
  int status = TSIVY_OK;
  std::string message;
};

void collect_log(void* user, int level, const char* message) {
  static_cast<std::vector<std::string>*>(user)->push_back(std::to_string(level) + " " + message);
}

class DamagedTables : public ::testing::Test {
 protected:
  void SetUp() override { copy_tables(dir_.path()); }

  void damage(const std::string& file, const std::function<void(std::vector<std::uint8_t>&)>& change) {
    auto bytes = read_bytes(dir_ / file);
    change(bytes);
    write_bytes(dir_ / file, bytes);
  }

  // Opens the damaged directory and probes random positions of the damaged class
  // (and their turns) until one fails; the first failure, or OK when none did.
  Failure probe_damaged_class() {
    tsivy_tables* t = nullptr;
    if (const int s = tsivy_open(dir_.path().c_str(), 1 << 16, &t); s != TSIVY_OK) return {s, tsivy_last_error()};
    std::mt19937_64 rng(3);
    Failure f;
    for (int i = 0; i < 4000 && f.status == TSIVY_OK; ++i) {
      const RandomPosition p = random_position(rng, kUs, kThem);
      int wdl, depth;
      if (const int s = tsivy_probe(t, p.us, p.them, &wdl, &depth); s != TSIVY_OK) f = {s, tsivy_last_error()};
    }
    tsivy_close(t);
    return f;
  }

  std::uint64_t block_index_at() const {
    const auto bytes = read_bytes(dir_ / kWdl);
    return io::format::block_index_offset(io::format::load_le<std::uint32_t>(&bytes[io::format::kValueCountsLenAt]));
  }

  ScratchDir dir_;
};

#define EXPECT_FAILURE(failure, code, text)                                                  \
  do {                                                                                       \
    const Failure f_ = (failure);                                                            \
    EXPECT_EQ(f_.status, code) << tsivy_status_name(f_.status) << ": " << f_.message;        \
    EXPECT_NE(f_.message.find(text), std::string::npos) << f_.message << "\nexpected: " << (text); \
  } while (0)

TEST_F(DamagedTables, UndamagedCopyProbesCleanly) { EXPECT_EQ(probe_damaged_class().status, TSIVY_OK); }

TEST_F(DamagedTables, TruncatedInsideTheHeaderIsCorrupt) {
  damage(kWdl, [](auto& b) { b.resize(50); });
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, kWdl + ": truncated");
}

TEST_F(DamagedTables, TruncatedInsideABlockIsCorrupt) {
  damage(kDepth, [](auto& b) { b.erase(b.end() - 3, b.end()); });
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, kDepth + ": truncated");
}

TEST_F(DamagedTables, FlippedHeaderByteIsCorrupt) {
  damage(kWdl, [](auto& b) { b[io::format::kEntryCountAt] ^= 0x01; });
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, "header checksum mismatch");
}

TEST_F(DamagedTables, FlippedBlockIndexByteIsCorrupt) {
  const std::uint64_t at = block_index_at() + 2;
  damage(kWdl, [at](auto& b) { b[at] ^= 0x40; });
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, kWdl + ": metadata checksum mismatch");
}

TEST_F(DamagedTables, FlippedByteInEveryBlockIsCorrupt) {
  for (const std::string& file : {kWdl, kDepth}) {
    damage(file, [](auto& b) {
      using namespace io::format;
      const auto blocks = load_le<std::uint32_t>(&b[kBlockCountAt]);
      const auto index = block_index_offset(load_le<std::uint32_t>(&b[kValueCountsLenAt]));
      for (std::uint32_t k = 0; k < blocks; ++k) b[load_le<std::uint64_t>(&b[index + kIndexEntrySize * k]) + 3] ^= 0x10;
    });
  }
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, "checksum mismatch");
}

TEST_F(DamagedTables, FileOfAnotherClassUnderTheNameIsCorrupt) {
  const std::string other = std::to_string(kTableStones - 1) + "v1.wdl.tsivy";
  std::filesystem::copy_file(dir_ / other, dir_ / kWdl, std::filesystem::copy_options::overwrite_existing);
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, kWdl);
}

TEST_F(DamagedTables, FileOfTheOtherKindUnderTheNameIsCorrupt) {
  std::filesystem::copy_file(dir_ / kDepth, dir_ / kWdl, std::filesystem::copy_options::overwrite_existing);
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_CORRUPT, kWdl);
}

TEST_F(DamagedTables, MissingFileIsTableMissingAndListedAtOpen) {
  std::filesystem::remove(dir_ / kDepth);
  std::vector<std::string> log;
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open_logged(
                dir_.path().c_str(), 0,
                [](void* user, int level, const char* message) {
                  static_cast<std::vector<std::string>*>(user)->push_back(std::to_string(level) + " " + message);
                },
                &log, &t),
            TSIVY_OK);
  EXPECT_EQ(tsivy_max_stones(t), kTableStones - 1);
  std::vector<tsivy_class> classes(64);
  std::size_t n = 0;
  ASSERT_EQ(tsivy_classes(t, classes.data(), classes.size(), &n), TSIVY_OK);
  bool listed = false;
  for (std::size_t k = 0; k < n; ++k)
    if (classes[k].us_stones == kUs && classes[k].them_stones == kThem) {
      listed = true;
      EXPECT_EQ(classes[k].has_wdl, 1);
      EXPECT_EQ(classes[k].has_depth, 0);
    }
  EXPECT_TRUE(listed);
  bool warned = false;
  for (const std::string& line : log) warned |= line.rfind("1 ", 0) == 0 && line.find(kClass) != std::string::npos;
  EXPECT_TRUE(warned) << "no warning about " << kClass;
  tsivy_close(t);
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_TABLE_MISSING, kDepth);
}

TEST_F(DamagedTables, DirectoryWithoutManifestIsRefused) {
  std::filesystem::remove(dir_ / "manifest.json");
  EXPECT_FAILURE(probe_damaged_class(), TSIVY_ERROR_NO_TABLES, "manifest");
}

// tsivy.h: an unreadable manifest is TSIVY_ERROR_TABLE_CORRUPT at open, whatever the
// table files hold: not JSON, JSON of another shape, a manifest cut short.
TEST_F(DamagedTables, ManifestThatIsNoManifestIsCorrupt) {
  const auto manifest = read_bytes(dir_ / "manifest.json");
  for (const std::string& text : {std::string("garbage"), std::string("{\"version\": 1}"),
                                  std::string(manifest.begin(), manifest.begin() + manifest.size() / 2)}) {
    write_bytes(dir_ / "manifest.json", std::vector<std::uint8_t>(text.begin(), text.end()));
    tsivy_tables* t = nullptr;
    EXPECT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_ERROR_TABLE_CORRUPT) << text;
    EXPECT_EQ(t, nullptr);
    EXPECT_NE(std::string(tsivy_last_error()).find("manifest.json"), std::string::npos) << tsivy_last_error();
  }
  write_bytes(dir_ / "manifest.json", manifest);  // the intact one opens again
  tsivy_tables* t = nullptr;
  EXPECT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_OK);
  tsivy_close(t);
}

// tsivy_open checks headers and block indexes: a file cut short, of another class, or
// with a damaged header is found at open, with the file named, and makes its class
// unavailable as a missing file does (tsivy_classes says so, a probe of it is refused
// naming why); every other class answers. The largest class is reached by no other
// class's captures within the tables, so only it is lost.
TEST_F(DamagedTables, ADamagedFileMakesOnlyItsClassUnavailable) {
  const std::vector<std::pair<std::string, std::function<void(std::vector<std::uint8_t>&)>>> damages{
      {"truncated", [](auto& b) { b.erase(b.end() - 3, b.end()); }},
      {"header checksum mismatch", [](auto& b) { b[io::format::kEntryCountAt] ^= 0x01; }},
  };
  for (const std::string& file : {kWdl, kDepth}) {
    for (const auto& [what, change] : damages) {
      copy_tables(dir_.path());
      damage(file, change);
      std::vector<std::string> log;
      tsivy_tables* t = nullptr;
      ASSERT_EQ(tsivy_open_logged(dir_.path().c_str(), 0, collect_log, &log, &t), TSIVY_OK) << file << ": " << tsivy_last_error();
      std::vector<tsivy_class> classes(64);
      std::size_t count = 0;
      ASSERT_EQ(tsivy_classes(t, classes.data(), classes.size(), &count), TSIVY_OK);
      for (std::size_t k = 0; k < count; ++k) {
        const tsivy_class& c = classes[k];
        const bool damaged = c.us_stones == kUs && c.them_stones == kThem;
        EXPECT_EQ(c.answers_depth, damaged ? 0 : 1) << c.us_stones << "v" << c.them_stones << ", " << file;
        EXPECT_EQ(c.answers_wdl, damaged && file == kWdl ? 0 : 1) << c.us_stones << "v" << c.them_stones << ", " << file;
      }
      EXPECT_EQ(tsivy_max_stones(t), kTableStones - 1) << file;
      const auto logged = [&](const std::string& text) {
        return std::ranges::any_of(log, [&](const std::string& line) { return line.find(text) != std::string::npos; });
      };
      EXPECT_TRUE(logged(file + ": " + what)) << file << ": " << what;
      EXPECT_TRUE(logged("class " + kClass + " unavailable")) << file << ": " << what;
      // A smaller class answers; the damaged one is refused, naming the file and why.
      std::mt19937_64 rng(11);
      const RandomPosition small = random_position(rng, 1, 2);
      int wdl, depth;
      EXPECT_EQ(tsivy_probe(t, small.us, small.them, &wdl, &depth), TSIVY_OK) << tsivy_last_error();
      const RandomPosition lost = random_position(rng, kUs, kThem);
      EXPECT_EQ(tsivy_probe(t, lost.us, lost.them, &wdl, &depth), TSIVY_ERROR_TABLE_CORRUPT) << file;
      EXPECT_NE(std::string(tsivy_last_error()).find(file + ": " + what), std::string::npos) << tsivy_last_error();
      tsivy_close(t);
      // tsivy_check reports the damaged file and fails.
      EXPECT_EQ(tsivy_check(dir_.path().c_str(), nullptr, nullptr), TSIVY_ERROR_TABLE_CORRUPT) << file << ": " << what;
    }
  }
}

// A file of another class under a class's name is found at open in the same way.
TEST_F(DamagedTables, AMisnamedFileMakesItsClassUnavailable) {
  std::filesystem::copy_file(dir_ / "1v2.wdl.tsivy", dir_ / kWdl, std::filesystem::copy_options::overwrite_existing);
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(tsivy_max_stones_wdl(t), kTableStones - 1);
  std::mt19937_64 rng(13);
  const RandomPosition lost = random_position(rng, kUs, kThem);
  int wdl;
  EXPECT_EQ(tsivy_probe_wdl(t, lost.us, lost.them, &wdl), TSIVY_ERROR_TABLE_CORRUPT);
  EXPECT_NE(std::string(tsivy_last_error()).find("expected " + kClass), std::string::npos) << tsivy_last_error();
  tsivy_close(t);
}

// Damaged blocks (found only by reading them) in every block of the class's WDL file.
void damage_every_block(std::vector<std::uint8_t>& b) {
  using namespace io::format;
  const auto blocks = load_le<std::uint32_t>(&b[kBlockCountAt]);
  const auto index = block_index_offset(load_le<std::uint32_t>(&b[kValueCountsLenAt]));
  for (std::uint32_t k = 0; k < blocks; ++k) b[load_le<std::uint64_t>(&b[index + kIndexEntrySize * k]) + 3] ^= 0x10;
}

// A file found damaged by a probe is logged once, as an error, however many probes
// meet it afterwards; they all fail with the same status and message.
TEST_F(DamagedTables, DamagedFileIsLoggedOnceNotOncePerProbe) {
  damage(kWdl, damage_every_block);
  std::vector<std::string> log;
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open_logged(dir_.path().c_str(), 0, collect_log, &log, &t), TSIVY_OK);
  log.clear();
  std::mt19937_64 rng(5);
  int failures = 0;
  std::set<std::string> messages;
  for (int i = 0; i < 200; ++i) {
    const RandomPosition p = random_position(rng, kUs, kThem);
    int wdl;
    if (const int s = tsivy_probe(t, p.us, p.them, &wdl, nullptr); s != TSIVY_OK) {
      EXPECT_EQ(s, TSIVY_ERROR_TABLE_CORRUPT);
      messages.insert(tsivy_last_error());
      ++failures;
    }
  }
  tsivy_close(t);
  ASSERT_GT(failures, 1);
  EXPECT_EQ(messages.size(), 1u);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].rfind("2 ", 0), 0u) << log[0];
  EXPECT_NE(log[0].find(kWdl), std::string::npos) << log[0];
}

// A file marked bad is not read again: repairing it on disk changes nothing for the
// open handle (every probe used to re-read, and re-open, the damaged file).
TEST_F(DamagedTables, FileMarkedBadIsNotReadAgain) {
  const auto intact = read_bytes(dir_ / kWdl);
  damage(kWdl, damage_every_block);
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_OK);
  std::mt19937_64 rng(7);
  RandomPosition failed;
  int wdl;
  for (int i = 0; i < 1000; ++i) {
    const RandomPosition p = random_position(rng, kUs, kThem);
    if (tsivy_probe(t, p.us, p.them, &wdl, nullptr) == TSIVY_ERROR_TABLE_CORRUPT) {
      failed = p;
      break;
    }
  }
  ASSERT_NE(failed.us, 0u) << "no probe met the damaged blocks";
  write_bytes(dir_ / kWdl, intact);
  EXPECT_EQ(tsivy_probe(t, failed.us, failed.them, &wdl, nullptr), TSIVY_ERROR_TABLE_CORRUPT);
  tsivy_close(t);
  ASSERT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_OK);  // a new handle reads the repaired file
  EXPECT_EQ(tsivy_probe(t, failed.us, failed.them, &wdl, nullptr), TSIVY_OK) << tsivy_last_error();
  tsivy_close(t);
}

std::vector<tsivy_check_progress> run_check(const std::filesystem::path& dir, int& status) {
  struct Seen {
    std::vector<tsivy_check_progress> reports;
    std::vector<std::string> files, messages;  // the strings live only during the call
  } seen;
  status = tsivy_check(
      dir.c_str(),
      [](void* user, const tsivy_check_progress* p) {
        auto& s = *static_cast<Seen*>(user);
        s.reports.push_back(*p);
        s.files.push_back(p->file);
        s.messages.push_back(p->message);
      },
      &seen);
  for (std::size_t k = 0; k < seen.reports.size(); ++k) {
    seen.reports[k].file = nullptr;
    seen.reports[k].message = seen.messages[k].empty() ? "" : "set";
  }
  // Every table file, in order, with the bytes adding up to the whole directory.
  std::size_t expected = 0;
  for (int s = 2; s <= kTableStones; ++s) expected += 2 * static_cast<std::size_t>(s - 1);
  EXPECT_EQ(seen.reports.size(), expected);
  for (std::size_t k = 0; k < seen.reports.size(); ++k) {
    EXPECT_EQ(seen.reports[k].files_done, k + 1);
    EXPECT_EQ(seen.reports[k].files_total, expected);
    if (k) {
      EXPECT_GE(seen.reports[k].bytes_done, seen.reports[k - 1].bytes_done);
    }
  }
  if (!seen.reports.empty()) {
    EXPECT_EQ(seen.reports.back().bytes_done, seen.reports.back().bytes_total);
    EXPECT_EQ(seen.files.front(), (dir / "1v1.wdl.tsivy").string());
  }
  return seen.reports;
}

TEST_F(DamagedTables, CheckPassesSoundTablesAndReportsEveryFile) {
  int status = -1;
  const auto reports = run_check(dir_.path(), status);
  EXPECT_EQ(status, TSIVY_OK) << tsivy_last_error();
  for (const tsivy_check_progress& r : reports) EXPECT_EQ(r.status, TSIVY_OK);
  EXPECT_EQ(tsivy_check(nullptr, nullptr, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_check("/nonexistent/tsivy-tables", nullptr, nullptr), TSIVY_ERROR_NO_TABLES);
}

// The damage tsivy_open cannot see (a block's bytes) tsivy_check finds, names, and goes
// on past it.
TEST_F(DamagedTables, CheckFindsDamagedBlocksAndGoesOn) {
  damage(kWdl, [](auto& b) {
    using namespace io::format;
    const auto index = block_index_offset(load_le<std::uint32_t>(&b[kValueCountsLenAt]));
    b[load_le<std::uint64_t>(&b[index]) + 1] ^= 0x04;  // the first block only
  });
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir_.path().c_str(), 0, &t), TSIVY_OK);  // too costly to find at open
  tsivy_close(t);
  int status = TSIVY_OK;
  const auto reports = run_check(dir_.path(), status);
  EXPECT_EQ(status, TSIVY_ERROR_TABLE_CORRUPT);
  EXPECT_NE(std::string(tsivy_last_error()).find(kWdl + ": block 0 checksum mismatch"), std::string::npos)
      << tsivy_last_error();
  int bad = 0;
  for (const tsivy_check_progress& r : reports) bad += r.status != TSIVY_OK;
  EXPECT_EQ(bad, 1);
}

TEST_F(DamagedTables, CheckFindsAFileTheManifestListsMissing) {
  std::filesystem::remove(dir_ / kDepth);
  int status = TSIVY_OK;
  run_check(dir_.path(), status);
  EXPECT_EQ(status, TSIVY_ERROR_TABLE_MISSING);
  EXPECT_NE(std::string(tsivy_last_error()).find(kDepth), std::string::npos) << tsivy_last_error();
}

}  // namespace
}  // namespace tsivy::testing
