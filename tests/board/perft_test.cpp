// Perft from the start position of the board of the build: the fast generator
// (game/perft) against the slow, separately written reference (tests/game/
// reference_generator), level by level, and both against the numbers pinned here.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "game/perft.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"

namespace tsivy {
namespace {

struct Level {
  std::uint64_t turns;
  std::uint64_t positions;
};

// Computed by the reference generator when the boards were added. Depth 5 on every board
// but 3x3 and 5x9. 3x3's games never end by themselves (paika shuffles forever), so perft
// cannot run to the end of the game there; whole_game_test.cpp checks every position the
// game reaches instead (1012, the last first reached after 13 turns), and perft goes to
// depth 16, a fraction of a second.
const std::map<std::string, std::vector<Level>>& pinned_perft() {
  static const std::map<std::string, std::vector<Level>> table = {
      {"3x3", {{4, 4}, {7, 7}, {14, 12}, {67, 50}, {137, 79}, {280, 163}, {744, 282}, {1497, 312},
               {2823, 374}, {4930, 342}, {8180, 371}, {13342, 349}, {21660, 383}, {33814, 356}, {56192, 379},
               {90680, 351}}},
      {"5x3", {{2, 2}, {5, 5}, {20, 20}, {87, 87}, {320, 295}}},
      {"5x5", {{5, 5}, {21, 21}, {202, 202}, {3469, 3296}, {34608, 29033}}},
      {"5x9", {{5, 5}, {39, 39}, {724, 724}, {18026, 17075}}},
  };
  return table;
}

// 5x9 to depth 4 only: tests/game/perft_test.cpp pins its depth 5, and the reference
// takes most of a second per level there.
int perft_depth() {
  if (board_name() == "3x3") return 16;  // past 13, the most turns to a position first reached
  return board_name() == "5x9" ? 4 : 5;
}

TEST(BoardPerft, StartPositionAgreesWithTheReference) {
  const Position root = reference::parse(reference::start_text());
  const int depth = perft_depth();
  const std::vector<PerftLevel> fast = perft(root, depth);
  const std::vector<reference::RefPerftLevel> slow = reference::perft(root, depth);
  ASSERT_EQ(fast.size(), static_cast<std::size_t>(depth));
  ASSERT_EQ(slow.size(), static_cast<std::size_t>(depth));
  for (int d = 0; d < depth; ++d) {
    SCOPED_TRACE("board " + board_name() + ", depth " + std::to_string(d + 1));
    EXPECT_EQ(fast[d].depth, d + 1);
    EXPECT_EQ(fast[d].turns, slow[d].turns);
    EXPECT_EQ(fast[d].positions, slow[d].positions);
    std::cout << "[ perft    ] " << board_name() << " depth " << d + 1 << "  turns " << fast[d].turns << "  positions "
              << fast[d].positions << "\n";
  }
}

TEST(BoardPerft, StartPositionMatchesThePinnedNumbers) {
  const auto found = pinned_perft().find(board_name());
  if (found == pinned_perft().end()) GTEST_SKIP() << "no perft numbers pinned for " << board_name();
  const std::vector<Level>& want = found->second;
  const std::vector<PerftLevel> got = perft(start_position(), static_cast<int>(want.size()));
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t d = 0; d < want.size(); ++d) {
    EXPECT_EQ(got[d].turns, want[d].turns) << "turns at depth " << d + 1;
    EXPECT_EQ(got[d].positions, want[d].positions) << "positions at depth " << d + 1;
  }
}

}  // namespace
}  // namespace tsivy
