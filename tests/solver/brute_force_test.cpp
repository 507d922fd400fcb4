// The tables the solver writes, read back from their files through the one lookup
// (capture positions resolved by search), against the independent brute-force solver,
// for every raw position of every class up to 4 stones.
#include "tests/solver/brute_force.h"

#include <gtest/gtest.h>

#include <memory>

#include "game/movegen.h"
#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "solver/generate.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

// Under the sanitizers the brute force stops at 3 stones to keep the suite quick.
#ifdef TSIVY_SANITIZE_BUILD
constexpr int kBruteForceStones = 3;
#else
constexpr int kBruteForceStones = 4;
#endif

// The brute force's own rules, checked on the 3-stone classes (quick to build).
const BruteForce& brute_force() {
  static const std::unique_ptr<BruteForce> solved = std::make_unique<BruteForce>(3);
  return *solved;
}

constexpr Point at(int column, int row) { return point_at(column, row); }  // 0-based, a1 = (0, 0)

TEST(BruteForce, CapturingTheLastEnemyStoneWinsInOne) {
  // a1-b1 approaches c1.
  EXPECT_EQ(brute_force().value(bit(at(0, 0)), bit(at(2, 0))), (Value{Outcome::win, 1}));
  // The same capture with a second enemy stone far away on i5 does not end the game.
  EXPECT_NE(brute_force().value(bit(at(0, 0)), bit(at(2, 0)) | bit(at(8, 4))), (Value{Outcome::win, 1}));
}

TEST(BruteForce, SideWithoutStonesLosesInZero) {
  EXPECT_EQ(brute_force().value(0, bit(at(4, 2))), (Value{Outcome::loss, 0}));
}

TEST(BruteForce, EnumeratesEveryPlacement) {
  std::uint64_t expected = 0;
  for (const Material m : materials_up_to(3)) expected += MaterialIndex::of(m).raw_positions();
  EXPECT_EQ(brute_force().positions(), expected);
  EXPECT_GT(brute_force().rounds(), 1);
}

// The relaxation's fixpoint obeys the value rules locally at every position.
TEST(BruteForce, ValuesAreTheBestOfTheSuccessors) {
  std::vector<Position> next;
  for (const Material m : materials_up_to(3)) {
    brute_force().for_each_position(m, [&](PointSet us, PointSet them) {
      const Value v = brute_force().value(us, them);
      successors(Position{us, them, Colour::White}, next);
      bool any_loss = false, all_win = true;
      int min_loss = 1 << 20, max_win = -1;
      for (const Position& r : next) {
        const Value s = brute_force().value(r.us, r.them);
        if (s.outcome == Outcome::loss) any_loss = true, min_loss = std::min<int>(min_loss, s.depth);
        if (s.outcome != Outcome::win) all_win = false;
        if (s.outcome == Outcome::win) max_win = std::max<int>(max_win, s.depth);
      }
      const Value expected = any_loss ? Value{Outcome::win, static_cast<std::uint16_t>(min_loss + 1)}
                             : all_win ? Value{Outcome::loss, static_cast<std::uint16_t>(max_win + 1)}
                                       : Value{Outcome::draw, 0};
      ASSERT_EQ(v, expected) << format_position(Position{us, them, Colour::White});
    });
  }
}

TEST(TablesMatchBruteForce, EveryRawPositionOfEveryClass) {
  const BruteForce brute(kBruteForceStones);
  if (kBruteForceStones >= 4) {
    // A side with a stone but no legal turn loses now: a1 is walled in by b1, a2, b2.
    EXPECT_EQ(brute.value(bit(at(0, 0)), bit(at(1, 0)) | bit(at(0, 1)) | bit(at(1, 1))), (Value{Outcome::loss, 0}));
  }
  const ScratchDir dir;
  GenerateOptions options;
  options.max_stones = kBruteForceStones;
  options.out = dir.path();
  options.solve.threads = 2;
  generate_tables(options);
  const TableLookup lookup(TableDirectory::open(dir.path()));

  for (const Material material : materials_up_to(kBruteForceStones)) {
    SCOPED_TRACE(to_string(material));
    const MaterialIndex& index = MaterialIndex::of(material);
    std::vector<bool> reached(index.slots(), false);
    std::uint64_t positions = 0, mismatches = 0;
    brute.for_each_position(material, [&](PointSet us, PointSet them) {
      ++positions;
      const std::uint64_t slot = index.index(us, them);
      reached[slot] = true;
      const Value looked_up = lookup.value(us, them), expected = brute.value(us, them);
      if (looked_up == expected) return;
      if (++mismatches <= 10)
        ADD_FAILURE() << format_position(Position{us, them, Colour::White}) << " (slot " << slot << "): tables say "
                      << to_string(looked_up) << ", brute force " << to_string(expected);
    });
    EXPECT_EQ(mismatches, 0u) << "of " << positions << " raw positions";
    EXPECT_EQ(positions, index.raw_positions());
    // Raw positions reach exactly the canonical slots.
    std::uint64_t wrongly_reached = 0;
    for (std::uint64_t s = 0; s < index.slots(); ++s)
      if (reached[s] != index.is_canonical(s)) ++wrongly_reached;
    EXPECT_EQ(wrongly_reached, 0u);
  }
}

}  // namespace
}  // namespace tsivy::testing
