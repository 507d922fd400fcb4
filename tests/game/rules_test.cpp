// One test per rule of docs/rules.md, each on a hand-built position written in notation,
// with the expected turns listed explicitly and checked against both the fast
// generator (game/movegen.h) and the independent reference generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "game/geometry.h"
#include "game/movegen.h"
#include "game/notation.h"
#include "game/perft.h"
#include "game/position.h"
#include "game/game.h"
#include "game/search_path.h"
#include "game/zobrist.h"
#include "tests/game/reference_generator.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

using test::show;

constexpr std::string_view kStart = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w";

bool is_capture_turn(const std::string& notation) {
  return notation.find('A') != std::string::npos || notation.find('W') != std::string::npos;
}

// Checks that both generators produce exactly `expected` (no duplicates), that each
// turn named in `results` leads to the given position (in notation), that none of
// `forbidden` appears, and that has_capture and successors() agree with the list.
void check_turns(std::string_view text, const std::set<std::string>& expected,
                 const std::map<std::string, std::string>& results = {},
                 const std::set<std::string>& forbidden = {}) {
  SCOPED_TRACE("position " + std::string(text));
  const Position position = reference::parse(text);
  const std::multiset<std::string> want(expected.begin(), expected.end());
  const bool capture = std::any_of(expected.begin(), expected.end(), is_capture_turn);

  const std::vector<Turn> fast = generate_turns(position);
  const std::vector<reference::RefTurn> ref = reference::turns(position);
  EXPECT_EQ(test::notations(fast), want) << "fast generator:\n" << test::describe(test::sorted_turns(fast));
  EXPECT_EQ(test::notations(ref), want) << "reference generator:\n" << test::describe(test::sorted_turns(ref));
  EXPECT_EQ(has_capture(position), capture) << "fast has_capture";
  EXPECT_EQ(reference::has_capture(position), capture) << "reference has_capture";

  for (const auto& [turn, result_text] : results) {
    const Position want_result = reference::parse(result_text);
    const auto f = std::find_if(fast.begin(), fast.end(), [&](const Turn& t) { return t.notation == turn; });
    const auto r = std::find_if(ref.begin(), ref.end(), [&](const reference::RefTurn& t) { return t.notation == turn; });
    if (f == fast.end()) {
      ADD_FAILURE() << "fast generator lacks " << turn;
    } else {
      EXPECT_EQ(show(f->result), result_text) << "fast result of " << turn;
      EXPECT_TRUE(f->result == want_result) << "fast result of " << turn;
    }
    if (r == ref.end()) {
      ADD_FAILURE() << "reference lacks " << turn;
    } else {
      EXPECT_EQ(show(r->result), result_text) << "reference result of " << turn;
    }
  }
  for (const std::string& turn : forbidden) {
    EXPECT_EQ(test::notations(fast).count(turn), 0u) << "fast generator allows illegal " << turn;
    EXPECT_EQ(test::notations(ref).count(turn), 0u) << "reference allows illegal " << turn;
  }

  std::vector<Position> succ{Position{1, 2, Colour::Black}};  // must be cleared
  successors(position, succ);
  std::sort(succ.begin(), succ.end(), reference::PositionLess{});
  std::vector<Position> distinct;
  for (const reference::RefTurn& t : ref) distinct.push_back(t.result);
  std::sort(distinct.begin(), distinct.end(), reference::PositionLess{});
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  EXPECT_TRUE(succ == distinct) << "successors() differs from the distinct turn results";
}

// ---------------------------------------------------------------------------------
// Board

TEST(Board, PointNamesFollowColumnThenRow) {
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kColumns; ++c) {
      const Point p = point_at(c, r);
      EXPECT_EQ(p, r * kColumns + c);
      EXPECT_EQ(point_name(p), reference::point_name(c, r));
      EXPECT_EQ(point_from_name(reference::point_name(c, r)), p);
    }
  EXPECT_EQ(point_from_name("a1"), 0);
  EXPECT_EQ(point_from_name("i1"), 8);
  EXPECT_EQ(point_from_name("a2"), 9);
  EXPECT_EQ(point_from_name("e3"), 22);
  EXPECT_EQ(point_from_name("i5"), 44);
  for (const char* bad : {"", "a", "j1", "a0", "a6", "A1", "e33", "1a", "e 3", "z9"})
    EXPECT_EQ(point_from_name(bad), -1) << '"' << bad << '"';
}

TEST(Board, StrongPointsHaveEvenColumnPlusRow) {
  int strong = 0;
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kColumns; ++c) {
      const Point p = point_at(c, r);
      EXPECT_EQ(is_strong(p), reference::is_strong_point(c, r)) << reference::point_name(c, r);
      EXPECT_EQ((kStrong >> p) & 1, reference::is_strong_point(c, r) ? 1u : 0u) << reference::point_name(c, r);
      strong += reference::is_strong_point(c, r) ? 1 : 0;
    }
  EXPECT_EQ(strong, 23);
  EXPECT_EQ(count(kStrong), 23);
  // The corners, the centre and the examples of docs/rules.md are strong.
  for (const char* name : {"a1", "i1", "a5", "i5", "e3", "b2", "c1", "d4", "h4"})
    EXPECT_TRUE(is_strong(point_from_name(name))) << name;
  for (const char* name : {"b1", "a2", "d3", "e4", "i4", "h5", "e2"})
    EXPECT_FALSE(is_strong(point_from_name(name))) << name;
}

TEST(Board, DiagonalLinesJoinStrongPointsOnly) {
  for (Point p = 0; p < kPoints; ++p)
    for (Direction d : kAllDirections) {
      const int c = column_of(p) + column_step(d), r = row_of(p) + row_step(d);
      const bool on_board = c >= 0 && c < kColumns && r >= 0 && r < kRows;
      const bool line = on_board && (!is_diagonal(d) || reference::is_strong_point(column_of(p), row_of(p)));
      EXPECT_EQ(neighbour(p, d), line ? point_at(c, r) : -1) << point_name(p) << " direction " << static_cast<int>(d);
      if (line && is_diagonal(d)) {
        EXPECT_TRUE(is_strong(neighbour(p, d)));
      }
    }
  // Number of lines: corner 3, centre 8, a weak edge point 3, a weak inner point 4,
  // a strong edge point 5.
  EXPECT_EQ(reference::line_count(0, 0), 3);
  EXPECT_EQ(reference::line_count(4, 2), 8);
  EXPECT_EQ(reference::line_count(1, 0), 3);
  EXPECT_EQ(reference::line_count(3, 2), 4);
  EXPECT_EQ(reference::line_count(2, 0), 5);
  for (Point p = 0; p < kPoints; ++p) {
    int lines = 0;
    for (Direction d : kAllDirections) lines += neighbour(p, d) >= 0 ? 1 : 0;
    EXPECT_EQ(lines, reference::line_count(column_of(p), row_of(p))) << point_name(p);
  }
}

TEST(Board, SymmetriesKeepStrongPoints) {
  for (Symmetry g : kAllSymmetries) {
    EXPECT_EQ(apply(g, kStrong), kStrong) << static_cast<int>(g);
    EXPECT_EQ(apply(g, kBoard), kBoard) << static_cast<int>(g);
    EXPECT_EQ(apply(g, kBoard & ~kStrong), kBoard & ~kStrong) << static_cast<int>(g);
  }
  const Point a1 = point_from_name("a1"), e3 = point_from_name("e3");
  EXPECT_EQ(apply(Symmetry::Identity, bit(a1)), bit(a1));
  EXPECT_EQ(apply(Symmetry::MirrorLeftRight, bit(a1)), bit(point_from_name("i1")));
  EXPECT_EQ(apply(Symmetry::MirrorTopBottom, bit(a1)), bit(point_from_name("a5")));
  EXPECT_EQ(apply(Symmetry::HalfTurn, bit(a1)), bit(point_from_name("i5")));
  EXPECT_EQ(apply(Symmetry::MirrorLeftRight, bit(point_from_name("b2"))), bit(point_from_name("h2")));
  EXPECT_EQ(apply(Symmetry::HalfTurn, bit(point_from_name("c4"))), bit(point_from_name("g2")));
  for (Symmetry g : kAllSymmetries) EXPECT_EQ(apply(g, bit(e3)), bit(e3));
  // Each symmetry maps every single point where the coordinates say, and is its own inverse.
  for (Point p = 0; p < kPoints; ++p) {
    const int c = column_of(p), r = row_of(p);
    EXPECT_EQ(apply(Symmetry::MirrorLeftRight, bit(p)), bit(point_at(kColumns - 1 - c, r)));
    EXPECT_EQ(apply(Symmetry::MirrorTopBottom, bit(p)), bit(point_at(c, kRows - 1 - r)));
    EXPECT_EQ(apply(Symmetry::HalfTurn, bit(p)), bit(point_at(kColumns - 1 - c, kRows - 1 - r)));
    for (Symmetry g : kAllSymmetries) EXPECT_EQ(apply(g, apply(g, bit(p))), bit(p));
  }
}

TEST(Board, SymmetriesCommuteWithTurnGeneration) {
  test::Rng rng(0x5E77);
  const long n = test::scaled(400);
  for (long i = 0; i < n; ++i) {
    const Position p = test::random_position(rng);
    for (Symmetry g : kAllSymmetries) {
      const Position q{apply(g, p.us), apply(g, p.them), p.to_move};
      std::vector<Position> mapped;
      for (const Turn& t : generate_turns(p)) mapped.push_back({apply(g, t.result.us), apply(g, t.result.them), t.result.to_move});
      std::vector<Position> direct;
      for (const Turn& t : generate_turns(q)) direct.push_back(t.result);
      std::sort(mapped.begin(), mapped.end(), reference::PositionLess{});
      std::sort(direct.begin(), direct.end(), reference::PositionLess{});
      ASSERT_TRUE(mapped == direct) << show(p) << " under symmetry " << static_cast<int>(g);
    }
  }
}

// ---------------------------------------------------------------------------------
// Start position

TEST(StartPosition, NotationAnd44Stones) {
  const Position start = start_position();
  EXPECT_TRUE(start == reference::parse(kStart)) << show(start);
  EXPECT_EQ(format_position(start), kStart);
  EXPECT_TRUE(parse_position(kStart) == start);
  EXPECT_EQ(start.to_move, Colour::White);
  EXPECT_EQ(count(start.white()), 22);
  EXPECT_EQ(count(start.black()), 22);
  EXPECT_EQ(count(start.occupied()), 44);
  EXPECT_EQ(start.empty(), bit(point_from_name("e3")));
  EXPECT_EQ(kStonesPerSide, 22);
  // White fills rows 1 and 2, Black rows 4 and 5; row 3 reads B W B W . B W B W.
  for (int c = 0; c < kColumns; ++c) {
    for (int r : {0, 1}) EXPECT_TRUE(start.white() & bit(point_at(c, r)));
    for (int r : {3, 4}) EXPECT_TRUE(start.black() & bit(point_at(c, r)));
  }
  const std::string middle = "BWBW.BWBW";
  for (int c = 0; c < kColumns; ++c) {
    const PointSet b = bit(point_at(c, 2));
    const char got = (start.white() & b) ? 'W' : (start.black() & b) ? 'B' : '.';
    EXPECT_EQ(got, middle[static_cast<std::size_t>(c)]) << reference::point_name(c, 2);
  }
}

TEST(StartPosition, WhiteHasFiveCapturesIntoTheCentre) {
  check_turns(kStart, {"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"},
              {{"d3-e3W", "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b"},
               {"d2-e3A", "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW b"},
               {"e2-e3A", "BBBB1BBBB/BBBB1BBBB/BWBWWBWBW/WWWW1WWWW/WWWWWWWWW b"}});
}

// ---------------------------------------------------------------------------------
// Capturing steps

TEST(Capture, ApproachRemovesTheStoneBeyondTheTarget) {
  // White c3, Black e3: c3-d3 approaches e3.
  check_turns("9/9/2W1B4/9/9 w", {"c3-d3A"}, {{"c3-d3A", "9/9/3W5/9/9 b"}});
  // The same for Black, to move.
  check_turns("9/9/2B1W4/9/9 b", {"c3-d3A"}, {{"c3-d3A", "9/9/3B5/9/9 w"}});
}

TEST(Capture, WithdrawalRemovesTheStoneBehindTheStart) {
  // White d3, Black c3: d3-e3 withdraws from c3.
  check_turns("9/9/2BW5/9/9 w", {"d3-e3W"}, {{"d3-e3W", "9/9/4W4/9/9 b"}});
}

TEST(Capture, ApproachAndWithdrawalFromOneStepAreTwoTurns) {
  // White d3 between Black c3 and f3: d3-e3 both approaches f3 and withdraws from c3.
  check_turns("9/9/2BW1B3/9/9 w", {"d3-e3A", "d3-e3W"},
              {{"d3-e3A", "9/9/2B1W4/9/9 b"}, {"d3-e3W", "9/9/4WB3/9/9 b"}});
}

TEST(Capture, LineStopsAtEmptyPoint) {
  // Black e3 f3 . h3 i3: the approach takes e3 and f3, not h3 and i3.
  check_turns("9/9/2W1BB1BB/9/9 w", {"c3-d3A"}, {{"c3-d3A", "9/9/3W3BB/9/9 b"}});
}

TEST(Capture, LineStopsAtOwnStone) {
  // Black e3 f3, White g3, Black h3: the approach takes e3 and f3 only.
  check_turns("9/9/2W1BBWB1/9/9 w", {"c3-d3A"}, {{"c3-d3A", "9/9/3W2WB1/9/9 b"}});
}

TEST(Capture, LineStopsAtBoardEdge) {
  // Black e3..i3: the approach takes all five, up to the edge.
  check_turns("9/9/2W1BBBBB/9/9 w", {"c3-d3A"}, {{"c3-d3A", "9/9/3W5/9/9 b"}});
  // Withdrawal to the edge: White b3 leaves a3 behind.
  check_turns("9/9/BW7/9/9 w", {"b3-c3W"}, {{"b3-c3W", "9/9/2W6/9/9 b"}});
  // A diagonal line to the corner: a1-b2 approaches c3, d4, e5.
  check_turns("4B4/3B5/2B6/9/W8 w", {"a1-b2A"}, {{"a1-b2A", "9/9/9/1W7/9 b"}});
}

TEST(Capture, ResultHasOtherSideToMoveWithStonesSwapped) {
  const Position p = reference::parse("9/9/2BW1B3/9/9 w");
  for (const Turn& t : generate_turns(p)) {
    EXPECT_EQ(t.result.to_move, Colour::Black) << t.notation;
    EXPECT_EQ(t.result.them, bit(point_from_name("e3"))) << t.notation;  // the mover's stones
    const Point left = point_from_name(t.notation == "d3-e3A" ? "c3" : "f3");
    EXPECT_EQ(t.result.us, bit(left)) << t.notation;  // the opponent's stones after capture
  }
}

// ---------------------------------------------------------------------------------
// Strong and weak points

TEST(StrongPoint, StepsAlongAllEightLines) {
  check_turns("B8/9/4W4/9/9 w", {"e3-e4", "e3-e2", "e3-f3", "e3-d3", "e3-f4", "e3-d4", "e3-f2", "e3-d2"},
              {{"e3-f4", "B8/5W3/9/9/9 b"}, {"e3-d2", "B8/9/9/3W5/9 b"}});
}

TEST(WeakPoint, HasNoDiagonalPaika) {
  // c2 is weak: no step to b1, d1, b3 or d3.
  check_turns("9/4B4/9/2W6/9 w", {"c2-c3", "c2-c1", "c2-b2", "c2-d2"}, {},
              {"c2-d3", "c2-b3", "c2-d1", "c2-b1"});
}

TEST(WeakPoint, HasNoDiagonalCapture) {
  // c2-d3 would approach e4 and withdraw from b1 if c2 had diagonals; it has none,
  // so White has no capture and moves by paika.
  check_turns("9/4B4/9/2W6/1B7 w", {"c2-c3", "c2-c1", "c2-b2", "c2-d2"}, {}, {"c2-d3A", "c2-d3W", "c2-d3"});
}

// ---------------------------------------------------------------------------------
// Capture sequences

TEST(Sequence, MayNotRepeatDirection) {
  // b1-c1 withdraws from a1; c1-d1 would then approach e1, but also goes east.
  check_turns("9/9/9/9/BW2B4 w", {"b1-c1W"}, {{"b1-c1W", "9/9/9/9/2W1B4 b"}}, {"b1-c1W-d1A"});
  // Control: the same step as a first step is a capture.
  check_turns("9/9/9/9/2W1B4 w", {"c1-d1A"}, {{"c1-d1A", "9/9/9/9/3W5 b"}});
}

TEST(Sequence, MayNotRevisitStartingPoint) {
  // After c3-d3 (either capture), d3-c3 would capture again (approach b3 or withdraw
  // from e3) but lands on the start point.
  check_turns("9/9/1BW1B4/9/9 w", {"c3-d3A", "c3-d3W"},
              {{"c3-d3A", "9/9/1B1W5/9/9 b"}, {"c3-d3W", "9/9/3WB4/9/9 b"}},
              {"c3-d3A-c3A", "c3-d3A-c3W", "c3-d3W-c3A", "c3-d3W-c3W"});
  check_turns("9/9/2BW1B3/9/9 w", {"d3-e3A", "d3-e3W"}, {}, {"d3-e3W-d3W", "d3-e3A-d3A"});
}

TEST(Sequence, MayNotRevisitAnyPoint) {
  // b3-c3W, then c3-c4 approaches c5 or withdraws from c2; c4-c3 would capture the
  // other one but returns to c3.
  check_turns("2B6/9/BW7/2B6/9 w", {"b3-c3W", "b3-c3W-c4A", "b3-c3W-c4W"},
              {{"b3-c3W", "2B6/9/2W6/2B6/9 b"},
               {"b3-c3W-c4A", "9/2W6/9/2B6/9 b"},
               {"b3-c3W-c4W", "2B6/2W6/9/9/9 b"}},
              {"b3-c3W-c4A-c3A", "b3-c3W-c4W-c3W"});
}

TEST(Sequence, EveryPrefixIsATurn) {
  // a1-b1 approaches c1, b1-b2 approaches b3, b2-c3 approaches d4; the player may stop
  // after any of them.
  check_turns("9/3B5/1B7/9/W1B6 w", {"a1-b1A", "a1-b1A-b2A", "a1-b1A-b2A-c3A"},
              {{"a1-b1A", "9/3B5/1B7/9/1W7 b"},
               {"a1-b1A-b2A", "9/3B5/9/1W7/9 b"},
               {"a1-b1A-b2A-c3A", "9/9/2W6/9/9 b"}});
}

TEST(Sequence, EveryStepMustCapture) {
  // After a1-b1A, b1-b2 captures nothing, so the sequence cannot go on to b2-c3A.
  check_turns("9/3B5/9/9/W1B6 w", {"a1-b1A"}, {{"a1-b1A", "9/3B5/9/9/1W7 b"}},
              {"a1-b1A-b2", "a1-b1A-b2-c3A", "a1-b1A-b2A-c3A", "a1-b1", "a1-a2"});
}

TEST(Sequence, CapturedStonesLeaveBeforeTheNextStep) {
  // a1-b1 captures c1; b1-b2 captures b3; b2-c1 lands where c1 stood and withdraws
  // from a3.
  check_turns("9/9/BB7/9/W1B6 w", {"a1-a2A", "a1-b1A", "a1-b1A-b2A", "a1-b1A-b2A-c1W"},
              {{"a1-a2A", "9/9/1B7/W8/2B6 b"},
               {"a1-b1A", "9/9/BB7/9/1W7 b"},
               {"a1-b1A-b2A", "9/9/B8/1W7/9 b"},
               {"a1-b1A-b2A-c1W", "9/9/9/9/2W6 b"}});
}

// ---------------------------------------------------------------------------------
// Paika

TEST(Paika, OnlyWhenNoCaptureAnywhere) {
  // i1 could step, but c3 has a capture elsewhere on the board: only the capture.
  check_turns("9/9/2W1B4/9/8W w", {"c3-d3A"}, {{"c3-d3A", "9/9/3W5/9/8W b"}}, {"i1-i2", "i1-h1", "i1-h2"});
  // With Black out of reach, every step of every stone is a paika.
  check_turns("6B2/9/2W6/9/8W w",
              {"c3-c4", "c3-c2", "c3-d3", "c3-b3", "c3-d4", "c3-b4", "c3-d2", "c3-b2", "i1-i2", "i1-h1", "i1-h2"},
              {{"c3-c4", "6B2/2W6/9/9/8W b"}, {"i1-h2", "6B2/9/2W6/7W1/9 b"}});
}

TEST(Paika, MovesOneStoneOneStepToAnEmptyPoint) {
  // Stones block each other: a1 has only a2; b1 has only c1 (b2 is Black, a1 White).
  // Black b2 cannot be captured: a1-a2 has nothing beyond on the line a2-a3, and the
  // withdrawal side is off the board.
  check_turns("9/9/9/1B7/WW7 w", {"a1-a2", "b1-c1"},
              {{"a1-a2", "9/9/9/WB7/1W7 b"}, {"b1-c1", "9/9/9/1B7/W1W6 b"}});
}

// ---------------------------------------------------------------------------------
// End of the game

TEST(EndOfGame, SideWithNoLegalTurnHasNoTurns) {
  // a1 is surrounded on all three lines.
  check_turns("9/9/9/BB7/WB7 w", {});
  // b1 is weak: a2 and c2 are empty but not on its lines.
  check_turns("9/9/9/1B7/BWB6 w", {});
  for (const char* text : {"9/9/9/BB7/WB7 w", "9/9/9/1B7/BWB6 w"}) {
    const std::vector<PerftLevel> levels = perft(reference::parse(text), 2);
    ASSERT_EQ(levels.size(), 2u);
    for (const PerftLevel& l : levels) {
      EXPECT_EQ(l.turns, 0u) << text;
      EXPECT_EQ(l.positions, 0u) << text;
    }
  }
}

TEST(EndOfGame, SideWithNoStonesHasNoTurns) {
  check_turns("9/9/4B4/9/9 w", {});
  check_turns("9/9/4W4/9/9 b", {});
  check_turns("9/9/9/9/9 w", {});
  const std::vector<PerftLevel> levels = perft(reference::parse("9/9/4B4/9/9 w"), 3);
  ASSERT_EQ(levels.size(), 3u);
  for (const PerftLevel& l : levels) EXPECT_EQ(l.turns + l.positions, 0u);
  std::vector<Position> out{Position{}};
  paika_unmoves(reference::parse("9/9/9/9/9 w"), out);
  EXPECT_TRUE(out.empty());
}

TEST(EndOfGame, SideWhoseOpponentHasNoStonesHasNoTurns) {
  // The game ended when the last black stone left; White has empty neighbours but no turn.
  check_turns("9/9/4W4/9/9 w", {});
  check_turns("9/9/4B4/9/9 b", {});
  const std::vector<PerftLevel> levels = perft(reference::parse("9/9/4W4/9/9 w"), 2);
  ASSERT_EQ(levels.size(), 2u);
  for (const PerftLevel& l : levels) EXPECT_EQ(l.turns + l.positions, 0u);
}

TEST(EndOfGame, CapturingTheLastStoneLeavesTheOpponentWithoutTurns) {
  const std::vector<Turn> turns = generate_turns(reference::parse("9/9/2W1BBBBB/9/9 w"));
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].result.us, 0u);
  EXPECT_TRUE(generate_turns(turns[0].result).empty());
}

// rules.md, "End of the game": a position that repeats three times is a draw.
TEST(EndOfGame, ThirdOccurrenceOfAPositionIsADraw) {
  const Position a = parse_position("9/6B2/4W4/2W6/9 w");
  Game game(a);
  for (const char* turn : {"c2-c3", "g4-h4", "c3-c2", "h4-g4"}) game.play(turn);
  ASSERT_EQ(game.current(), a);
  EXPECT_EQ(occurrences(game.positions(), a), 2);
  EXPECT_FALSE(game.ended_by_repetition()) << "the second occurrence is not yet a draw";
  const Position b = game.positions()[1];
  EXPECT_FALSE(would_end_by_repetition(game.positions(), b)) << "b occurs once: reaching it again is its second";
  for (const char* turn : {"c2-c3", "g4-h4", "c3-c2"}) game.play(turn);
  EXPECT_TRUE(would_end_by_repetition(game.positions(), a));
  game.play("h4-g4");
  EXPECT_EQ(occurrences(game.positions(), a), 3);
  EXPECT_TRUE(game.ended_by_repetition());
  EXPECT_THROW(game.play("c2-c3"), GameOver) << "nothing is played after the third occurrence";
  EXPECT_EQ(game.turns().size(), 8u);
  // Same stones, other side to move: another position.
  const Position other_side{a.them, a.us, other(a.to_move)};
  EXPECT_EQ(occurrences(game.positions(), other_side), 0);
}

// A game's record keeps only legal turns: an illegal or malformed one changes nothing.
TEST(EndOfGame, AGameRecordRefusesIllegalTurnsAndKeepsItsState) {
  Game game(parse_position("9/6B2/4W4/2W6/9 w"));
  EXPECT_THROW(game.play("c2-c4"), InvalidTurn);
  EXPECT_THROW(game.play("x"), InvalidTurn);
  EXPECT_EQ(game.positions().size(), 1u);
  EXPECT_EQ(game.history().size(), 0u);
  const Move m = game.play("c2-c3");
  EXPECT_EQ(turn_text(m), "c2-c3");
  EXPECT_EQ(game.history().size(), 1u);
  EXPECT_EQ(game.history()[0], game.start());
}

// The searches' repetition finder (game/search_path.h) against a scan of the whole path,
// on random walks of paika turns and captures with the game's history in front.
TEST(EndOfGame, TheSearchPathFindsEveryRepetitionAScanFinds) {
  std::mt19937_64 rng(41);
  int repetitions = 0;
  for (int walk = 0; walk < 40; ++walk) {
    Position p = parse_position(walk % 2 ? "9/6B2/4W4/2W6/9 w" : "B7B/1B7/9/7W1/W7W b");
    SearchPath path;
    std::vector<Position> scan;
    std::vector<Position> history{p};
    path.reset(history);
    scan = history;
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) break;
      p = make_move(p, moves[rng() % moves.size()]);
      const auto found = std::find(scan.begin(), scan.end(), p);
      const int expected = found == scan.end() ? -1 : static_cast<int>(found - scan.begin());
      const int at = path.repeated_at(p, position_key(p));
      // The earliest and the newest occurrence may differ: the path answers with one of them.
      if (expected < 0) {
        EXPECT_EQ(at, -1);
      } else {
        ASSERT_GE(at, 0);
        EXPECT_EQ(scan[static_cast<std::size_t>(at)], p);
        ++repetitions;
      }
      path.push(p, position_key(p));
      scan.push_back(p);
      if (ply % 7 == 6) {  // step back now and then, as a search does
        path.pop();
        scan.pop_back();
        p = scan.back();
      }
    }
    EXPECT_EQ(path.size(), scan.size());
  }
  EXPECT_GT(repetitions, 20);
}

}  // namespace
}  // namespace tsivy
