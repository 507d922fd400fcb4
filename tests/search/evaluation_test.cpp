// The evaluation's features mean what their names say, and the evaluation does not
// depend on how the board is turned (rules.md: the symmetries keep every line).
#include <gtest/gtest.h>

#include <random>

#include "game/notation.h"
#include "search/evaluation.h"
#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

TEST(Evaluation, FeaturesOfAHandMadePosition) {
  // White (to move) c2 and e3 against Black g4 (notation.md's endgame).
  const Features f = features(parse_position("9/6B2/4W4/2W6/9 w"));
  EXPECT_EQ(f[kMaterial], 1);
  EXPECT_EQ(f[kThreatenedOwn], 0);
  EXPECT_EQ(f[kStrongPoints], 1);  // e3 is strong; c2 (2 + 1) and g4 (6 + 3) are weak
}

TEST(Evaluation, AStoneOneStepFromCaptureIsThreatened) {
  // White to move on a1, Black on c1 with b1 empty: Black threatens a1 by approach
  // (c1-b1A), and White threatens c1 the same way.
  const Features f = features(parse_position("9/9/9/9/W1B6 w"));
  EXPECT_EQ(f[kThreatenedOwn], 1);
  EXPECT_EQ(f[kThreatenedTheirs], 1);
  // Withdrawal: Black (to move) on b1 can step to c1 away from White's a1; a1 has no
  // capture of b1 (it cannot step away from it on the board).
  const Features w = features(parse_position("9/9/9/9/WB7 b"));
  EXPECT_EQ(w[kThreatenedTheirs], 1);
  EXPECT_EQ(w[kThreatenedOwn], 0);
}

TEST(Evaluation, SameUnderEverySymmetry) {
  std::mt19937_64 rng(8);
  for (int k = 0; k < 300; ++k) {
    const Position p = testing::random_position(rng, 1 + static_cast<int>(rng() % 22), 1 + static_cast<int>(rng() % 22));
    for (Symmetry g : kAllSymmetries) {
      const Position q{apply(g, p.us), apply(g, p.them), p.to_move};
      ASSERT_EQ(features(q), features(p)) << format_position(p);
    }
  }
}

}  // namespace
}  // namespace tsivy::search
