// Don't-care entries (io/dont_care.h): the writer stores them as the block-local fill,
// never as the marker, and counts what it stored.
#include <gtest/gtest.h>

#include <vector>

#include "io/dont_care.h"
#include "io/table_reader.h"
#include "io/table_writer.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

using testing::ScratchDir;
constexpr auto U = static_cast<std::uint8_t>(Wdl::unused);

TEST(DontCare, GapBetweenEqualValuesContinuesTheRunOthersTakeTheCommonestValue) {
  // Stored: 2 at 2, 0 at 4, 0 at 7, 1 at 9, 0 at 11: 0 is the commonest.
  std::vector<std::uint8_t> block{U, U, 2, U, 0, U, U, 0, U, 1, U, 0, U};
  fill_dont_care(std::span<std::uint8_t>(block), TableKind::wdl);
  EXPECT_EQ(block, (std::vector<std::uint8_t>{0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}));
}

TEST(DontCare, StoredValuesAreNeverChanged) {
  std::vector<std::uint16_t> block{7, kDontCareDepth, 9, 9, kDontCareDepth, kDontCareDepth, 9, 3};
  fill_dont_care(std::span<std::uint16_t>(block), TableKind::depth);
  EXPECT_EQ(block, (std::vector<std::uint16_t>{7, 9, 9, 9, 9, 9, 9, 3}));
}

TEST(DontCare, BlockOfOnlyDontCaresBecomesZeros) {
  std::vector<std::uint16_t> block(5, kDontCareDepth);
  fill_dont_care(std::span<std::uint16_t>(block), TableKind::depth);
  EXPECT_EQ(block, std::vector<std::uint16_t>(5, 0));
}

TEST(DontCare, WriterFillsEachBlockOnItsOwnAndCountsWhatItStored) {
  ScratchDir dir;
  // Two blocks of 64, one stored value each: every don't-care takes its own block's
  // value (2, then 1), whatever the other block holds.
  std::vector<std::uint8_t> values(128, U);
  values[10] = 2;
  values[100] = 1;
  const TableHeader h = write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(values), {64});
  const TableReader reader(dir / "t.wdl");
  for (std::uint64_t i = 0; i < 64; ++i) EXPECT_EQ(reader.get(i), 2) << i;
  for (std::uint64_t i = 64; i < 128; ++i) EXPECT_EQ(reader.get(i), 1) << i;
  EXPECT_EQ(h.value_counts, (std::vector<std::uint64_t>{0, 64, 64, 0}));
  reader.verify();
}

TEST(DontCare, MarkerDoesNotWidenADepthTable) {
  ScratchDir dir;
  std::vector<std::uint16_t> values(1000, kDontCareDepth);
  for (std::size_t i = 0; i < values.size(); i += 7) values[i] = static_cast<std::uint16_t>(i % 90);
  const TableHeader h = write_table(dir / "t.depth", {TableKind::depth}, std::span<const std::uint16_t>(values), {256});
  EXPECT_EQ(h.bits_per_entry, 8);
  EXPECT_EQ(h.max_value, 89);
  const TableReader reader(dir / "t.depth");
  for (std::size_t i = 0; i < values.size(); i += 7) EXPECT_EQ(reader.get(i), values[i]) << i;
  reader.verify();
}

}  // namespace
}  // namespace tsivy::io
