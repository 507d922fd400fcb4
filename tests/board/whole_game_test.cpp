// Fanoron-Telo (3x3) to the end of the game: every position that can arise from the
// start, found by following the reference generator's turns until no new position
// appears, and at each the fast generator agrees with the reference. Every line of
// play, however long, runs through these positions only, which is what perft to the end
// of the game would check (and perft cannot reach it: play repeats positions forever).
#include <gtest/gtest.h>

#include <iostream>
#include <unordered_set>
#include <vector>

#include "game/position.h"
#include "tests/board/generator_agreement.h"
#include "tests/game/reference_generator.h"

namespace tsivy {
namespace {

// Far above the 3x3 game's reachable positions, far below what a few seconds allow on
// the larger boards, whose games the random and perft tests sample instead.
constexpr std::size_t kMaxReachable = 100'000;

TEST(WholeGame, EveryPositionReachableFromTheStartAgreesWithTheReference) {
  if (kPoints > 9) GTEST_SKIP() << "the whole game is enumerated on 3x3 only; " << board_name() << " is too large";
  const Position start = reference::parse(reference::start_text());
  std::unordered_set<Position, PositionHash> seen{start};
  std::vector<Position> frontier{start};
  int failures = 0, plies = 0, deepest = 0;  // deepest: turns to the last new position
  std::size_t ended = 0;  // positions without a turn: the game is over there
  while (!frontier.empty() && failures < board_test::kMaxReportedFailures) {
    std::vector<Position> next;
    for (const Position& p : frontier) {
      failures += board_test::generators_agree(p) ? 0 : 1;
      const std::vector<reference::RefTurn> turns = reference::turns(p);
      ended += turns.empty() ? 1 : 0;
      for (const reference::RefTurn& t : turns)
        if (seen.insert(t.result).second) next.push_back(t.result);
    }
    ASSERT_LE(seen.size(), kMaxReachable) << "more positions reachable than a 3x3 board holds";
    ++plies;
    if (!next.empty()) deepest = plies;
    frontier = std::move(next);
  }
  EXPECT_EQ(failures, 0);
  std::cout << "[ game     ] " << board_name() << ": " << seen.size() << " positions reachable from the start, the last new one after "
            << deepest << " turns; " << ended << " of them end the game\n";
  // The game can end: some reachable position leaves its side to move without a turn.
  EXPECT_GT(ended, 0u);
}

}  // namespace
}  // namespace tsivy
