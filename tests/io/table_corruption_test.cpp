// A damaged file is a TableError that names the file and what is wrong; never a
// crash, a hang or a wrong value.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <random>

#include "io/format.h"
#include "io/table_reader.h"
#include "io/table_writer.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

using testing::read_bytes;
using testing::reseal;
using testing::write_bytes;

constexpr std::uint32_t kBlock = 1024;   // entries
constexpr std::size_t kEntries = 10 * kBlock + 100;  // 11 blocks

class DamagedTable : public ::testing::Test {
 protected:
  void SetUp() override {
    values_ = testing::random_wdl(kEntries, 77);
    write_table(good_, {TableKind::wdl, 2, 3, 42}, std::span<const std::uint8_t>(values_), {kBlock});
    bytes_ = read_bytes(good_);
  }

  // Writes `bytes` as the damaged file and returns the message opening (and, if that
  // succeeds, verifying) it raises; fails the test when nothing is raised.
  std::string open_error(const std::vector<std::uint8_t>& bytes) {
    write_bytes(bad_, bytes);
    try {
      TableReader(bad_).verify();
    } catch (const TableError& e) {
      EXPECT_EQ(e.file(), bad_);
      EXPECT_EQ(std::string(e.what()).rfind(bad_.string() + ": ", 0), 0u) << e.what();
      return e.what();
    }
    ADD_FAILURE() << "damaged file accepted";
    return {};
  }

  std::uint64_t data_offset() const { return format::data_offset(format::kWdlValueCounts, 11); }
  std::uint64_t block_offset(std::size_t b) const {
    return format::load_le<std::uint64_t>(&bytes_[format::kHeaderSize + 8 * format::kWdlValueCounts +
                                                  format::kIndexEntrySize * b]);
  }

  testing::ScratchDir dir_;
  std::filesystem::path good_ = dir_ / "good.wdl", bad_ = dir_ / "bad.wdl";
  std::vector<std::uint8_t> values_, bytes_;
};

#define EXPECT_MENTIONS(message, text) \
  EXPECT_NE((message).find(text), std::string::npos) << "message: " << (message) << "\nexpected: " << (text)

TEST_F(DamagedTable, TruncatedInsideTheHeader) {
  for (std::size_t cut : {0ul, 1ul, 8ul, 50ul, 127ul}) {
    const std::string m = open_error({bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(cut)});
    EXPECT_MENTIONS(m, "truncated");
    EXPECT_MENTIONS(m, "shorter than the 128-byte header");
  }
}

TEST_F(DamagedTable, TruncatedInsideTheBlockIndex) {
  for (std::uint64_t cut : {std::uint64_t{128}, std::uint64_t{140}, data_offset() - 1}) {
    const std::string m = open_error({bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(cut)});
    EXPECT_MENTIONS(m, "truncated");
    EXPECT_MENTIONS(m, "block index end");
  }
}

TEST_F(DamagedTable, TruncatedInsideABlock) {
  for (std::uint64_t cut : {bytes_.size() - 1, block_offset(10) + 1, block_offset(5) + 3}) {
    const std::string m = open_error({bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(cut)});
    EXPECT_MENTIONS(m, "truncated");
    EXPECT_MENTIONS(m, "runs past the end of the file");
  }
}

TEST_F(DamagedTable, TruncatedAtABlockBoundary) {
  const std::string m = open_error({bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(block_offset(10))});
  EXPECT_MENTIONS(m, "block 10 offset");
  EXPECT_MENTIONS(m, "past the end of the file");
}

TEST_F(DamagedTable, TrailingBytesAfterTheLastBlock) {
  auto b = bytes_;
  b.push_back(0);
  EXPECT_MENTIONS(open_error(b), "1 bytes after the last block");
}

TEST_F(DamagedTable, BitFlipInABlockFailsItsChecksum) {
  auto b = bytes_;
  b[block_offset(3) + 5] ^= 0x10;
  write_bytes(bad_, b);
  TableReader reader(bad_);  // the index is intact: opening succeeds
  EXPECT_EQ(reader.get(0), values_[0]);
  EXPECT_EQ(reader.get(4 * kBlock), values_[4 * kBlock]);
  try {
    reader.get(3 * kBlock + 7);
    ADD_FAILURE() << "damaged block read";
  } catch (const TableError& e) {
    EXPECT_MENTIONS(std::string(e.what()), bad_.string() + ": block 3 checksum mismatch");
  }
  std::vector<std::uint8_t> all(kEntries);
  EXPECT_THROW(reader.read(0, std::span(all)), TableError);
  EXPECT_MENTIONS(open_error(b), "block 3 checksum mismatch");
}

TEST_F(DamagedTable, BitFlipInTheHeaderFailsItsChecksum) {
  auto b = bytes_;
  b[format::kEntryCountAt] ^= 0x01;
  EXPECT_MENTIONS(open_error(b), "header checksum mismatch");
}

TEST_F(DamagedTable, EveryHeaderAndIndexBitFlipIsRejected) {
  for (std::size_t at = 0; at < data_offset(); ++at) {
    auto b = bytes_;
    b[at] ^= static_cast<std::uint8_t>(1u << (at % 8));
    EXPECT_FALSE(open_error(b).empty()) << "byte " << at;
  }
}

TEST_F(DamagedTable, BitFlipInTheBlockIndexFailsTheMetadataChecksum) {
  auto b = bytes_;
  b[format::kHeaderSize + 8 * format::kWdlValueCounts + 3] ^= 0x80;
  EXPECT_MENTIONS(open_error(b), "metadata checksum mismatch");
}

TEST_F(DamagedTable, WrongMagic) {
  auto b = bytes_;
  b[0] = 'X';
  EXPECT_MENTIONS(open_error(b), "bad magic");
}

TEST_F(DamagedTable, WrongVersion) {
  auto b = bytes_;
  format::store_le<std::uint16_t>(&b[format::kVersionAt], 3);
  EXPECT_MENTIONS(open_error(b), "unsupported format version 3");
  reseal(b);  // a file of a later version is refused whatever its checksum
  EXPECT_MENTIONS(open_error(b), "unsupported format version 3");
}

TEST_F(DamagedTable, VersionOneIsRefusedWithAWordOnWhy) {
  auto b = bytes_;
  format::store_le<std::uint16_t>(&b[format::kVersionAt], 1);
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "format version 1");
  EXPECT_MENTIONS(open_error(b), "generate the tables again");
}

TEST_F(DamagedTable, BlockOffsetPastTheEndOfTheFile) {
  auto b = bytes_;
  format::store_le<std::uint64_t>(&b[format::kHeaderSize + 8 * format::kWdlValueCounts + format::kIndexEntrySize * 4],
                                  b.size() + 4096);
  reseal(b);
  const std::string m = open_error(b);
  EXPECT_MENTIONS(m, "block 4 offset " + std::to_string(b.size() + 4096));
  EXPECT_MENTIONS(m, "past the end of the file (" + std::to_string(b.size()) + " bytes)");
}

TEST_F(DamagedTable, BlockOffsetOutOfOrder) {
  auto b = bytes_;
  format::store_le<std::uint64_t>(&b[format::kHeaderSize + 8 * format::kWdlValueCounts + format::kIndexEntrySize * 2],
                                  block_offset(1));
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "block 2 offset " + std::to_string(block_offset(1)) + " does not follow");
}

TEST_F(DamagedTable, EntryCountInconsistentWithBlockCount) {
  auto b = bytes_;
  format::store_le<std::uint64_t>(&b[format::kEntryCountAt], 20 * kBlock);
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "block count 11 does not match entry count 20480");
}

TEST_F(DamagedTable, ValueCountsThatDoNotSumToTheEntryCount) {
  auto b = bytes_;
  b[format::kHeaderSize] ^= 1;
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "value counts sum to");
}

TEST_F(DamagedTable, ValueCountsThatDoNotMatchTheBlocks) {
  auto b = bytes_;
  // Move one count from LOSS to DRAW: the sum still matches; only verify can tell.
  const auto loss = format::load_le<std::uint64_t>(&b[format::kHeaderSize]);
  const auto draw = format::load_le<std::uint64_t>(&b[format::kHeaderSize + 8]);
  format::store_le<std::uint64_t>(&b[format::kHeaderSize], loss - 1);
  format::store_le<std::uint64_t>(&b[format::kHeaderSize + 8], draw + 1);
  reseal(b);
  write_bytes(bad_, b);
  EXPECT_NO_THROW(TableReader{bad_});
  EXPECT_MENTIONS(open_error(b), "value counts do not match the blocks: value 0 occurs");
}

TEST_F(DamagedTable, BadEntriesPerBlock) {
  auto b = bytes_;
  format::store_le<std::uint32_t>(&b[format::kEntriesPerBlockAt], 0);
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "entries per block 0");
}

TEST_F(DamagedTable, BitsPerEntryThatDoNotFitTheKind) {
  auto b = bytes_;
  b[format::kBitsPerEntryAt] = 8;
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "bits per entry 8");
}

TEST_F(DamagedTable, UnknownKind) {
  auto b = bytes_;
  b[format::kKindAt] = 7;
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "unknown table kind 7");
}

TEST_F(DamagedTable, BlockThatDoesNotDecompressToItsSize) {
  // Replace the last block by a valid frame of the wrong size, with a matching checksum.
  auto b = bytes_;
  std::vector<std::uint8_t> other;
  {
    const std::vector<std::uint8_t> few(7 * 4, 1);  // 7 bytes packed, the last block has 25
    write_table(dir_ / "few", {}, std::span<const std::uint8_t>(few));
    const auto f = read_bytes(dir_ / "few");
    other.assign(f.begin() + static_cast<std::ptrdiff_t>(format::data_offset(4, 1)), f.end());
  }
  b.resize(block_offset(10));
  b.insert(b.end(), other.begin(), other.end());
  std::uint8_t* entry = &b[format::kHeaderSize + 8 * format::kWdlValueCounts + format::kIndexEntrySize * 10];
  format::store_le<std::uint32_t>(entry + 8, static_cast<std::uint32_t>(other.size()));
  format::store_le<std::uint64_t>(entry + 16, format::checksum(other));
  reseal(b);
  EXPECT_MENTIONS(open_error(b), "block 10 decompresses to 7 bytes, expected 25");
}

TEST_F(DamagedTable, MissingFileAndDirectoryAreErrors) {
  EXPECT_THROW(TableReader(dir_ / "missing"), TableError);
  try {
    TableReader{dir_.path()};
    ADD_FAILURE();
  } catch (const TableError& e) {
    EXPECT_MENTIONS(std::string(e.what()), "not a regular file");
  }
}

TEST_F(DamagedTable, FifoIsRefusedWithoutHanging) {
  const auto fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THROW(TableReader{fifo}, TableError);
}

// Random damage, re-sealed or not, must always end in TableError or a correct read.
TEST_F(DamagedTable, RandomDamageEndsInTableErrorOrTheValuesWritten) {
  std::mt19937_64 rng(2024);
  int read_whole = 0;
  for (int round = 0; round < 300; ++round) {
    auto b = bytes_;
    const int flips = 1 + static_cast<int>(rng() % 4);
    // Mostly in the header and index, where parsing happens.
    for (int k = 0; k < flips; ++k) {
      const std::size_t at = rng() % 2 ? rng() % data_offset() : rng() % b.size();
      b[at] = static_cast<std::uint8_t>(rng());
    }
    if (rng() % 2) reseal(b);
    if (rng() % 4 == 0) b.resize(rng() % b.size());
    write_bytes(bad_, b);
    try {
      TableReader reader(bad_, ReaderOptions{kBlock});
      reader.verify();
      ASSERT_EQ(reader.size(), kEntries) << "round " << round;
      for (std::uint64_t i = 0; i < reader.size(); i += 97)
        ASSERT_EQ(reader.get(i), values_[i]) << "round " << round << ", entry " << i;
      std::vector<std::uint8_t> all(kEntries);
      reader.read(0, std::span(all));
      ASSERT_EQ(all, values_) << "round " << round;
      ++read_whole;
    } catch (const TableError&) {
    }
  }
  // Some rounds' damage passes every check (re-sealed, in a field the values do not
  // depend on): they check the values; without any, this would only check that
  // nothing crashes.
  EXPECT_GT(read_whole, 0);
}

}  // namespace
}  // namespace tsivy::io
