// rules.md, "Other boards": the same rules on every board of R rows x C columns. Each
// test is named after the rule it checks, on the board of the build.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"

namespace tsivy {
namespace {

const std::vector<Direction> kDiagonals = {Direction::NorthEast, Direction::NorthWest, Direction::SouthEast,
                                           Direction::SouthWest};

TEST(OtherBoards, APointIsStrongWhenColumnPlusRowIsEven) {
  for (Point p = 0; p < kPoints; ++p) {
    const int column = p % kColumns, row = p / kColumns;  // notation.md: p = row * C + column
    EXPECT_EQ(is_strong(p), (column + row) % 2 == 0) << point_name(p);
    EXPECT_EQ(is_strong(p), reference::is_strong_point(column, row)) << point_name(p);
    EXPECT_EQ((kStrong & bit(p)) != 0, is_strong(p)) << point_name(p);
  }
}

// rules.md says "so the corners and the centre are strong". The corners always are; the
// centre (column (C-1)/2, row (R-1)/2) is strong only when (C-1)/2 + (R-1)/2 is even,
// which holds on 3x3, 5x5, 3x7, 7x3 and 5x9 but not on 3x5 and 5x3, where the rule
// "column + row even" makes the centre weak (no parity can make both strong there).
TEST(OtherBoards, TheCornersAreStrongAndTheCentreFollowsColumnPlusRow) {
  const char last_column = static_cast<char>('a' + kColumns - 1);
  const std::string top = std::to_string(kRows);
  for (const std::string& name : {std::string("a1"), last_column + std::string("1"), "a" + top, last_column + top}) {
    const Point p = point_from_name(name);
    ASSERT_GE(p, 0) << name;
    EXPECT_TRUE(is_strong(p)) << name;
  }
  const std::string centre = std::string(1, static_cast<char>('a' + kColumns / 2)) + std::to_string(kRows / 2 + 1);
  EXPECT_EQ(point_from_name(centre), kPoints / 2);  // the centre is the middle point
  const bool centre_strong = (kColumns / 2 + kRows / 2) % 2 == 0;
  EXPECT_EQ(is_strong(kPoints / 2), centre_strong) << centre;
  const bool rules_example = board_name() == "3x3" || board_name() == "5x5" || board_name() == "3x7" ||
                             board_name() == "7x3" || board_name() == "5x9";
  if (rules_example) {
    EXPECT_TRUE(is_strong(kPoints / 2)) << centre;
  }
}

TEST(OtherBoards, EveryPointIsJoinedToItsOrthogonalNeighbours) {
  for (Point p = 0; p < kPoints; ++p) {
    const int column = column_of(p), row = row_of(p);
    EXPECT_EQ(neighbour(p, Direction::East), column + 1 < kColumns ? p + 1 : -1) << point_name(p);
    EXPECT_EQ(neighbour(p, Direction::West), column > 0 ? p - 1 : -1) << point_name(p);
    EXPECT_EQ(neighbour(p, Direction::North), row + 1 < kRows ? p + kColumns : -1) << point_name(p);
    EXPECT_EQ(neighbour(p, Direction::South), row > 0 ? p - kColumns : -1) << point_name(p);
  }
}

TEST(OtherBoards, DiagonalLinesJoinStrongPointsOnly) {
  for (Point p = 0; p < kPoints; ++p)
    for (Direction d : kDiagonals) {
      const Point q = neighbour(p, d);
      const int column = column_of(p) + column_step(d), row = row_of(p) + row_step(d);
      const bool on_board = column >= 0 && column < kColumns && row >= 0 && row < kRows;
      EXPECT_EQ(q >= 0, is_strong(p) && on_board) << point_name(p);
      if (q >= 0) {
        EXPECT_TRUE(is_strong(q)) << point_name(p) << " to " << point_name(q);
      }
    }
}

// Is q one step from p along a line: an orthogonal neighbour, or a diagonal one of a
// strong point?
bool joined(Point p, Point q) {
  const int dc = column_of(q) - column_of(p), dr = row_of(q) - row_of(p);
  if (dc * dc + dr * dr == 1) return true;
  return dc * dc == 1 && dr * dr == 1 && (column_of(p) + row_of(p)) % 2 == 0;
}

// A lone stone steps along every line that leaves its point, and along no other: the
// turns of the generator count the lines the reference draws (3 at a corner or a weak
// point of the edge, 4 at a weak inner point, 5 at a strong point of the edge, 8 at a
// strong inner point), and from a weak point no turn is diagonal.
TEST(OtherBoards, ALoneStoneStepsAlongTheLinesOfItsPoint) {
  int checked = 0;
  for (Point p = 0; p < kPoints; ++p) {
    // An opponent stone the lone stone cannot capture, so that its turns are paika.
    for (Point q = 0; q < kPoints; ++q) {
      const Position position{bit(p), bit(q), Colour::White};
      if (q == p || has_capture(position)) continue;
      const std::vector<Turn> turns = generate_turns(position);
      const int free_lines = reference::line_count(column_of(p), row_of(p)) - (joined(p, q) ? 1 : 0);
      EXPECT_EQ(static_cast<int>(turns.size()), free_lines) << format_position(position);
      for (const Turn& t : turns) {
        const Point to = point_from_name(t.notation.substr(3));
        const bool diagonal = column_of(to) != column_of(p) && row_of(to) != row_of(p);
        EXPECT_FALSE(diagonal && !is_strong(p)) << t.notation << " leaves a weak point diagonally";
      }
      ++checked;
      break;
    }
  }
  EXPECT_GT(checked, 0);
}

// White fills the rows below the middle row, Black the rows above it; the middle row
// alternates from Black at the left to the empty centre, and past it the colours are
// those of the half turn, swapped. White moves first.
TEST(OtherBoards, StartWhiteBelowTheMiddleRowBlackAboveTheMiddleRowAlternating) {
  const Position start = start_position();
  EXPECT_EQ(start.to_move, Colour::White);
  const int middle = kRows / 2, centre = kColumns / 2;
  for (Point p = 0; p < kPoints; ++p) {
    const int column = column_of(p), row = row_of(p);
    char want = '.';
    if (row < middle) want = 'W';
    if (row > middle) want = 'B';
    if (row == middle && column < centre) want = column % 2 == 0 ? 'B' : 'W';
    if (row == middle && column > centre) want = (kColumns - 1 - column) % 2 == 0 ? 'W' : 'B';
    const char got = (start.white() & bit(p)) ? 'W' : (start.black() & bit(p)) ? 'B' : '.';
    EXPECT_EQ(got, want) << point_name(p);
  }
  EXPECT_EQ(format_position(start), reference::start_text());
}

}  // namespace
}  // namespace tsivy
