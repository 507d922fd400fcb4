// `tsivy plan`'s model: what `tsivy generate` on P ranks of T threads will need, pair by
// pair, before anyone books a cluster. Memory comes from the solver's own figures
// (working_state_bytes, the rank partition, the shares of the classes captures reach,
// the update buffers); disk and time from figures measured on the tables up to 7 stones, which
// are constants here, each with where it was measured.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "indexing/material_index.h"

namespace tsivy {

// Measured figures the model rests on (docs/cluster.md says how).
struct Measured {
  // Peak resident memory of a process with next to no tables (`tsivy generate
  // --max-stones 2`): code, libraries, index tables. An MPI rank adds Open MPI's.
  std::uint64_t process_bytes;
  std::uint64_t mpi_rank_bytes;
  // Compressed file bytes per canonical position over every table up to 7 stones.
  double wdl_bytes_per_position;
  double depth_bytes_per_position;
  // Positions solved per second per core (canonical positions of the pair over its wall
  // time times the threads) on the largest 7-stone pair; larger classes are slower.
  double positions_per_core_second;
  const char* source;  // where these come from, printed with the plan
};
const Measured& measured();

struct PlanRequest {
  int max_stones = 0;
  unsigned ranks = 1;
  unsigned threads = 1;
  std::uint64_t updates_per_round = 0;  // 0: the solver's default (by the rank's share of each pair)
  std::optional<std::uint64_t> memory_per_rank;
};

// One pair (m, n) with (n, m), solved together; memory per rank is for the rank with the
// most slots.
struct PairPlan {
  Material material;  // m <= n
  std::string name;   // "3v4+4v3"
  std::uint64_t slots = 0;          // index slots of both classes
  std::uint64_t canonical = 0;      // canonical positions, estimated (raw positions / the board's symmetries)
  std::uint64_t working_bytes = 0;  // values, counters and frontier bitmaps of the rank's slots
  std::uint64_t resident_bytes = 0; // the rank's shares of the classes the pair's captures reach
  std::uint64_t updates_per_round = 0;  // a thread's round on that rank (given, or the solver's default)
  std::uint64_t buffer_bytes = 0;   // update buffers at their limit, and their exchange copies
  std::uint64_t process_bytes = 0;  // the process itself (Measured)
  std::uint64_t wdl_bytes = 0, depth_bytes = 0;  // files on disk, estimated
  double core_seconds = 0;                       // estimated
  std::uint64_t peak_bytes() const { return working_bytes + resident_bytes + buffer_bytes + process_bytes; }
};

PairPlan plan_pair(Material material, unsigned ranks, unsigned threads, std::uint64_t updates_per_round);

// Every pair up to request.max_stones, smallest total first (the order generate solves them).
std::vector<PairPlan> plan_pairs(const PlanRequest& request);

// The most ranks smallest_ranks_that_fit tries.
inline constexpr unsigned kMostPlannedRanks = 1u << 16;

// The smallest rank count (up to kMostPlannedRanks) at which every pair up to max_stones fits in
// memory_per_rank; nullopt when none does (what every rank holds whatever the count,
// the process and its buffers at their floor, leaves too little).
std::optional<unsigned> smallest_ranks_that_fit(int max_stones, unsigned threads, std::uint64_t updates_per_round,
                                                std::uint64_t memory_per_rank);

}  // namespace tsivy
