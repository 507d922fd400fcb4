// rules.md, "Other boards": the start position of every board.
#include <gtest/gtest.h>

#include "game/notation.h"
#include "game/position.h"

namespace tsivy {
namespace {

// The examples of rules.md, by board.
std::string expected_start() {
  const std::string name = board_name();
  if (name == "3x3") return "BBB/B1W/WWW w";
  if (name == "5x3") return "BBB/BBB/B1W/WWW/WWW w";
  if (name == "3x5") return "BBBBB/BW1BW/WWWWW w";
  if (name == "5x5") return "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW w";
  if (name == "3x7") return "BBBBBBB/BWB1WBW/WWWWWWW w";
  if (name == "7x3") return "BBB/BBB/BBB/B1W/WWW/WWW/WWW w";
  if (name == "5x9") return "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w";
  return "";
}

TEST(OtherBoards, StartPositionIsTheRulesExample) {
  const std::string expected = expected_start();
  if (expected.empty()) GTEST_SKIP() << "rules.md gives no example for " << board_name();
  EXPECT_EQ(format_position(start_position()), expected);
  EXPECT_EQ(parse_position(expected), start_position());
}

TEST(OtherBoards, StartIsItsOwnHalfTurnWithColoursSwapped) {
  const Position start = start_position();
  EXPECT_EQ(half_turn(start.white()), start.black());
  EXPECT_EQ(count(start.us), kStonesPerSide);
  EXPECT_EQ(count(start.empty()), 1);
}

}  // namespace
}  // namespace tsivy
