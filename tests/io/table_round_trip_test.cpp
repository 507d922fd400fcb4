// A table read back is the table written: every entry, the header fields, for WDL
// and depth at every width, at sizes around block boundaries.
#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <numeric>

#include "io/format.h"
#include "io/table_reader.h"
#include "io/table_writer.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

using testing::random_depth;
using testing::random_wdl;
using testing::ScratchDir;

constexpr std::uint32_t kSmallBlock = 256;  // entries; small so that tests span many blocks

template <class T>
void expect_reads_back(const std::filesystem::path& file, const std::vector<T>& values, const ReaderOptions& options = {}) {
  TableReader reader(file, options);
  ASSERT_EQ(reader.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(reader.get(i), values[i]) << "entry " << i;
  std::vector<T> all(values.size());
  reader.read(0, std::span(all));
  EXPECT_EQ(all, values);
  reader.verify();
}

template <class T>
std::vector<std::uint64_t> histogram(const std::vector<T>& values, std::size_t len) {
  std::vector<std::uint64_t> h(len, 0);
  for (T v : values) ++h[v];
  return h;
}

class WdlRoundTrip : public ::testing::TestWithParam<std::size_t> {};

TEST_P(WdlRoundTrip, EveryEntryAndHeaderFieldReadsBack) {
  ScratchDir dir;
  const auto values = random_wdl(GetParam(), GetParam() + 1);
  const TableSpec spec{TableKind::wdl, 3, 2, 0x0123456789abcdefull};
  const TableHeader written = write_table(dir / "t.wdl", spec, std::span<const std::uint8_t>(values), {kSmallBlock});
  expect_reads_back(dir / "t.wdl", values);

  const TableReader reader(dir / "t.wdl");
  const TableHeader& h = reader.header();
  EXPECT_EQ(h.version, format::kVersion);
  EXPECT_EQ(h.spec.kind, TableKind::wdl);
  EXPECT_EQ(h.spec.m, 3);
  EXPECT_EQ(h.spec.n, 2);
  EXPECT_EQ(h.spec.index_scheme, 0x0123456789abcdefull);
  EXPECT_EQ(h.entry_count, values.size());
  EXPECT_EQ(h.entries_per_block, kSmallBlock);
  EXPECT_EQ(h.block_count, (values.size() + kSmallBlock - 1) / kSmallBlock);
  EXPECT_EQ(h.bits_per_entry, 2);
  EXPECT_EQ(h.value_counts, histogram(values, 4));
  EXPECT_EQ(h.max_value, values.empty() ? 0 : *std::max_element(values.begin(), values.end()));
  EXPECT_EQ(written.value_counts, h.value_counts);
}

INSTANTIATE_TEST_SUITE_P(Sizes, WdlRoundTrip,
                         ::testing::Values(0, 1, 3, 5, kSmallBlock - 1, kSmallBlock, kSmallBlock + 1, 7 * kSmallBlock,
                                           7 * kSmallBlock + 13));

class DepthRoundTrip : public ::testing::TestWithParam<std::tuple<std::size_t, std::uint16_t>> {};

TEST_P(DepthRoundTrip, EveryEntryReadsBackAtTheNarrowestWidth) {
  const auto [size, max] = GetParam();
  ScratchDir dir;
  const auto values = random_depth(size, max, size * 31 + max);
  const TableHeader h =
      write_table(dir / "t.dtm", {TableKind::depth, 4, 4, 7}, std::span<const std::uint16_t>(values), {kSmallBlock});
  EXPECT_EQ(h.bits_per_entry, size > 0 && max > 255 ? 16 : 8);
  EXPECT_EQ(h.max_value, size == 0 ? 0 : max);
  EXPECT_EQ(h.value_counts.size(), std::size_t{h.max_value} + 1);
  EXPECT_EQ(TableReader(dir / "t.dtm").header().value_counts, histogram(values, std::size_t{h.max_value} + 1));
  expect_reads_back(dir / "t.dtm", values);
}

INSTANTIATE_TEST_SUITE_P(SizesAndWidths, DepthRoundTrip,
                         ::testing::Combine(::testing::Values(0, 1, kSmallBlock, kSmallBlock + 1, 5 * kSmallBlock + 77),
                                            ::testing::Values(0, 1, 255, 256, 65534)));  // 65535 marks don't-care

TEST(TableRoundTrip, DefaultBlockSizeSpansSeveralBlocks) {
  ScratchDir dir;
  const auto wdl = random_wdl(3 * default_entries_per_block(2) + 1000, 5);
  EXPECT_EQ(write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(wdl)).block_count, 4u);
  expect_reads_back(dir / "t.wdl", wdl);
  const auto depth = random_depth(2 * default_entries_per_block(16) + 3, 300, 6);
  EXPECT_EQ(write_table(dir / "t.dtm", {TableKind::depth}, std::span<const std::uint16_t>(depth)).block_count, 3u);
  expect_reads_back(dir / "t.dtm", depth);
}

TEST(TableRoundTrip, EightBitInputAndSixteenBitInputGiveTheSameFile) {
  ScratchDir dir;
  const auto narrow = random_wdl(5000, 9);
  const std::vector<std::uint16_t> wide(narrow.begin(), narrow.end());
  write_table(dir / "a", {}, std::span<const std::uint8_t>(narrow), {kSmallBlock});
  write_table(dir / "b", {}, std::span<const std::uint16_t>(wide), {kSmallBlock});
  EXPECT_EQ(testing::read_bytes(dir / "a"), testing::read_bytes(dir / "b"));
}

TEST(TableRoundTrip, FileIsByteIdenticalForAnyThreadCount) {
  ScratchDir dir;
  const auto values = random_depth(100 * kSmallBlock + 5, 200, 3);
  write_table(dir / "one", {TableKind::depth}, std::span<const std::uint16_t>(values), {kSmallBlock, 0, 1});
  write_table(dir / "three", {TableKind::depth}, std::span<const std::uint16_t>(values), {kSmallBlock, 0, 3});
  EXPECT_EQ(testing::read_bytes(dir / "one"), testing::read_bytes(dir / "three"));
}

TEST(TableRoundTrip, ReadsAreRightWithoutACache) {
  ScratchDir dir;
  const auto values = random_wdl(10 * kSmallBlock + 1, 4);
  write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {kSmallBlock});
  expect_reads_back(dir / "t", values, ReaderOptions{0});
}

TEST(TableRoundTrip, RangeReadsCrossBlockBoundaries) {
  ScratchDir dir;
  const auto values = random_depth(6 * kSmallBlock + 10, 1000, 8);
  write_table(dir / "t", {TableKind::depth}, std::span<const std::uint16_t>(values), {kSmallBlock});
  TableReader reader(dir / "t");
  reader.get(kSmallBlock + 3);  // one block cached, the rest not: both paths in one read
  for (std::size_t first : {0ul, 1ul, 255ul, 256ul, 300ul, 1000ul}) {
    for (std::size_t n : {0ul, 1ul, 2ul, 256ul, 257ul, 700ul}) {
      if (first + n > values.size()) continue;
      std::vector<std::uint16_t> out(n);
      reader.read(first, std::span(out));
      EXPECT_TRUE(std::equal(out.begin(), out.end(), values.begin() + static_cast<std::ptrdiff_t>(first)))
          << first << "+" << n;
    }
  }
}

TEST(TableRoundTrip, WdlRangeReadsAtEveryAlignment) {
  ScratchDir dir;
  const auto values = random_wdl(3 * kSmallBlock + 7, 21);
  write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {kSmallBlock});
  const TableReader reader(dir / "t", ReaderOptions{0});
  for (std::size_t first = 0; first < 9; ++first) {
    for (std::size_t end : {first, first + 1, first + 3, first + 4, first + 9, std::size_t{kSmallBlock} + 2,
                            values.size() - 1, values.size()}) {
      std::vector<std::uint8_t> out(end - first);
      reader.read(first, std::span(out));
      EXPECT_TRUE(std::equal(out.begin(), out.end(), values.begin() + static_cast<std::ptrdiff_t>(first)))
          << first << ".." << end;
    }
  }
}

TEST(TableRoundTrip, WdlCodesReadIntoBytes) {
  ScratchDir dir;
  const auto values = random_wdl(1001, 11);
  write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {kSmallBlock});
  std::vector<std::uint8_t> out(values.size());
  TableReader(dir / "t").read(0, std::span(out));
  EXPECT_EQ(out, values);
}

TEST(TableRoundTrip, SixteenBitTableRefusesEightBitOutput) {
  ScratchDir dir;
  const auto values = random_depth(10, 300, 1);
  write_table(dir / "t", {TableKind::depth}, std::span<const std::uint16_t>(values));
  std::vector<std::uint8_t> out(10);
  EXPECT_THROW(TableReader(dir / "t").read(0, std::span(out)), std::invalid_argument);
}

TEST(TableRoundTrip, EntryPastTheEndIsAnError) {
  ScratchDir dir;
  const auto values = random_wdl(300, 2);
  write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {kSmallBlock});
  TableReader reader(dir / "t");
  EXPECT_NO_THROW(reader.get(299));
  EXPECT_THROW(reader.get(300), std::out_of_range);
  EXPECT_THROW(reader.get(~0ull), std::out_of_range);
  std::vector<std::uint8_t> out(2);
  EXPECT_THROW(reader.read(299, std::span(out)), std::out_of_range);
  EXPECT_THROW(reader.read(~0ull, std::span(out)), std::out_of_range);
  try {
    reader.get(300);
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("entry 300"), std::string::npos) << e.what();
  }
}

TEST(TableRoundTrip, WdlValueAboveThreeIsRefused) {
  ScratchDir dir;
  const std::vector<std::uint8_t> values = {0, 1, 2, 4};
  EXPECT_THROW(write_table(dir / "t", {}, std::span<const std::uint8_t>(values)), std::invalid_argument);
  EXPECT_TRUE(dir.names().empty());
}

TEST(TableRoundTrip, FileChecksumIsXxHash64OfTheBytes) {
  ScratchDir dir;
  const auto values = random_wdl(5000, 12);
  write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {kSmallBlock});
  const auto bytes = testing::read_bytes(dir / "t");
  EXPECT_EQ(file_checksum(dir / "t"), XXH64(bytes.data(), bytes.size(), 0));
  EXPECT_THROW(file_checksum(dir / "missing"), TableError);
}

}  // namespace
}  // namespace tsivy::io
