// The compact turns (game/move.h), their notation both ways, the one position hash
// (game/zobrist.h).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/zobrist.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

using test::Rng;

// Every turn of the compact generator names the turn generate_turns lists at the same
// place, leads to the same position, and reads back as itself.
TEST(Move, CompactTurnsAreTheTurnsOfTheGeneratorInItsOrder) {
  Rng rng(29);
  std::vector<Position> positions = test::playout_positions(rng, static_cast<int>(test::scaled(60)), 80);
  for (int k = 0; k < test::scaled(2000); ++k) positions.push_back(test::random_position(rng));
  MoveList moves;
  for (const Position& p : positions) {
    generate_moves(p, moves);
    const std::vector<Turn> turns = generate_turns(p);
    ASSERT_EQ(moves.size(), turns.size()) << test::show(p);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      ASSERT_EQ(turn_text(m), turns[i].notation) << test::show(p);
      ASSERT_EQ(make_move(p, m), turns[i].result) << test::show(p) << " " << turns[i].notation;
      ASSERT_EQ(parse_turn(p, turns[i].notation), m) << test::show(p) << " " << turns[i].notation;
      // The captured set is exactly the stones that left, and the landing point is the path's end.
      ASSERT_EQ(m.captured, p.them & ~make_move(p, m).us);
      ASSERT_EQ(m.is_capture(), has_capture(p));
      Point at = m.from;
      for (int s = 0; s < m.steps; ++s) at = neighbour(at, m.direction(s));
      ASSERT_EQ(at, m.to);
    }
  }
}

TEST(Move, TextOfTheDocumentedExamples) {
  const Position p = parse_position("9/6B2/4W4/2W6/9 w");
  std::set<std::string> texts;
  MoveList moves;
  generate_moves(p, moves);
  for (const Move& m : moves) texts.insert(turn_text(m));
  EXPECT_TRUE(texts.count("c2-c3")) << "a paika has no kind letter";
  const Position start = start_position();
  generate_moves(start, moves);
  for (const Move& m : moves) EXPECT_EQ(turn_text(m).back() == 'A' || turn_text(m).back() == 'W', true) << turn_text(m);
}

TEST(Move, LongestSequencesFitThePath) {
  // Every capture step takes a stone, so a turn has at most as many steps as the enemy
  // has stones; the path's 32 nibbles hold the largest enemy of every board.
  static_assert(kMaxSteps <= 32);
  Move m;
  for (int s = 0; s < kMaxSteps; ++s) m.push_step(static_cast<Direction>(s % 8), s % 3 ? CaptureKind::Withdrawal : CaptureKind::Approach);
  for (int s = 0; s < kMaxSteps; ++s) {
    EXPECT_EQ(m.direction(s), static_cast<Direction>(s % 8));
    EXPECT_EQ(m.kind(s), s % 3 ? CaptureKind::Withdrawal : CaptureKind::Approach);
  }
  for (int s = kMaxSteps; s-- > 0;) m.pop_step();
  EXPECT_EQ(m, Move{});
}

TEST(ParseTurn, MalformedAndIllegalTurnsAreRefusedWithTheReason) {
  const Position p = parse_position("9/6B2/4W4/2W6/9 w");
  const auto message = [&](std::string_view text) {
    try {
      parse_turn(p, text);
    } catch (const InvalidTurn& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("").find("empty"), std::string::npos);
  EXPECT_NE(message("c2").find("at least one point"), std::string::npos);
  EXPECT_NE(message("c2-z9").find("\"z9\" is not a point"), std::string::npos);
  EXPECT_NE(message("c2--c3").find("is not a point"), std::string::npos);
  EXPECT_NE(message("c2-c3A-").find("is not a point"), std::string::npos);
  EXPECT_NE(message(std::string("c2-c\0", 5)).find("\\x00"), std::string::npos);
  EXPECT_NE(message("c2-c3A").find("illegal turn \"c2-c3A\""), std::string::npos);
  EXPECT_NE(message("c2-c3A").find("legal turns: "), std::string::npos);
  EXPECT_NE(message("g4-g3").find("illegal"), std::string::npos) << "Black's stone, White to move";
  EXPECT_NE(message(std::string(1000, 'a')).find("longer than any turn"), std::string::npos);
  EXPECT_EQ(message("c2-c3"), "accepted");
  EXPECT_NE(std::string(message("c2-c3")).find("accepted"), std::string::npos);
  const Position over = parse_position("9/9/9/9/WWWWWWWWW w");
  try {
    parse_turn(over, "a1-a2");
    ADD_FAILURE() << "a side whose opponent has no stones has no turn";
  } catch (const InvalidTurn& e) {
    EXPECT_NE(std::string(e.what()).find("no turn"), std::string::npos) << e.what();
  }
}

// The key a turn leaves is the key computed from scratch: the search updates it by
// the moved and captured stones alone.
TEST(Zobrist, KeysUpdateByTheStonesATurnMovesAndCaptures) {
  Rng rng(7);
  MoveList moves;
  for (const Position& p : test::playout_positions(rng, static_cast<int>(test::scaled(40)), 60)) {
    generate_moves(p, moves);
    for (const Move& m : moves) {
      const std::uint64_t updated = position_key(p) ^ stones_key(p.to_move, bit(m.from) ^ bit(m.to)) ^
                                    stones_key(other(p.to_move), m.captured) ^ kBlackToMoveKey;
      ASSERT_EQ(updated, position_key(make_move(p, m))) << test::show(p) << " " << turn_text(m);
    }
  }
}

TEST(Zobrist, KeyIsTheXorOfItsStonesAndTellsSidesApart) {
  const Position start = start_position();
  std::uint64_t by_stone = 0;
  for (PointSet s = start.white(); s;) by_stone ^= stones_key(Colour::White, bit(pop_first(s)));
  for (PointSet s = start.black(); s;) by_stone ^= stones_key(Colour::Black, bit(pop_first(s)));
  EXPECT_EQ(position_key(start), by_stone);
  const Position black_to_move{start.them, start.us, Colour::Black};
  EXPECT_EQ(position_key(black_to_move), position_key(start) ^ kBlackToMoveKey);
  // Colours swapped on the same points are another position.
  const Position swapped = Position::from_colours(start.black(), start.white(), Colour::White);
  EXPECT_NE(position_key(swapped), position_key(start));
  std::set<std::uint64_t> single;
  for (Point p = 0; p < kPoints; ++p) {
    single.insert(stones_key(Colour::White, bit(p)));
    single.insert(stones_key(Colour::Black, bit(p)));
  }
  EXPECT_EQ(single.size(), 2u * kPoints);
}

}  // namespace
}  // namespace tsivy
