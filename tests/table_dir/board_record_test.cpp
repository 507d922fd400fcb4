// A table directory records its board, and tables of another board are refused when the
// directory is opened, with both boards named (table_dir/board_record.h).
#include "table_dir/board_record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "game/geometry.h"
#include "table_dir/manifest.h"
#include "table_dir/table_directory.h"
#include "tests/io/io_test_support.h"

namespace tsivy {
namespace {

using io::testing::ScratchDir;

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A board that is not this build's.
std::string other_board() { return board_name() == "3x3" ? "5x5" : "3x3"; }

void write_manifest_of_board(const std::filesystem::path& dir, const std::string& board) {
  std::ofstream(dir / Manifest::kFileName) << R"({"version": 1, "board": ")" << board
                                           << R"(", "index_scheme": "0", "classes": []})";
}

TEST(BoardRecord, TheManifestRecordsThisBuildsBoard) {
  const ScratchDir dir;
  Manifest().save(dir.path());
  EXPECT_NE(read_text(dir / Manifest::kFileName).find("\"board\": \"" + board_name() + "\""), std::string::npos);
  EXPECT_NO_THROW(TableDirectory::open(dir.path()));
}

TEST(BoardRecord, AManifestWithoutABoardIsOfFanoronTsivy) {
  const ScratchDir dir;
  Manifest().save(dir.path());
  std::string text = read_text(dir / Manifest::kFileName);
  const std::string board_line = "\"board\": \"" + board_name() + "\",";
  ASSERT_NE(text.find(board_line), std::string::npos) << text;
  text.erase(text.find(board_line), board_line.size());
  std::ofstream(dir / Manifest::kFileName) << text;
  if (board_name() == "5x9") {
    EXPECT_NO_THROW(TableDirectory::open(dir.path()));
  } else {
    try {
      TableDirectory::open(dir.path());
      ADD_FAILURE() << "accepted";
    } catch (const OtherBoardError& e) {
      EXPECT_EQ(e.board(), "5x9");
    }
  }
}

TEST(BoardRecord, ABoardThatIsNoNameIsNoManifest) {
  const ScratchDir dir;
  std::ofstream(dir / Manifest::kFileName) << R"({"version": 1, "board": 5, "index_scheme": "0", "classes": []})";
  EXPECT_THROW(TableDirectory::open(dir.path()), std::runtime_error);
}

TEST(BoardRecord, AnotherBoardsTablesAreRefusedNamingBothBoards) {
  const ScratchDir dir;
  write_manifest_of_board(dir.path(), other_board());
  try {
    TableDirectory::open(dir.path());
    ADD_FAILURE() << "accepted";
  } catch (const OtherBoardError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.board(), other_board());
    EXPECT_NE(what.find("tables of the " + other_board() + " board"), std::string::npos) << what;
    EXPECT_NE(what.find("not of " + board_name()), std::string::npos) << what;
    EXPECT_NE(what.find("--board " + other_board()), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace tsivy
