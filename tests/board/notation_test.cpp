// notation.md on the board of the build: R rows of C points, from row R down to row 1,
// points named column letter and row number, both ways; and a text of another board's
// size is refused with a message that names this build's board.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game/notation.h"
#include "game/position.h"
#include "tests/board/random_positions.h"
#include "tests/game/reference_generator.h"

namespace tsivy {
namespace {

// "3 rows of 3 points (board 3x3)": how the messages name the board of the build.
std::string this_board() {
  return std::to_string(kRows) + " rows of " + std::to_string(kColumns) + " points (board " + board_name() + ")";
}

std::vector<std::string> split_rows(const std::string& text) {
  std::vector<std::string> rows;
  std::string board = text.substr(0, text.find(' '));
  for (std::size_t from = 0;;) {
    const std::size_t slash = board.find('/', from);
    rows.push_back(board.substr(from, slash - from));
    if (slash == std::string::npos) return rows;
    from = slash + 1;
  }
}

int points_described(const std::string& row) {
  int n = 0;
  for (char ch : row) n += (ch >= '1' && ch <= '9') ? ch - '0' : 1;
  return n;
}

TEST(OtherBoardsNotation, PointNamesRunFromA1ToTheLastColumnAndRow) {
  for (Point p = 0; p < kPoints; ++p) {
    const std::string name = point_name(p);
    EXPECT_EQ(name, reference::point_name(p % kColumns, p / kColumns));
    EXPECT_EQ(point_from_name(name), p) << name;
  }
  // Built in place: GCC 12 warns falsely (-Wrestrict) on a std::string(1, c) + "1" here.
  const std::string past_column{static_cast<char>('a' + kColumns), '1'};
  const std::string past_row{'a', static_cast<char>('1' + kRows)};
  EXPECT_EQ(point_from_name(past_column), -1) << past_column;
  EXPECT_EQ(point_from_name(past_row), -1) << past_row;
}

TEST(OtherBoardsNotation, APositionIsRRowsOfCPointsAndReadsBack) {
  board_test::Rng rng(3131);
  for (int i = 0; i < 3000; ++i) {
    const Position p = board_test::random_position(rng);
    const std::string text = format_position(p);
    ASSERT_EQ(text, reference::format(p));
    const std::vector<std::string> rows = split_rows(text);
    ASSERT_EQ(static_cast<int>(rows.size()), kRows) << text;
    for (const std::string& row : rows) ASSERT_EQ(points_described(row), kColumns) << text;
    ASSERT_EQ(parse_position(text), p) << text;
    ASSERT_EQ(reference::parse(text), p) << text;
  }
}

TEST(OtherBoardsNotation, TheEmptyAndTheFullBoardReadBack) {
  const std::string empty_row = std::to_string(kColumns);
  std::string empty;
  for (int r = 0; r < kRows; ++r) empty += (r ? "/" : "") + empty_row;
  EXPECT_EQ(format_position(Position{0, 0, Colour::Black}), empty + " b");
  EXPECT_EQ(parse_position(empty + " w"), (Position{0, 0, Colour::White}));
  const Position start = parse_position(reference::start_text());
  EXPECT_EQ(count(start.occupied()), kPoints - 1);
  EXPECT_EQ(format_position(start), reference::start_text());
}

// The start positions of rules.md's boards (and 7x3, 3x7): each but this build's own is
// a position of another size here.
const std::vector<std::pair<std::string, std::string>> kStarts = {
    {"3x3", "BBB/B1W/WWW w"},
    {"3x5", "BBBBB/BW1BW/WWWWW w"},
    {"5x3", "BBB/BBB/B1W/WWW/WWW w"},
    {"3x7", "BBBBBBB/BWB1WBW/WWWWWWW w"},
    {"7x3", "BBB/BBB/BBB/B1W/WWW/WWW/WWW w"},
    {"5x5", "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW w"},
    {"5x9", "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"},
};

TEST(OtherBoardsNotation, APositionOfAnotherBoardSizeIsRefusedNamingThisBoard) {
  int refused = 0, others = 0;
  for (const auto& [board, text] : kStarts) {
    if (board == board_name()) {
      EXPECT_EQ(parse_position(text), start_position());
      continue;
    }
    ++others;
    SCOPED_TRACE("the " + board + " start \"" + text + "\" in the " + board_name() + " build");
    try {
      parse_position(text);
      ADD_FAILURE() << "accepted";
    } catch (const InvalidPosition& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(this_board()), std::string::npos) << message;
      const std::string rows = board.substr(0, board.find('x')), columns = board.substr(board.find('x') + 1);
      EXPECT_NE(message.find(rows + " rows of " + columns + " points"), std::string::npos) << message;
      ++refused;
    }
  }
  EXPECT_EQ(refused, others);
}

TEST(OtherBoardsNotation, ARowOfTheWrongLengthSaysWhereAndNamesThisBoard) {
  // The first row one point short, the rest right: a mistake in this board's text, not
  // another board's, so the message names the row.
  std::vector<std::string> rows = split_rows(reference::start_text());
  rows[0] = std::string(static_cast<std::size_t>(kColumns - 1), 'B');
  std::string text;
  for (std::size_t r = 0; r < rows.size(); ++r) text += (r ? "/" : "") + rows[r];
  text += " w";
  try {
    parse_position(text);
    ADD_FAILURE() << "accepted " << text;
  } catch (const InvalidPosition& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("row " + std::to_string(kRows)), std::string::npos) << message;
    EXPECT_NE(message.find(this_board()), std::string::npos) << message;
  }
  try {
    parse_position("");
    ADD_FAILURE() << "accepted the empty text";
  } catch (const InvalidPosition& e) {
    EXPECT_NE(std::string(e.what()).find(this_board()), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tsivy
