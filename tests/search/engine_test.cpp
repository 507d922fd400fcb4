// The engine against the tables: legal turns on random positions of every stone count,
// forced wins and losses found by the search alone with the depth the tables give, the
// tables' values at the leaves and their best turns at the root, and the limits.
#include <gtest/gtest.h>

#include <thread>

#include "lookup/outcome.h"
#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

using testing::is_legal;
using testing::random_position;
using testing::tables;

class EngineThreads : public ::testing::TestWithParam<int> {};

TEST_P(EngineThreads, EveryTurnIsLegalOnRandomPositionsOfEveryStoneCount) {
  std::mt19937_64 rng(2029);
  Engine with_tables({.hash_mib = 4, .tables = &tables(), .threads = GetParam()});
  Engine alone({.hash_mib = 4, .threads = GetParam()});
  for (int us = 1; us <= kStonesPerSide; us += 1) {
    for (int them : {1, 2, us, kStonesPerSide - us + 1}) {
      const Position p = random_position(rng, us, them);
      for (Engine* engine : {&with_tables, &alone}) {
        const SearchResult r = engine->search(p, {}, {.nodes = static_cast<std::uint64_t>(400 / testing::kScale)});
        MoveList moves;
        generate_moves(p, moves);
        if (moves.empty()) {
          EXPECT_FALSE(r.best) << format_position(p);
          EXPECT_EQ(score_text(r.score).rfind("loss", 0), 0u) << format_position(p);
          continue;
        }
        ASSERT_TRUE(r.best) << format_position(p);
        EXPECT_TRUE(is_legal(p, *r.best)) << format_position(p) << " " << turn_text(*r.best);
        // The principal variation is a line of legal turns.
        Position at = p;
        for (const Move& m : r.pv) {
          ASSERT_TRUE(is_legal(at, m)) << format_position(p) << " pv " << turn_text(m);
          at = make_move(at, m);
        }
      }
    }
  }
}

// Positions of the tables, White to move, whose value is a win or a loss in 1..max_depth turns.
std::vector<std::pair<Position, Value>> decided_positions(std::mt19937_64& rng, int wanted, int max_depth) {
  std::vector<std::pair<Position, Value>> found;
  const int shapes[][2] = {{3, 1}, {1, 3}, {2, 1}, {1, 2}, {2, 2}, {3, 1}};
  for (int tries = 0; tries < 200000 && static_cast<int>(found.size()) < wanted; ++tries) {
    const auto& shape = shapes[tries % 6];
    const Position p = random_position(rng, shape[0], shape[1]);
    const Value v = tables().value(p.us, p.them);
    if (v.outcome != Outcome::draw && v.depth >= 1 && v.depth <= max_depth) found.push_back({p, v});
  }
  return found;
}

// With helper threads too: what they store in the shared table never makes the main
// thread's forced result wrong or its win slower.
TEST_P(EngineThreads, FindsTheTablesWinsAndLossesWithoutThemAtTheirDepth) {
  std::mt19937_64 rng(17);
  const auto positions = decided_positions(rng, 60 / testing::kScale, 7);
  ASSERT_GE(positions.size(), 10u);
  int wins = 0, losses = 0;
  for (const auto& [p, v] : positions) {
    Engine engine({.hash_mib = 4, .threads = GetParam()});
    const SearchResult r = engine.search(p, {}, {.depth = v.depth});
    const std::string expected = (v.outcome == Outcome::win ? "win " : "loss ") + std::to_string(v.depth);
    EXPECT_EQ(score_text(r.score), expected) << format_position(p) << " at depth " << v.depth;
    (v.outcome == Outcome::win ? wins : losses)++;
    if (v.outcome == Outcome::win) {
      // The turn it plays keeps the win as fast as the tables say.
      ASSERT_TRUE(r.best);
      const Position after = make_move(p, *r.best);
      EXPECT_EQ(tables().value(after.us, after.them), (Value{Outcome::loss, static_cast<std::uint16_t>(v.depth - 1)}))
          << format_position(p) << " " << turn_text(*r.best);
    }
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

INSTANTIATE_TEST_SUITE_P(OneAndTwo, EngineThreads, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& info) { return std::to_string(info.param) + "Threads"; });

TEST(Engine, TableLeavesGiveTheTablesValueAtDepthOne) {
  // Five stones with a capture pending: outside the 4-stone tables, and every turn
  // enters them, so one ply of search with the tables at its leaves is exact.
  std::mt19937_64 rng(5);
  int checked = 0;
  for (int tries = 0; tries < 20000 && checked < 80 / testing::kScale; ++tries) {
    const int us = 1 + static_cast<int>(rng() % 4);
    const Position p = random_position(rng, us, 5 - us);
    if (!has_capture(p)) continue;
    BestOfSuccessors best;
    MoveList moves;
    generate_moves(p, moves);
    for (const Move& m : moves) {
      const Position child = make_move(p, m);
      best.add(tables().value(child.us, child.them));
    }
    const Outcome expected = best.value().outcome;
    Engine engine({.hash_mib = 4, .tables = &tables()});
    const SearchResult r = engine.search(p, {}, {.depth = 1});
    ASSERT_FALSE(r.from_tables);
    const Outcome found = is_win(r.score) ? Outcome::win : is_loss(r.score) ? Outcome::loss : Outcome::draw;
    EXPECT_EQ(found, expected) << format_position(p) << ": " << score_text(r.score);
    if (expected == Outcome::draw) {
      EXPECT_EQ(r.score, 0);
    }
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

TEST(Engine, PlaysABestTurnOfTheTablesInsideThem) {
  std::mt19937_64 rng(3);
  Engine engine({.hash_mib = 4, .tables = &tables()});
  int checked = 0;
  for (int k = 0; k < 300 / testing::kScale; ++k) {
    const int stones = 2 + static_cast<int>(rng() % 3);
    const int us = 1 + static_cast<int>(rng() % (stones - 1));
    const Position p = random_position(rng, us, stones - us);
    const SearchResult r = engine.search(p, {}, {.movetime = std::chrono::milliseconds(1000)});
    const Value root = tables().value(p.us, p.them);
    if (!r.best) {
      EXPECT_EQ(root, kLostNow);
      continue;
    }
    ASSERT_TRUE(r.from_tables) << format_position(p);
    EXPECT_EQ(r.table_value, root) << format_position(p);
    const Position after = make_move(p, *r.best);
    const Value next = tables().value(after.us, after.them);
    switch (root.outcome) {
      case Outcome::win: EXPECT_EQ(next, (Value{Outcome::loss, static_cast<std::uint16_t>(root.depth - 1)})); break;
      case Outcome::draw: EXPECT_EQ(next.outcome, Outcome::draw); break;
      default: EXPECT_EQ(next, (Value{Outcome::win, static_cast<std::uint16_t>(root.depth - 1)})); break;
    }
    EXPECT_TRUE(is_legal(p, *r.best));
    ++checked;
  }
  EXPECT_GE(checked, 100 / testing::kScale);
}

TEST(Engine, ADepthOrNodeLimitGivesTheSameResultEveryTime) {
  const Position start = start_position();
  for (const Limits limits : {Limits{.depth = 3}, Limits{.nodes = 400000 / testing::kScale}}) {
    std::vector<SearchResult> results;
    for (int run = 0; run < 2; ++run) {
      Engine engine({.hash_mib = 8});
      results.push_back(engine.search(start, {}, limits));
    }
    ASSERT_TRUE(results[0].best);
    EXPECT_EQ(*results[0].best, *results[1].best);
    EXPECT_EQ(results[0].score, results[1].score);
    EXPECT_EQ(results[0].nodes, results[1].nodes);
    EXPECT_EQ(results[0].depth, results[1].depth);
    EXPECT_EQ(results[0].pv, results[1].pv);
    // The node limit holds from the first completed iteration on.
    if (limits.nodes && results[0].depth > 1) {
      EXPECT_LE(results[0].nodes, limits.nodes + 1);
    }
  }
}

// Weights given to the engine (bench/spsa_tune tunes them by games) evaluate by every
// feature: the engine's own weights given that way search exactly as the engine's fast
// evaluation does, and other weights change what it prefers.
TEST(Engine, SearchesByTheWeightsItIsGiven) {
  const Position middlegame = parse_position("BWW2B1WB/1WW1B2WB/BB3WBB1/B5WBB/BB1B2B2 w");
  Weights mobile = kDefaultWeights;
  mobile.middlegame[kMobility] = mobile.endgame[kMobility] = 300;
  const Limits limits{.depth = 4};
  Engine own({.hash_mib = 8}), given({.hash_mib = 8, .weights = kDefaultWeights}), other({.hash_mib = 8, .weights = mobile});
  const SearchResult a = own.search(middlegame, {}, limits), b = given.search(middlegame, {}, limits),
                     c = other.search(middlegame, {}, limits);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.pv, b.pv);
  EXPECT_NE(a.score, c.score);
}

// A node limit that cuts an iteration short after it has searched a turn in full gives
// that iteration's best turn so far. The first turn it searches is the last iteration's;
// another replaces it only by scoring better a ply deeper, which the searches of the two
// children, each from a fresh engine, confirm. Node limits from where one iteration
// completed to where the next does, in 25 steps (5 under the sanitizers), over the first
// four iterations of two positions.
TEST(Engine, AnIterationCutShortGivesItsBestTurnSoFar) {
  int replaced = 0;
  for (const char* fen : {"BWW2B1WB/1WW1B2WB/BB3WBB1/B5WBB/BB1B2B2 w", "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"}) {
    const Position root = parse_position(fen);
    std::vector<Iteration> uncut;
    Engine({.hash_mib = 1}).search(root, {}, {.depth = 4}, [&](const Iteration& i) { uncut.push_back(i); });
    ASSERT_EQ(uncut.size(), 4u);
    for (std::size_t d = 1; d + 1 < uncut.size(); ++d) {
      const std::uint64_t from = uncut[d - 1].nodes, to = uncut[d].nodes;
      for (std::uint64_t limit = from + 1; limit < to; limit += std::max<std::uint64_t>(1, (to - from) / (25 / testing::kScale))) {
        std::vector<Iteration> iterations;
        const SearchResult r = Engine({.hash_mib = 1}).search(root, {}, {.nodes = limit}, [&](const Iteration& i) { iterations.push_back(i); });
        ASSERT_EQ(r.depth, static_cast<int>(d)) << fen << " " << limit;
        ASSERT_TRUE(r.best);
        EXPECT_EQ(r.pv.front(), *r.best);
        const Move last = iterations.back().pv.front();
        if (*r.best == last) continue;
        ++replaced;
        // Each child searched d deep: the root's turn d + 1 deep.
        const auto deeper = [&](const Move& m) {
          const std::vector<Position> history = {root};
          return -Engine({.hash_mib = 1}).search(make_move(root, m), history, {.depth = static_cast<int>(d)}).score;
        };
        EXPECT_GT(deeper(*r.best), deeper(last)) << fen << " limit " << limit;
      }
    }
  }
  EXPECT_GT(replaced, 0);  // the sweep met iterations whose first turn was replaced
}

// Under ThreadSanitizer in .ci/run, also with a helper thread: the search stopped from
// another thread, its helper joined.
TEST_P(EngineThreads, ReportsEachIterationAndStopsWhenAsked) {
  Engine engine({.hash_mib = 8, .threads = GetParam()});
  std::atomic<bool> stop{false};
  std::vector<Iteration> iterations;
  std::thread stopper([&] {
    // Long enough for the first iteration under the sanitizers too.
    std::this_thread::sleep_for(std::chrono::milliseconds(200 * testing::kScale));
    stop = true;
  });
  const auto began = std::chrono::steady_clock::now();
  const SearchResult r = engine.search(start_position(), {}, {}, [&](const Iteration& i) { iterations.push_back(i); }, &stop);
  stopper.join();
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(5));
  ASSERT_TRUE(r.best);
  EXPECT_TRUE(is_legal(start_position(), *r.best));
  ASSERT_FALSE(iterations.empty());
  // One thread reports every depth; with helpers, the deepest completed by any thread
  // as the main thread sees it: deeper each time, perhaps by more than one.
  for (std::size_t k = 0; k < iterations.size(); ++k) {
    if (GetParam() == 1) {
      EXPECT_EQ(iterations[k].depth, static_cast<int>(k) + 1);
    }
    if (k > 0) {
      EXPECT_GT(iterations[k].depth, iterations[k - 1].depth);
    }
  }
  EXPECT_EQ(r.depth, iterations.back().depth);
  EXPECT_EQ(r.pv.front(), *r.best);
}

TEST(Engine, KeepsToItsMoveTime) {
  Engine engine({.hash_mib = 8});
  const auto began = std::chrono::steady_clock::now();
  const SearchResult r = engine.search(start_position(), {}, {.movetime = std::chrono::milliseconds(100 * testing::kScale)});
  // Far above the move time, for a loaded CI machine: what it catches is a search that ignores its time.
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::milliseconds(3000 * testing::kScale));
  // Not on a clock, the move time is searched to its end (no iteration from the start
  // reaches the depth limit in it).
  EXPECT_GE(r.elapsed, std::chrono::milliseconds(100 * testing::kScale));
  EXPECT_TRUE(r.best);  // a turn even when time ends the first iteration
}

// On a clock (Limits::save_time, what `go wtime` sets) no iteration starts once half the
// move time has gone, and the search then ends at once, keeping the rest for later turns.
// Several move times, so that some iteration completes between the half and the end.
TEST(Engine, OnAClockStartsNoIterationAfterHalfItsMoveTime) {
  int ended_early = 0;
  for (const int ms : {120, 170, 240, 330}) {
    const std::chrono::milliseconds movetime(ms * testing::kScale);
    std::vector<Iteration> iterations;
    const SearchResult r = Engine({.hash_mib = 8}).search(start_position(), {}, {.movetime = movetime, .save_time = true},
                                                          [&](const Iteration& i) { iterations.push_back(i); });
    ASSERT_FALSE(iterations.empty());
    // Each iteration but the last was followed by another, so it completed before the half.
    for (std::size_t k = 0; k + 1 < iterations.size(); ++k) EXPECT_LT(iterations[k].elapsed, movetime / 2) << ms << " ms";
    // The last completed after the half, well before the end: nothing more was searched.
    const auto last = iterations.back().elapsed;
    if (last >= movetime / 2 && last < movetime * 3 / 4) {
      ++ended_early;
      EXPECT_EQ(r.depth, iterations.back().depth) << ms << " ms";
      EXPECT_LT(r.elapsed, movetime) << ms << " ms";
    }
  }
  EXPECT_GT(ended_early, 0);  // some move time met an iteration completed in its second half
}

TEST(Engine, ThreadsAreOneTo256) {
  Engine engine({.hash_mib = 1});
  EXPECT_EQ(engine.threads(), 1);
  EXPECT_THROW(engine.set_threads(0), std::invalid_argument);
  EXPECT_THROW(engine.set_threads(kMaxThreads + 1), std::invalid_argument);
  EXPECT_EQ(engine.threads(), 1);
  engine.set_threads(3);
  EXPECT_EQ(engine.threads(), 3);
  // Three threads on a depth limit: every thread's nodes are counted, the turn is legal.
  const SearchResult r = engine.search(start_position(), {}, {.depth = 4});
  ASSERT_TRUE(r.best);
  EXPECT_TRUE(is_legal(start_position(), *r.best));
  EXPECT_EQ(r.depth, 4);
  engine.set_threads(1);
  const SearchResult alone = engine.search(start_position(), {}, {.depth = 4});
  EXPECT_EQ(alone.depth, 4);
}

TEST(Engine, ASideWithoutTurnsHasNoBestTurn) {
  Engine engine({.hash_mib = 1, .tables = &tables()});
  for (const char* fen : {"9/9/9/9/W8 w", "9/9/9/9/B8 w", "WB7/BB7/9/9/9 w"}) {
    const SearchResult r = engine.search(parse_position(fen), {}, {.depth = 2});
    EXPECT_FALSE(r.best) << fen;
  }
}

TEST(ScoreText, NamesForcedResultsAndTableResults) {
  EXPECT_EQ(score_text(35), "cp 35");
  EXPECT_EQ(score_text(-120), "cp -120");
  EXPECT_EQ(score_text(kWinScore - 7), "win 7");
  EXPECT_EQ(score_text(-(kWinScore - 4)), "loss 4");
  EXPECT_EQ(score_text(kTableWinBase - 3), "tablewin 3");
  EXPECT_EQ(score_text(-(kTableWinBase - 2)), "tableloss 2");
}

}  // namespace
}  // namespace tsivy::search
