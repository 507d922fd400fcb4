// The working state of one pair on one rank while it is solved: seeded
// (solver/seeding.h), then propagated (solver/pair_solver.cpp); what its checkpoint
// saves (solver/pair_checkpoint.h). Internal to the solver.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "game/position.h"
#include "indexing/material_index.h"
#include "lookup/outcome.h"
#include "lookup/value_code.h"
#include "solver/pair_solver.h"
#include "solver/partition.h"

namespace tsivy {

// This rank's part of one class.
struct WorkingClass {
  Material material;
  const MaterialIndex* index = nullptr;
  Ownership owners;
  std::uint64_t first = 0, last = 0;  // this rank's slots
  std::vector<std::uint8_t> codes;    // value codes (lookup/value_code.h, slot_code), [first, last)
  std::vector<std::uint8_t> counter;  // unresolved distinct successors; 0: not counted yet
  std::vector<std::uint64_t> frontier, next;  // bit per slot: resolved at depth d / d + 1
  int other = 0;                      // the class a paika move leads to
};
// The figures `tsivy plan` predicts from (pair_solver.h) are these members' sizes.
static_assert(sizeof(decltype(WorkingClass::codes)::value_type) == kValueBytesPerSlot);
static_assert(sizeof(decltype(WorkingClass::counter)::value_type) == kCounterBytesPerSlot);
static_assert(sizeof(decltype(WorkingClass::frontier)::value_type) == sizeof(std::uint64_t));

// What each thread owns of each class, and its scratch space.
struct alignas(64) Worker {
  std::array<std::uint64_t, 2> first{}, last{};  // this thread's slots of each class
  std::array<std::uint64_t, 2> cursor{};          // frontier word the current pass resumes at
  std::unordered_map<std::uint64_t, Value> deep[2];  // this thread's slots coded slot_code::kDeep
  std::vector<std::uint64_t> frontier_slots;
  std::vector<Position> positions;
  std::vector<std::uint64_t> slots;
  std::uint64_t processed = 0, resolved = 0, canonical = 0;
  double frontier_seconds = 0;
  std::vector<std::uint64_t> seed_depths;  // seeds (wins and losses) per depth
};

struct PairState {
  std::vector<WorkingClass> classes;  // the pair's first class, then its mirror (unless it is its own)
  std::vector<Worker> workers;        // one per thread of this rank
  std::vector<std::uint64_t> seed_depths;  // this rank's seeds per depth
  std::uint64_t seed_depth_limit = 0;      // one past the deepest seed of any rank
  std::uint64_t resolved = 0, canonical = 0;  // positions with a value / all positions, all ranks
};

// Stores the value of slot `slot` of class `class_id` (its working class `c`, owned by
// worker `w`): a value code, or the worker's side table for a depth past
// max_coded_depth (pair_solver.h, SolveOptions). Seeding and propagation store so.
inline void store_value(WorkingClass& c, Worker& w, std::size_t class_id, std::uint64_t slot, const Value& v,
                        int max_coded_depth) {
  std::uint8_t& code = c.codes[slot - c.first];
  if (v.outcome == Outcome::draw) {
    code = slot_code::kDraw;
  } else if (v.depth <= max_coded_depth) {
    code = slot_code::encode(v.outcome, v.depth);
  } else {
    code = slot_code::kDeep;
    w.deep[class_id][slot] = v;
  }
}

}  // namespace tsivy
