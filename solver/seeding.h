// Seeding a pair, the first phase of solving it (docs/architecture.md, "Solving order"):
// every position whose side to move has a capture takes the best of its capture
// successors' values, read from this rank's shares of the smaller classes
// (solver/resident_shares.h) or asked of the ranks holding them in bounded rounds
// (solver/seed_requests.h); a position without a turn is LOSS 0. The seed is exactly
// what a reader of the tables finds by search (lookup/table_lookup.h). Internal to the
// solver; propagation (solver/pair_solver.cpp) goes on from the state it leaves.
#pragma once

#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "solver/pair_state.h"

namespace tsivy {

// Seeds this rank's slots of `state` (its classes sized and partitioned, its workers one
// per thread), then sums over the ranks what propagation starts from: state.resolved,
// state.canonical, state.seed_depths and state.seed_depth_limit. The smaller classes
// come from `smaller` (its directory's value files with options.value_files). Reports
// SolvePhase::seeding through options.on_progress now and then (rank 0). Fills
// stats.share_bytes, seed_exchange_seconds and seed_exchanged_bytes. Collective.
void seed_pair(PairState& state, const TableLookup& smaller, Communicator& comm, const SolveOptions& options,
               SolveStats& stats);

}  // namespace tsivy
