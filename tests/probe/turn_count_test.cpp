// Why tsivy.h has no TSIVY_MAX_TURNS (tsivy_probe_root; probe/README.md, "How many
// turns"): the turn generator against the proven bound on the positions the tables can
// hold, and the positions the documents quote, with their counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "game/geometry.h"
#include "game/movegen.h"
#include "game/notation.h"
#include "indexing/material_index.h"
#include "tsivy/tsivy.h"

namespace tsivy::testing {
namespace {

// The proven bound for m stones to move against n: a capture turn is fixed by its first
// stone and the sequence of the opponent's stones each of its steps captures first
// (adjacent behind the step for a withdrawal, two points ahead for an approach), all
// distinct; so at most m * (P(n,1) + ... + P(n,n)) capture turns. Without a capture, a
// paika turn is a stone and one of its at most 8 neighbours.
std::uint64_t turn_bound(int m, int n) {
  std::uint64_t orders = 0, permutations = 1;
  for (int length = 1; length <= n; ++length) {
    permutations *= static_cast<std::uint64_t>(n - length + 1);
    orders += permutations;
  }
  return std::max(static_cast<std::uint64_t>(m) * orders, static_cast<std::uint64_t>(8 * m));
}

TEST(TurnCount, BoundOfTheHeaderIsTheLargestOverTheClassesTheTablesCanHold) {
  std::uint64_t largest = 0;
  for (const Material m : materials_up_to(kMaxStones)) largest = std::max(largest, turn_bound(m.us, m.them));
  if (kRows == 5 && kColumns == 9) {
    EXPECT_EQ(largest, 986409u);  // tsivy.h, tsivy_probe_root
  }
}

// Random positions of every class the tables can hold, dense in captures: the generator
// never gives more turns than the bound allows, and every turn text fits a tsivy_turn.
TEST(TurnCount, GeneratorStaysWithinTheBoundOnTheTablesPositions) {
  std::mt19937_64 rng(17);
  std::size_t most = 0;
  for (int round = 0; round < 20000; ++round) {
    const int total = 2 + static_cast<int>(rng() % (kMaxStones - 1));
    const int us = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(std::min(total - 1, kStonesPerSide)));
    const int them = std::min(total - us, kStonesPerSide);
    Position p{0, 0, Colour::White};
    PointSet taken = 0;
    for (int k = 0; k < us + them; ++k) {
      PointSet b;
      do b = bit(static_cast<Point>(rng() % kPoints));
      while (taken & b);
      taken |= b;
      (k < us ? p.us : p.them) |= b;
    }
    const auto turns = generate_turns(p);
    ASSERT_LE(turns.size(), turn_bound(us, them)) << format_position(p);
    for (const Turn& t : turns) ASSERT_LT(t.notation.size(), std::size_t{TSIVY_TURN_TEXT_MAX}) << t.notation;
    most = std::max(most, turns.size());
  }
  EXPECT_GT(most, 0u);
}

// The positions probe/README.md quotes, found by hill climbing: the most turns found
// within 10 stones, and outside the tables.
TEST(TurnCount, QuotedPositionsHaveTheirCounts) {
  if (kRows != 5 || kColumns != 9) GTEST_SKIP() << "5x9 positions";
  const Position many = parse_position("BWB1B2BB/B1WB1BB2/1B3B2B/W1B1B2BB/BWBBB1BBW w");
  const auto turns = generate_turns(many);
  EXPECT_EQ(turns.size(), 14811u);
  for (const Turn& t : turns) ASSERT_LT(t.notation.size(), std::size_t{TSIVY_TURN_TEXT_MAX}) << t.notation;
  EXPECT_EQ(generate_turns(parse_position("4B4/2B2B3/3B2B2/1B2BW3/2B2B3 w")).size(), 304u);  // 1v9
}

}  // namespace
}  // namespace tsivy::testing
