// An independent brute-force solver for the tests: an explicit graph over RAW positions
// (no symmetry, no material index, no successor counters, no retrograde un-moves),
// solved by repeated relaxation until nothing changes. Its only link to the solver
// under test is the turn generator of game/, which tests/game checks separately
// against a slow reference generator.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "game/position.h"
#include "indexing/material_index.h"
#include "lookup/outcome.h"

namespace tsivy::testing {

class BruteForce {
 public:
  // Builds and solves every class (m, n), m, n >= 1, m + n <= max_stones.
  explicit BruteForce(int max_stones);

  int max_stones() const { return max_stones_; }
  // Number of raw positions (all placements, no symmetry) in all classes.
  std::uint64_t positions() const { return positions_; }
  // Relaxation rounds until the fixpoint (the last one changed nothing).
  int rounds() const { return rounds_; }

  // The value of a raw position of a solved class (us = side to move), from the side
  // to move: LOSS in 0 without stones or without a legal turn.
  Value value(PointSet us, PointSet them) const;

  // Calls f(us, them) for every raw position of `material`, in a fixed order.
  void for_each_position(Material material, const std::function<void(PointSet, PointSet)>& f) const;

 private:
  std::uint64_t slot(PointSet us, PointSet them) const;  // global slot of a raw position

  int max_stones_;
  std::uint64_t positions_ = 0;
  int rounds_ = 0;
  std::vector<std::uint64_t> class_offset_;  // by us * (max_stones + 1) + them
  std::vector<std::uint8_t> outcome_;        // Outcome codes; `unused` = not resolved / no position
  std::vector<std::uint16_t> depth_;
};

}  // namespace tsivy::testing
