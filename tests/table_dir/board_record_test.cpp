// A table directory records its board, and tables of another board are refused by every
// reader with both boards named (table_dir/board_record.h).
#include "table_dir/board_record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "game/geometry.h"
#include "table_dir/listing.h"
#include "table_dir/manifest.h"
#include "tests/io/io_test_support.h"

namespace tsivy {
namespace {

using io::testing::ScratchDir;

// A board that is not this build's.
std::string other_board() { return board_name() == "3x3" ? "5x5" : "3x3"; }

void write_manifest_of_board(const std::filesystem::path& dir, const std::string& board) {
  std::ofstream(dir / Manifest::kFileName) << R"({"version": 1, "board": ")" << board
                                           << R"(", "index_scheme": "0", "classes": []})";
}

TEST(BoardRecord, TheManifestRecordsThisBuildsBoard) {
  const ScratchDir dir;
  Manifest().save(dir.path());
  EXPECT_EQ(recorded_board(dir.path()), board_name());
  EXPECT_NO_THROW(check_board_of(dir.path()));
}

TEST(BoardRecord, AManifestWithoutABoardIsOfFanoronTsivy) {
  const ScratchDir dir;
  std::ofstream(dir / Manifest::kFileName) << R"({"version": 1, "index_scheme": "0", "classes": []})";
  EXPECT_EQ(recorded_board(dir.path()), "5x9");
  EXPECT_FALSE(recorded_board(ScratchDir().path()).has_value());
}

TEST(BoardRecord, AnotherBoardsTablesAreRefusedNamingBothBoards) {
  const ScratchDir dir;
  write_manifest_of_board(dir.path(), other_board());
  const auto names_both = [](const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("tables of the " + other_board() + " board"), std::string::npos) << what;
    EXPECT_NE(what.find("not of " + board_name()), std::string::npos) << what;
    EXPECT_NE(what.find("--board " + other_board()), std::string::npos) << what;
  };
  try {
    check_board_of(dir.path());
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    names_both(e);
  }
  // The solver's and the readers' ways in: the manifest and the listing of files.
  try {
    Manifest::load(dir.path());
    ADD_FAILURE() << "manifest accepted";
  } catch (const std::invalid_argument& e) {
    names_both(e);
  }
  try {
    TableListing listing(dir.path());
    ADD_FAILURE() << "listing accepted";
  } catch (const std::invalid_argument& e) {
    names_both(e);
  }
}

}  // namespace
}  // namespace tsivy
