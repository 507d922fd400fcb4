// Saving and resuming a pair's working state (`generate --checkpoint-every`): each rank
// its slice, at the boundary before a depth step. solver/checkpoint.h does the bytes;
// this decides what a slice holds and when one is written.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "runtime/clock.h"
#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "solver/pair_state.h"

namespace tsivy {

class PairCheckpoint {
 public:
  // The pair of `material` (its first class), solved by the ranks of `comm`.
  PairCheckpoint(Material material, Communicator& comm, const SolveOptions& options);

  // Loads this rank's slice of the pair's checkpoint into `state` (sized and partitioned
  // already), if there is one; returns the depth step it resumes at. Collective.
  // Throws CheckpointError for a checkpoint that cannot be used.
  std::optional<int> resume(PairState& state);

  // Saves `state` as the checkpoint before depth step `step` when checkpoints are on and
  // one is due. Collective. The previous one is removed once this one is complete.
  void maybe_save(int step, const PairState& state);

 private:
  std::filesystem::path slice_file(int step, unsigned rank) const;
  std::filesystem::path latest_file() const;
  void save(int step, const PairState& state) const;

  Material material_;
  std::string tag_;
  Communicator& comm_;
  const SolveOptions& options_;
  unsigned rank_, ranks_;
  Clock::time_point last_checkpoint_ = Clock::now();
  int saved_step_ = -1;
};

}  // namespace tsivy
