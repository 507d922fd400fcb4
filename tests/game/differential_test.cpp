// The fast generator against the reference on many seeded random positions: the
// same multiset of turns with the same results, the same successors() and the same
// has_capture. A failure prints the position in notation.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/movegen.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

using test::show;

// Returns true when everything agrees; otherwise adds one failure describing `p`.
bool agrees(const Position& p) {
  const test::TurnList fast = test::sorted_turns(generate_turns(p));
  const test::TurnList ref = test::sorted_turns(reference::turns(p));
  bool ok = true;
  if (fast != ref) {
    ADD_FAILURE() << "generate_turns differs from the reference for " << show(p) << "\nfast:\n"
                  << test::describe(fast) << "reference:\n"
                  << test::describe(ref);
    ok = false;
  }
  std::vector<Position> succ{Position{3, 4, Colour::White}};  // must be cleared
  successors(p, succ);
  std::sort(succ.begin(), succ.end(), reference::PositionLess{});
  if (succ != reference::distinct_results(p)) {
    ADD_FAILURE() << "successors() differs from the reference's distinct results for " << show(p) << " ("
                  << succ.size() << " vs " << reference::distinct_results(p).size() << ")";
    ok = false;
  }
  const bool ref_capture = reference::has_capture(p);
  if (has_capture(p) != ref_capture || has_capture(p.us, p.them) != ref_capture) {
    ADD_FAILURE() << "has_capture differs from the reference (" << ref_capture << ") for " << show(p);
    ok = false;
  }
  return ok;
}

constexpr int kMaxReportedFailures = 5;

TEST(FastVersusReference, RandomPositionsOfAllSizes) {
  test::Rng rng(20240611);
  const long n = test::scaled(12000);
  int failures = 0;
  long captures = 0;
  for (long i = 0; i < n && failures < kMaxReportedFailures; ++i) {
    const Position p = test::random_position(rng);
    captures += reference::has_capture(p) ? 1 : 0;
    failures += agrees(p) ? 0 : 1;
  }
  EXPECT_EQ(failures, 0);
  // The sample must exercise both kinds of turn.
  EXPECT_GT(captures, n / 10);
  EXPECT_LT(captures, n - n / 10);
}

TEST(FastVersusReference, EveryMaterialBalance) {
  // Each (us, them) from 1..22 a few times, both colours to move.
  test::Rng rng(77);
  const int max_side = (kPoints - 1) / 2;
  const int per_class = test::kSanitizeBuild ? 1 : 4;
  int failures = 0;
  for (int us = 1; us <= max_side; ++us)
    for (int them = 1; them <= max_side; ++them)
      for (int k = 0; k < per_class && failures < kMaxReportedFailures; ++k) {
        const Position p = test::random_position(rng, us, them, k % 2 ? Colour::Black : Colour::White);
        failures += agrees(p) ? 0 : 1;
      }
  EXPECT_EQ(failures, 0);
}

TEST(FastVersusReference, PositionsFromRandomPlayouts) {
  test::Rng rng(4242);
  const std::vector<Position> positions = test::playout_positions(rng, static_cast<int>(test::scaled(300)), 80);
  EXPECT_GT(positions.size(), test::kSanitizeBuild ? 10u : 3000u);
  int failures = 0;
  for (const Position& p : positions) {
    if (failures >= kMaxReportedFailures) break;
    failures += agrees(p) ? 0 : 1;
  }
  EXPECT_EQ(failures, 0);
}

TEST(FastVersusReference, CrowdedBoards) {
  // 20..22 stones a side: long capture chains and many choices.
  test::Rng rng(99);
  const long n = test::scaled(1000);
  int failures = 0;
  for (long i = 0; i < n && failures < kMaxReportedFailures; ++i) {
    const int us = std::uniform_int_distribution<int>(18, 22)(rng);
    const int them = std::uniform_int_distribution<int>(18, 22)(rng);
    failures += agrees(test::random_position(rng, us, them, i % 2 ? Colour::Black : Colour::White)) ? 0 : 1;
  }
  EXPECT_EQ(failures, 0);
}

TEST(FastVersusReference, EmptyBoardAreas) {
  // Positions whose stones all sit on one edge or corner region, to stress the board
  // edges of the bitset shifts.
  test::Rng rng(2718);
  const long n = test::scaled(3000);
  int failures = 0;
  for (long i = 0; i < n && failures < kMaxReportedFailures; ++i) {
    // Choose a region: a row pair, a column band, or the edges.
    PointSet region = 0;
    const int kind = static_cast<int>(i % 4);
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kColumns; ++c) {
        const bool in = kind == 0   ? r <= 1
                        : kind == 1 ? r >= kRows - 2
                        : kind == 2 ? (c <= 1 || c >= kColumns - 2)
                                    : (r == 0 || r == kRows - 1 || c == 0 || c == kColumns - 1);
        if (in) region |= PointSet{1} << (r * kColumns + c);
      }
    Position p;
    p.to_move = i % 2 ? Colour::Black : Colour::White;
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kColumns; ++c) {
        const PointSet b = PointSet{1} << (r * kColumns + c);
        if (!(region & b)) continue;
        const int roll = std::uniform_int_distribution<int>(0, 3)(rng);
        if (roll == 0) p.us |= b;
        if (roll == 1) p.them |= b;
      }
    if (p.us == 0 || p.them == 0) continue;
    failures += agrees(p) ? 0 : 1;
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace tsivy
