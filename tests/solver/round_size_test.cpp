// The size of an exchange round (solver/pair_solver.h, default_updates_per_round): by
// default a fixed fraction of a thread's share of the rank's slots of the pair, within
// a floor and a ceiling; a given size wins. The solver uses it, and `tsivy plan`
// (solver/plan_model.h) models the rank with most slots with the same figure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "solver/partition.h"
#include "solver/plan_model.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy {
namespace {

using testing::kEndToEndStones;

TEST(RoundSize, IsAThreadsShareOfTheRanksSlotsWithinItsBounds) {
  // A thread's share of the slots over kSlotsPerRoundUpdate, between the bounds.
  const std::uint64_t fits = kSlotsPerRoundUpdate * 3 * kFewestUpdatesPerRound;  // 3x the floor
  EXPECT_EQ(default_updates_per_round(fits, 1), 3 * kFewestUpdatesPerRound);
  EXPECT_EQ(default_updates_per_round(2 * fits, 2), 3 * kFewestUpdatesPerRound);
  EXPECT_EQ(default_updates_per_round(2 * fits, 3), 2 * kFewestUpdatesPerRound);
  // Small pairs and many threads: the floor.
  EXPECT_EQ(default_updates_per_round(0, 1), kFewestUpdatesPerRound);
  EXPECT_EQ(default_updates_per_round(fits, 64), kFewestUpdatesPerRound);
  // Large pairs: the ceiling, today's 1 Mi updates (8 MiB a thread).
  EXPECT_EQ(kMostUpdatesPerRound, std::uint64_t{1} << 20);
  EXPECT_EQ(default_updates_per_round(kSlotsPerRoundUpdate * kMostUpdatesPerRound, 1), kMostUpdatesPerRound);
  EXPECT_EQ(default_updates_per_round(std::uint64_t{1} << 40, 8), kMostUpdatesPerRound);
  // No threads counts as one.
  EXPECT_EQ(default_updates_per_round(fits, 0), default_updates_per_round(fits, 1));
}

TEST(RoundSize, TheSolverSizesItsRoundsByTheRanksSlotsUnlessGivenOne) {
  static_assert(kEndToEndStones >= 4);
  const TableLookup smaller(TableDirectory::open(testing::reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  const Material material{1, 3};
  const std::uint64_t slots = MaterialIndex::of(material).slots() + MaterialIndex::of(material.flipped()).slots();
  for (unsigned threads : {1u, 3u}) {
    SolveOptions options;
    options.threads = threads;
    SolveStats by_default;
    const std::vector<SolvedSlice> expected = solve_pair(material, smaller, *comm, options, &by_default);
    EXPECT_EQ(by_default.owned_slots, slots);
    EXPECT_EQ(by_default.updates_per_round, default_updates_per_round(slots, threads));
    // What `tsivy plan` says the rank uses.
    EXPECT_EQ(plan_pair(material, 1, threads, 0).updates_per_round, by_default.updates_per_round);

    // A given size wins; tiny rounds (many per depth step) change no value.
    options.updates_per_round = 7;
    SolveStats given;
    const std::vector<SolvedSlice> slices = solve_pair(material, smaller, *comm, options, &given);
    EXPECT_EQ(given.updates_per_round, 7u);
    ASSERT_EQ(slices.size(), expected.size());
    for (std::size_t k = 0; k < slices.size(); ++k) EXPECT_EQ(slices[k].codes, expected[k].codes) << k;
  }
}

TEST(RoundSize, ThePlanSizesEachPairsRoundsByTheLargestRanksSlots) {
  // 2v4 with 4v2 on 4 ranks of 2 threads: the rank with most slots of both classes, from
  // the solver's own partition.
  const Material material{2, 4};
  const unsigned ranks = 4, threads = 2;
  std::uint64_t most = 0;
  for (unsigned r = 0; r < ranks; ++r) {
    std::uint64_t slots = 0;
    for (const Material m : {material, material.flipped()}) {
      const Ownership owners(MaterialIndex::of(m).slots(), ranks, threads);
      slots += owners.rank_last(r) - owners.rank_first(r);
    }
    most = std::max(most, slots);
  }
  const PairPlan by_default = plan_pair(material, ranks, threads, 0);
  EXPECT_EQ(by_default.updates_per_round, default_updates_per_round(most, threads));
  EXPECT_GT(by_default.updates_per_round, kFewestUpdatesPerRound);  // between the bounds
  EXPECT_LT(by_default.updates_per_round, kMostUpdatesPerRound);
  // The buffers follow the round: a given round of the same size plans the same bytes,
  // twice the round twice the bytes.
  const PairPlan same = plan_pair(material, ranks, threads, by_default.updates_per_round);
  EXPECT_EQ(same.buffer_bytes, by_default.buffer_bytes);
  const PairPlan twice = plan_pair(material, ranks, threads, 2 * by_default.updates_per_round);
  EXPECT_EQ(twice.updates_per_round, 2 * by_default.updates_per_round);
  EXPECT_NEAR(static_cast<double>(twice.buffer_bytes), 2.0 * static_cast<double>(by_default.buffer_bytes), 2.0);
  // More ranks, smaller rounds; one rank of a 7-stone pair keeps the ceiling.
  EXPECT_LT(plan_pair(material, 2 * ranks, threads, 0).updates_per_round, by_default.updates_per_round);
  EXPECT_EQ(plan_pair(Material{3, 4}, 1, 1, 0).updates_per_round, kMostUpdatesPerRound);
}

}  // namespace
}  // namespace tsivy
