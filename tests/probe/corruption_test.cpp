// Every damage of the io suite (truncation, flipped bytes in the header, the block
// index and the blocks, a file of another class or kind under a class's name, a
// missing file, a directory without manifest or with a damaged one) reaches the C API as its status code
// and a message naming the file; nothing crashes and no value comes from a bad block.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <random>
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
  damage(kDepth, [](auto& b) { b.resize(b.size() - 3); });
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

TEST_F(DamagedTables, CorruptFileIsLoggedAsAnError) {
  damage(kWdl, [](auto& b) { b.resize(50); });
  std::vector<std::string> log;
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open_logged(
                dir_.path().c_str(), 0,
                [](void* user, int level, const char* message) {
                  static_cast<std::vector<std::string>*>(user)->push_back(std::to_string(level) + " " + message);
                },
                &log, &t),
            TSIVY_OK);
  std::mt19937_64 rng(5);
  int failures = 0;
  for (int i = 0; i < 200; ++i) {
    const RandomPosition p = random_position(rng, kUs, kThem);
    int wdl;
    failures += tsivy_probe(t, p.us, p.them, &wdl, nullptr) != TSIVY_OK;
  }
  tsivy_close(t);
  ASSERT_GT(failures, 0);
  bool logged = false;
  for (const std::string& line : log) logged |= line.rfind("2 ", 0) == 0 && line.find(kWdl) != std::string::npos;
  EXPECT_TRUE(logged);
}

}  // namespace
}  // namespace tsivy::testing
