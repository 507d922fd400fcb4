// TableDirectory on made-up directories: opened once, it names every path, lists the
// files, refuses what is no table directory, and keeps one record of damaged files.
#include "table_dir/table_directory.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "table_dir/table_paths.h"
#include "tests/io/io_test_support.h"

namespace tsivy {
namespace {

using io::testing::ScratchDir;

TEST(TableDirectory, NamesEveryPath) {
  const ScratchDir dir;
  const auto directory = TableDirectory::open(dir.path());
  EXPECT_EQ(directory->path(), dir.path());
  EXPECT_EQ(directory->table_file({3, 2}, io::TableKind::wdl), dir / "3v2.wdl.tsivy");
  EXPECT_EQ(directory->table_file({2, 3}, io::TableKind::depth), dir / "2v3.depth.tsivy");
  EXPECT_EQ(directory->value_files_dir(), dir / "values");
  EXPECT_EQ(directory->value_file({3, 2}, io::TableKind::depth), dir / "values" / "3v2.depth.tsivy");
  EXPECT_EQ(directory->checkpoint_dir(), dir / ".checkpoint");
}

TEST(TableDirectory, NoDirectoryIsRefused) {
  const ScratchDir dir;
  EXPECT_THROW(TableDirectory::open(dir / "absent"), NotATableDirectory);
  std::ofstream(dir / "file") << "x";
  EXPECT_THROW(TableDirectory::open(dir / "file"), NotATableDirectory);
}

TEST(TableDirectory, ListsTheFilesThereAtOpen) {
  const ScratchDir dir;
  std::ofstream(table_file(dir.path(), {1, 1}, io::TableKind::wdl)).put('\0');
  const auto directory = TableDirectory::open(dir.path());
  ASSERT_EQ(directory->listing().classes().size(), 1u);
  EXPECT_TRUE(directory->listing().classes()[0].wdl);
  EXPECT_FALSE(directory->listing().classes()[0].depth);
  EXPECT_THROW(directory->open_table({1, 1}, io::TableKind::wdl), io::TableError);  // one byte: no table
}

TEST(TableDirectory, ADamagedManifestIsRefusedNamingIt) {
  const ScratchDir dir;
  std::ofstream(dir / Manifest::kFileName) << "{\"version\": 1, \"classes\": [";
  try {
    TableDirectory::open(dir.path());
    ADD_FAILURE() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(Manifest::kFileName), std::string::npos) << e.what();
  }
}

TEST(TableDirectory, RecordsAndListsManifestEntriesForGeneration) {
  const ScratchDir dir;
  {
    const auto directory = TableDirectory::open(dir.path());
    ManifestClass entry;
    entry.material = {2, 1};
    entry.wdl = {"2v1.wdl.tsivy", 1, 2};
    entry.depth = {"2v1.depth.tsivy", 3, 4};
    directory->record(entry);
    directory->save_manifest();
  }
  const auto reopened = TableDirectory::open(dir.path());
  EXPECT_TRUE(reopened->has_manifest());
  ASSERT_NE(reopened->manifest().find({2, 1}), nullptr);
  EXPECT_EQ(reopened->manifest().find({2, 1})->depth.checksum, 4u);
  EXPECT_NO_THROW(reopened->require_classes());
}

// The first record of a file holds, whoever finds it again, on any thread.
TEST(TableDirectory, KeepsTheFirstDamageFoundOfEachFile) {
  const ScratchDir dir;
  const auto directory = TableDirectory::open(dir.path());
  EXPECT_EQ(directory->damage({2, 1}, io::TableKind::wdl), nullptr);
  std::vector<std::thread> threads;
  std::vector<int> firsts(8, 0);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      bool first = false;
      directory->record_damage({2, 1}, io::TableKind::wdl, FileDamage{false, "found by " + std::to_string(t)}, &first);
      firsts[static_cast<std::size_t>(t)] = first;
    });
  for (std::thread& t : threads) t.join();
  int recorded = 0;
  for (const int f : firsts) recorded += f;
  EXPECT_EQ(recorded, 1);
  const FileDamage* kept = directory->damage({2, 1}, io::TableKind::wdl);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->reason.rfind("found by ", 0), 0u);
  EXPECT_EQ(directory->damage({2, 1}, io::TableKind::depth), nullptr);
  directory->record_damage({1, 1}, io::TableKind::depth, FileDamage{true, "refused"});
  const std::vector<DamagedFile> all = directory->damaged_files();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].material, (Material{1, 1}));  // listing order: by total, then m
  EXPECT_TRUE(all[0].damage.os_refused);
  EXPECT_EQ(all[1].material, (Material{2, 1}));
}

}  // namespace
}  // namespace tsivy
