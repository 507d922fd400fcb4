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

TEST(Evaluation, EveryStoneOfACapturableLineCounts) {
  // White a1 b1 c1 (to move), Black e1 with d1 empty: e1-d1A would take c1, b1 and a1;
  // c1-d1A would take e1. The first stone of each line is "threatened", every stone of
  // it "capturable".
  const Features f = features(parse_position("9/9/9/9/WWW1B4 w"));
  EXPECT_EQ(f[kThreatenedOwn], 1);
  EXPECT_EQ(f[kCapturableOwn], 3);
  EXPECT_EQ(f[kThreatenedTheirs], 1);
  EXPECT_EQ(f[kCapturableTheirs], 1);
  EXPECT_EQ(f[kEdge], 3 - 1);
  EXPECT_EQ(f[kTempo], 1);
  // A withdrawal's line runs the other way: Black c1 stepping to d1 away from b1 takes b1
  // and a1.
  const Features w = features(parse_position("9/9/9/9/WWB6 w"));
  EXPECT_EQ(w[kCapturableOwn], 2);
  EXPECT_EQ(w[kThreatenedOwn], 1);
}

TEST(Evaluation, ClosingInCountsTheStepsAlongTheLinesFromEachStoneAheadToTheNearestBehind) {
  // White b1, a5, i5 against Black c2: three against one. From b1 (a weak point, with no
  // diagonal) c2 is 2 steps, from a5 3 (a5-b4-c3-c2), from i5 6 (i5-h4-g3-f2-e2-d2-c2).
  const Features white = features(parse_position("W7W/9/9/2B6/1W7 w"));
  EXPECT_EQ(white[kClosingIn], -(2 + 3 + 6));
  EXPECT_EQ(white[kBehindOnEdge], 0);
  // For Black to move the same counts, against it.
  const Features black = features(parse_position("W7W/9/9/2B6/1W7 b"));
  EXPECT_EQ(black[kClosingIn], 2 + 3 + 6);
  // Black on the edge (c1): from b1 1 step, from a5 4, from i5 6 (i5-h4-g3-f2-e1-d1-c1).
  const Features edge = features(parse_position("W7W/9/9/9/1WB6 w"));
  EXPECT_EQ(edge[kClosingIn], -(1 + 4 + 6));
  EXPECT_EQ(edge[kBehindOnEdge], 1);
  // Not far ahead: a lead of one stone, or four stones behind.
  EXPECT_EQ(features(parse_position("W7W/9/9/2B6/9 w"))[kClosingIn], 0);
  const Features four_behind = features(parse_position("WWWWWW3/9/9/BBBB5/9 w"));
  EXPECT_EQ(four_behind[kClosingIn], 0);
  EXPECT_EQ(four_behind[kBehindOnEdge], 0);
}

TEST(Evaluation, TheMiddlegameWeightsGiveWayToTheEndgameOnesAsStonesGo) {
  EXPECT_EQ(middlegame_share(start_position()), kMiddlegameStones - kEndgameStones);
  EXPECT_EQ(middlegame_share(parse_position("9/6B2/4W4/2W6/9 w")), 0);
  Weights w{};
  w.middlegame[kMaterial] = 300;
  w.endgame[kMaterial] = 100;
  // kEndgameStones or fewer (here 3): the endgame's alone.
  EXPECT_EQ(evaluate(parse_position("9/6B2/4W4/2W6/9 w"), w), 100);
  // Halfway between the two: White 7, Black 5, the mean of 2 x 300 and 2 x 100.
  const Position half = parse_position("WWWWWWW2/9/9/9/BBBBB4 w");
  ASSERT_EQ(count(half.us) + count(half.them), (kEndgameStones + kMiddlegameStones) / 2);
  EXPECT_EQ(middlegame_share(half), (kMiddlegameStones - kEndgameStones) / 2);
  EXPECT_EQ(evaluate(half, w), 400);
}

// The engine's evaluation computes only the features its weights use; it must score as
// the evaluation that computes them all.
TEST(Evaluation, TheEnginesEvaluationIsThatOfItsWeightsOverEveryFeature) {
  std::mt19937_64 rng(9);
  for (int k = 0; k < 2000; ++k) {
    const Position p = testing::random_position(rng, 1 + static_cast<int>(rng() % 22), 1 + static_cast<int>(rng() % 22));
    ASSERT_EQ(evaluate(p), evaluate(p, kDefaultWeights)) << format_position(p);
  }
  // Every feature the weights use is one weighted_features names, and no other.
  Weights w{};
  w.middlegame[kEdge] = 1;
  w.endgame[kTempo] = 2;
  EXPECT_EQ(weighted_features(w), (1u << kEdge) | (1u << kTempo));
  EXPECT_EQ(weighted_features(Weights{}), 0u);
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
