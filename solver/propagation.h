// Propagation, the second phase of solving a pair (docs/architecture.md, "Solving
// order"): depth by depth from the seeds, predecessors of losses become wins and
// predecessors of wins lose one successor, those left with none losing; updates for
// other workers' slots go through the exchange in bounded rounds. Internal to the
// solver: it goes on from the state seeding (solver/seeding.h) or a checkpoint left,
// and what no frontier reached is left unknown (a draw, pair_solver.cpp says).
#pragma once

#include "runtime/communicator.h"
#include "solver/pair_checkpoint.h"
#include "solver/pair_solver.h"
#include "solver/pair_state.h"
#include "solver/update_exchange.h"

namespace tsivy {

// Propagates `state` from depth step `first_depth` until no frontier is left and no
// seed is deeper; reports SolvePhase::propagate through options.on_progress after each
// step, and saves a checkpoint before a step when one is due. Fills stats.resolved.
// Collective.
void propagate_pair(PairState& state, int first_depth, Communicator& comm, const SolveOptions& options,
                    PairCheckpoint& checkpoint, UpdateExchange& exchange, SolveStats& stats);

}  // namespace tsivy
