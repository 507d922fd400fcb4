// The repetition rule in the search (rules.md: the third occurrence of a position is a
// draw): a position that repeats one of the game or of the search's path scores as a
// draw, so a losing side steers into it and a winning side around it; at the root
// inside the tables, a turn to a position's third occurrence counts as the draw it is.
#include <gtest/gtest.h>

#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

using testing::random_position;
using testing::tables;

std::vector<Position> children(const Position& p) {
  MoveList moves;
  generate_moves(p, moves);
  std::vector<Position> out;
  for (const Move& m : moves) out.push_back(make_move(p, m));
  return out;
}

// A position of the tables with this outcome in 1..max_depth turns, quiet for the side
// to move, meeting `also`.
template <class Also>
std::pair<Position, Value> find_position(std::mt19937_64& rng, Outcome outcome, int max_depth, Also&& also) {
  for (int tries = 0; tries < 500000; ++tries) {
    const int us = 1 + static_cast<int>(rng() % 3);
    const Position p = random_position(rng, us, 1 + static_cast<int>(rng() % (4 - us)));
    if (has_capture(p)) continue;
    const Value v = tables().value(p.us, p.them);
    if (v.outcome == outcome && v.depth >= 1 && v.depth <= max_depth && also(p)) return {p, v};
  }
  throw std::runtime_error("no such position found");
}

TEST(Repetition, ALostPositionWhoseEveryTurnRepeatsIsADraw) {
  std::mt19937_64 rng(11);
  for (int k = 0; k < 5; ++k) {
    const auto [p, v] = find_position(rng, Outcome::loss, 6, [](const Position&) { return true; });
    Engine engine({.hash_mib = 2});
    EXPECT_EQ(score_text(engine.search(p, {}, {.depth = v.depth}).score), "loss " + std::to_string(v.depth));
    // Every turn leads back to a position of the game: each repeats, and so is a draw.
    const std::vector<Position> history = children(p);
    engine.new_game();
    const SearchResult r = engine.search(p, history, {.depth = v.depth});
    EXPECT_EQ(r.score, 0) << format_position(p) << ": " << score_text(r.score);
    ASSERT_TRUE(r.best);
  }
}

TEST(Repetition, TheLosingSideSteersIntoARepetition) {
  std::mt19937_64 rng(12);
  for (int k = 0; k < 5; ++k) {
    const auto [p, v] = find_position(rng, Outcome::loss, 6, [](const Position& q) { return children(q).size() >= 2; });
    // One turn, the last generated, leads to a position the game has seen.
    const std::vector<Position> next = children(p);
    const std::vector<Position> history{next.back()};
    Engine engine({.hash_mib = 2});
    const SearchResult r = engine.search(p, history, {.depth = v.depth});
    ASSERT_TRUE(r.best);
    EXPECT_EQ(make_move(p, *r.best), next.back()) << format_position(p);
    EXPECT_EQ(r.score, 0);
  }
}

// Winning turns of p: those to a position lost for the opponent within max_depth turns.
std::vector<Move> winning_turns(const Position& p, int max_depth = 1000) {
  MoveList moves;
  generate_moves(p, moves);
  std::vector<Move> out;
  for (const Move& m : moves) {
    const Position c = make_move(p, m);
    const Value v = tables().value(c.us, c.them);
    if (v.outcome == Outcome::loss && v.depth <= max_depth) out.push_back(m);
  }
  return out;
}

TEST(Repetition, TheWinningSideAvoidsARepetition) {
  std::mt19937_64 rng(13);
  for (int k = 0; k < 5; ++k) {
    // Two turns win within 6 more turns, so a search of 7 sees both wins.
    const auto [p, v] = find_position(rng, Outcome::win, 5, [](const Position& q) { return winning_turns(q, 6).size() >= 2; });
    Engine engine({.hash_mib = 2});
    const int depth = 7;
    const SearchResult first = engine.search(p, {}, {.depth = depth});
    ASSERT_TRUE(first.best);
    ASSERT_TRUE(is_win(first.score)) << format_position(p);
    // The turn it chose now leads to a position of the game: it takes another win.
    const std::vector<Position> history{make_move(p, *first.best)};
    engine.new_game();
    const SearchResult second = engine.search(p, history, {.depth = depth});
    ASSERT_TRUE(second.best);
    EXPECT_FALSE(*second.best == *first.best) << format_position(p) << " " << turn_text(*first.best);
    EXPECT_TRUE(is_win(second.score)) << format_position(p) << ": " << score_text(second.score);
  }
}

TEST(Repetition, AtTheRootTheTablesCountATurnToAThirdOccurrenceAsADraw) {
  std::mt19937_64 rng(14);
  Engine engine({.hash_mib = 2, .tables = &tables()});
  // Won, with two winning turns: the one to a position seen twice is passed over.
  const auto [won, won_value] = find_position(rng, Outcome::win, 9, [](const Position& q) { return winning_turns(q).size() >= 2; });
  const SearchResult first = engine.search(won, {}, {.depth = 1});
  ASSERT_TRUE(first.from_tables && first.best);
  const Position repeated = make_move(won, *first.best);
  const SearchResult second = engine.search(won, std::vector<Position>{repeated, repeated}, {.depth = 1});
  ASSERT_TRUE(second.best);
  EXPECT_FALSE(make_move(won, *second.best) == repeated);
  EXPECT_EQ(second.table_value.outcome, Outcome::win);
  // Lost: a turn to a position seen twice ends the game in a draw, which it takes.
  const auto [lost, lost_value] = find_position(rng, Outcome::loss, 9, [](const Position& q) { return children(q).size() >= 2; });
  const Position escape = children(lost).back();
  const SearchResult saved = engine.search(lost, std::vector<Position>{escape, escape}, {.depth = 1});
  ASSERT_TRUE(saved.best);
  EXPECT_EQ(make_move(lost, *saved.best), escape);
  EXPECT_EQ(saved.table_value.outcome, Outcome::draw);
  EXPECT_EQ(saved.score, 0);
}

}  // namespace
}  // namespace tsivy::search
