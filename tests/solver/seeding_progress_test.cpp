// SolvePhase::seeding progress (SolveProgress): reported from inside a seeding, rank 0 only,
// counting the slots rank 0 has scanned out of all of its slots.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy {
namespace {

using testing::kEndToEndStones;  // the reference tables go up to it

TEST(SeedingProgress, CountsScannedSlotsUpToThePairsOwnAndNeverRunsBackwards) {
  // 2v2: a class of 4 chunks of slots, seeded from the smaller classes on disk.
  static_assert(kEndToEndStones >= 4);
  const Material material{2, 2};
  const TableLookup smaller(TableDirectory::open(testing::reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  const std::uint64_t slots = MaterialIndex::of(material).slots();  // 2v2 is its own mirror

  for (unsigned threads : {1u, 2u}) {
    std::vector<SolveProgress> seeding;
    std::vector<SolvePhase> phases;
    SolveOptions options;
    options.threads = threads;
    options.seeding_progress_every = 0;  // at every chunk of slots
    options.on_progress = [&](const SolveProgress& p) {
      if (phases.empty() || phases.back() != p.phase) phases.push_back(p.phase);
      if (p.phase == SolvePhase::seeding) seeding.push_back(p);
    };
    solve_pair(material, smaller, *comm, options);

    ASSERT_FALSE(seeding.empty()) << threads << " thread(s)";
    for (std::size_t i = 0; i < seeding.size(); ++i) {
      EXPECT_EQ(seeding[i].total, slots);
      EXPECT_LE(seeding[i].resolved, slots);
      if (i > 0) {
        EXPECT_GE(seeding[i].resolved, seeding[i - 1].resolved);
      }
    }
    // Seeding comes first and is over before the pair's "seed" line.
    ASSERT_GE(phases.size(), 2u);
    EXPECT_EQ(phases[0], SolvePhase::seeding);
    EXPECT_EQ(phases[1], SolvePhase::seed);
  }
}

TEST(SeedingProgress, SilentWhenTheIntervalIsNotReached) {
  const Material material{1, 3};
  const TableLookup smaller(TableDirectory::open(testing::reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  bool seeding_reported = false;
  SolveOptions options;
  options.seeding_progress_every = 3600;
  options.on_progress = [&](const SolveProgress& p) { seeding_reported |= p.phase == SolvePhase::seeding; };
  solve_pair(material, smaller, *comm, options);
  EXPECT_FALSE(seeding_reported);
}

}  // namespace
}  // namespace tsivy
