// TableListing on directories of empty files named as table files: it only looks at
// which files are there, never into them.
#include "table_dir/listing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "table_dir/table_paths.h"
#include "tests/io/io_test_support.h"

namespace tsivy {
namespace {

using io::testing::ScratchDir;

void touch(const std::filesystem::path& file) { std::ofstream(file).put('\0'); }

void touch_complete_up_to(const std::filesystem::path& dir, int stones) {
  for (const Material m : materials_up_to(stones)) {
    touch(table_file(dir, m, io::TableKind::wdl));
    touch(table_file(dir, m, io::TableKind::depth));
  }
}

TEST(TableListing, EmptyDirectoryHoldsNothing) {
  const ScratchDir dir;
  const TableListing listing(dir.path());
  EXPECT_TRUE(listing.classes().empty());
  EXPECT_EQ(listing.max_complete_stones(), 0);
  EXPECT_EQ(listing.max_stones_found(), 0);
  EXPECT_EQ(listing.first_missing_file(2), table_file(dir.path(), {1, 1}, io::TableKind::wdl));
}

TEST(TableListing, CompleteTotalsAreThoseWithBothFilesOfEveryClass) {
  const ScratchDir dir;
  touch_complete_up_to(dir.path(), 4);
  const TableListing listing(dir.path());
  EXPECT_EQ(listing.classes().size(), materials_up_to(4).size());
  EXPECT_EQ(listing.max_complete_stones(), 4);
  EXPECT_EQ(listing.max_stones_found(), 4);
  EXPECT_EQ(listing.first_missing_file(4), std::nullopt);
  EXPECT_EQ(listing.first_missing_file(5), table_file(dir.path(), {1, 4}, io::TableKind::wdl));
}

// A hole below the largest total: the listing is complete only up to the hole, names
// the missing file (WDL before depth), and still sees the classes above it.
TEST(TableListing, HoleEndsTheCompleteTotalsAndIsNamed) {
  const ScratchDir dir;
  touch_complete_up_to(dir.path(), 5);
  std::filesystem::remove(table_file(dir.path(), {2, 1}, io::TableKind::depth));
  const TableListing listing(dir.path());
  EXPECT_EQ(listing.max_complete_stones(), 2);
  EXPECT_EQ(listing.max_stones_found(), 5);
  EXPECT_EQ(listing.first_missing_file(5), table_file(dir.path(), {2, 1}, io::TableKind::depth));
  const auto two_one = std::ranges::find_if(listing.classes(), [](const ClassFiles& f) { return f.material == Material{2, 1}; });
  ASSERT_NE(two_one, listing.classes().end());
  EXPECT_TRUE(two_one->wdl);
  EXPECT_FALSE(two_one->depth);
}

TEST(TableListing, OtherFilesAreNotTables) {
  const ScratchDir dir;
  touch(dir / "manifest.json");
  touch(dir / "1v1.wdl.tsivy.tmp");
  touch(dir / "notes.txt");
  EXPECT_TRUE(TableListing(dir.path()).classes().empty());
}

}  // namespace
}  // namespace tsivy
