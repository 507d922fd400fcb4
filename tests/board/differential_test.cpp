// The fast generator against the reference on seeded random positions of the board of
// the build: every material up to the start's, both sides to move, and positions met in
// random games from the start.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/position.h"
#include "tests/board/generator_agreement.h"
#include "tests/board/random_positions.h"
#include "tests/game/reference_generator.h"

namespace tsivy {
namespace {


TEST(BoardGenerator, EveryMaterialAgreesWithTheReference) {
  board_test::Rng rng(9173);
  // About 2000 positions on every board: the reference's un-moves are slow.
  const int per_class = std::max(2, 2000 / ((kStonesPerSide + 1) * (kStonesPerSide + 1)));
  int failures = 0;
  long captures = 0, positions = 0;
  for (int us = 0; us <= kStonesPerSide; ++us)
    for (int them = 0; them <= kStonesPerSide; ++them)
      for (int k = 0; k < per_class && failures < board_test::kMaxReportedFailures; ++k) {
        const Position p = board_test::random_position(rng, us, them, k % 2 ? Colour::Black : Colour::White);
        captures += reference::has_capture(p) ? 1 : 0;
        ++positions;
        failures += board_test::generators_agree(p) ? 0 : 1;
      }
  EXPECT_EQ(failures, 0);
  // The sample must hold both kinds of turn.
  EXPECT_GT(captures, positions / 10);
  EXPECT_LT(captures, positions - positions / 10);
}

TEST(BoardGenerator, PositionsOfRandomGamesAgreeWithTheReference) {
  board_test::Rng rng(5151);
  const Position start = reference::parse(reference::start_text());
  int failures = 0;
  for (int game = 0; game < 60 && failures < board_test::kMaxReportedFailures; ++game) {
    Position p = start;
    for (int ply = 0; ply < 40 && failures < board_test::kMaxReportedFailures; ++ply) {
      failures += board_test::generators_agree(p) ? 0 : 1;
      const std::vector<reference::RefTurn> turns = reference::turns(p);
      if (turns.empty()) break;
      p = turns[rng() % turns.size()].result;
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace tsivy
