// A table file is only read as the class and index numbering it was written for.
#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "io/atomic_file.h"
#include "io/table_writer.h"
#include "solver/table_files.h"
#include "table_dir/table_paths.h"

namespace tsivy {
namespace {

class TableFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tsivy-table-files-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes both files of 1v1 with every entry a draw, under the given scheme id and class.
  void write_1v1(std::uint64_t scheme, Material header_class) {
    const std::uint64_t slots = MaterialIndex::of({1, 1}).slots();
    const std::vector<std::uint8_t> wdl(slots, static_cast<std::uint8_t>(Outcome::draw));
    const std::vector<std::uint16_t> depth(slots, 0);
    const auto m = static_cast<std::uint8_t>(header_class.us), n = static_cast<std::uint8_t>(header_class.them);
    io::write_table(table_file(dir_, {1, 1}, io::TableKind::wdl), {io::TableKind::wdl, m, n, scheme},
                    std::span<const std::uint8_t>(wdl));
    io::write_table(table_file(dir_, {1, 1}, io::TableKind::depth), {io::TableKind::depth, m, n, scheme},
                    std::span<const std::uint16_t>(depth));
  }

  std::string read_error() {
    try {
      read_class_table(*TableDirectory::open(dir_), {1, 1});
    } catch (const io::TableError& e) {
      return e.what();
    }
    return "";
  }

  std::filesystem::path dir_;
};

TEST_F(TableFilesTest, ReadsTablesOfThisIndexScheme) {
  write_1v1(index_scheme_id(), {1, 1});
  const ClassTable table = read_class_table(*TableDirectory::open(dir_), {1, 1});
  EXPECT_EQ(table.wdl.size(), MaterialIndex::of({1, 1}).slots());
}

TEST_F(TableFilesTest, RefusesTablesOfAnotherIndexScheme) {
  write_1v1(index_scheme_id() ^ 1, {1, 1});
  const std::string error = read_error();
  EXPECT_NE(error.find("index scheme"), std::string::npos) << error;
  EXPECT_NE(error.find("1v1.wdl.tsivy"), std::string::npos) << error;
}

TEST_F(TableFilesTest, RefusesAFileHoldingAnotherClass) {
  write_1v1(index_scheme_id(), {2, 1});
  const std::string error = read_error();
  EXPECT_NE(error.find("class"), std::string::npos) << error;
}

// The operating system's refusal is a writing error, not a damaged table (which a
// reader would report as corrupt).
TEST_F(TableFilesTest, AnUnwritableDirectoryIsAFileWriteError) {
  std::filesystem::create_directory(dir_ / "plain");
  const auto directory = TableDirectory::open(dir_ / "plain");
  std::filesystem::remove(dir_ / "plain");
  std::ofstream(dir_ / "plain") << "a regular file, not a directory";
  const std::uint64_t slots = MaterialIndex::of({1, 1}).slots();
  const SolvedSlice slice{{1, 1}, 0, slots, std::vector<std::uint8_t>(slots, 0), {}, {}};  // every slot a loss in 0
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  try {
    write_solved_class(*directory, slice, *comm, 2);
    ADD_FAILURE() << "wrote a class below a regular file";
  } catch (const io::FileWriteError& e) {
    EXPECT_EQ(e.error_number(), ENOTDIR) << e.what();
  }
}

// The fingerprint is computed from the index, so it is the same in every process and
// build until the numbering changes; then every table directory written before is
// refused. Pinned here so that such a change is seen, not found by users: this is the
// numbering of results/eight-stones (its manifest.json's "index_scheme").
TEST(IndexSchemeId, IsTheNumberingOfTheTablesInResults) {
  EXPECT_EQ(index_scheme_id(), 0xca5da4341af7194eull)
      << "the slot numbering changed: tables written before this change are no longer readable";
}

}  // namespace
}  // namespace tsivy
