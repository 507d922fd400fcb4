// Perft pinned to numbers computed by the reference generator (tests/game/
// reference_generator.cpp) and written here as literals, checked against tsivy::perft.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "game/perft.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

struct Expected {
  std::uint64_t turns;
  std::uint64_t positions;
};

constexpr std::string_view kPerftStart = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w";

void check_perft(std::string_view text, const std::vector<Expected>& want, bool also_reference = true) {
  SCOPED_TRACE("position " + std::string(text));
  const Position root = reference::parse(text);
  const int depth = static_cast<int>(want.size());
  const std::vector<PerftLevel> fast = perft(root, depth);
  ASSERT_EQ(fast.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(fast[i].depth, static_cast<int>(i) + 1);
    EXPECT_EQ(fast[i].turns, want[i].turns) << "turns at depth " << i + 1;
    EXPECT_EQ(fast[i].positions, want[i].positions) << "positions at depth " << i + 1;
  }
  if (!also_reference) return;
  const std::vector<reference::RefPerftLevel> ref = reference::perft(root, depth);
  ASSERT_EQ(ref.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(ref[i].turns, want[i].turns) << "reference turns at depth " << i + 1;
    EXPECT_EQ(ref[i].positions, want[i].positions) << "reference positions at depth " << i + 1;
  }
}

TEST(Perft, StartPosition) {
  check_perft(kPerftStart, {{5, 5}, {39, 39}, {724, 724}, {18026, 17075}});
}

TEST(Perft, StartPositionDepthFive) {
  // 431,852 turn sequences of five turns from the start (the known figure). The
  // reference takes about a second in Release; under the sanitizers only the fast
  // generator is checked.
  check_perft(kPerftStart, {{5, 5}, {39, 39}, {724, 724}, {18026, 17075}, {431852, 375275}}, !test::kSanitizeBuild);
}

TEST(Perft, Endgames) {
  // The example of docs/notation.md: White c2, e3 against Black g4.
  check_perft("9/6B2/4W4/2W6/9 w", {{12, 12}, {42, 42}, {256, 187}, {1411, 773}});
  check_perft("9/2B3B2/4W4/1W5W1/9 b", {{8, 8}, {12, 12}, {48, 48}, {198, 163}});
  check_perft("B7B/9/4W4/9/W7W w", {{14, 14}, {84, 84}, {1026, 568}, {6586, 2175}});
  check_perft("9/3BB4/9/3WW4/9 w", {{3, 3}, {5, 5}, {10, 10}, {32, 32}});
  check_perft("4B4/9/2B3B2/9/4W4 w", {{2, 2}, {26, 26}, {156, 153}, {1148, 785}});
  check_perft("1B5B1/3B1B3/9/2W3W2/4W4 b", {{22, 22}, {218, 217}, {2088, 1497}, {19348, 9782}});
}

TEST(Perft, DepthZeroHasNoLevels) {
  EXPECT_TRUE(perft(start_position(), 0).empty());
}

TEST(Perft, FastAgreesWithReferenceFromPlayoutPositions) {
  // Not pinned: the reference computes the numbers on the spot, on middle-game
  // positions reached by random games.
  test::Rng rng(6060);
  const std::vector<Position> positions = test::playout_positions(rng, test::kSanitizeBuild ? 2 : 10, 20);
  const int depth = test::kSanitizeBuild ? 2 : 3;
  for (std::size_t i = 0; i < positions.size(); i += 7) {
    const std::vector<PerftLevel> fast = perft(positions[i], depth);
    const std::vector<reference::RefPerftLevel> ref = reference::perft(positions[i], depth);
    ASSERT_EQ(fast.size(), ref.size());
    for (std::size_t d = 0; d < ref.size(); ++d) {
      EXPECT_EQ(fast[d].turns, ref[d].turns) << test::show(positions[i]) << " depth " << d + 1;
      EXPECT_EQ(fast[d].positions, ref[d].positions) << test::show(positions[i]) << " depth " << d + 1;
    }
  }
}

}  // namespace
}  // namespace tsivy
