#include "solver/plan_model.h"

#include <algorithm>
#include <cmath>

#include "solver/resident_shares.h"
#include "solver/generate.h"
#include "solver/pair_solver.h"
#include "indexing/capture_reach.h"
#include "solver/partition.h"

namespace tsivy {

const Measured& measured() {
  // All on the development machine (2-core Xeon VM, 24 GiB, Debian 12, release preset),
  // from /usr/bin/time and the manifest of a run; cluster/measured-peaks.json has the runs.
  static const Measured figures{
      // `tsivy generate --max-stones 2 --threads 2`: 12,768 KiB (the largest of 3 runs);
      // under `mpirun -np 2`: 18,868 and 19,600 KiB per rank. Since `tsivy serve` linked
      // cpp-httplib, its libssl, libcrypto and brotli load with every command: about 4 MiB
      // more than before (8,544 and 15,560 KiB).
      .process_bytes = 12768ull << 10,
      .mpi_rank_bytes = 19600ull << 10,
      // The 7-stone classes in format version 2 (`tsivy generate --max-stones 7` at
      // 6496611): 19,749,671 WDL and 139,830,924 depth bytes for 1,429,656,312 canonical
      // positions. (Up to 6 stones: 0.0178 and 0.129; the ratio falls as classes grow.)
      .wdl_bytes_per_position = 0.0138,
      .depth_bytes_per_position = 0.0978,
      // The same run: 1,565,674,536 canonical positions up to 7 stones in 2,165 s of CPU
      // time (user + system) on 2 threads, on a busy machine (43.6 min wall).
      .positions_per_core_second = 0.723e6,
      .source = "the format-2 tables up to 7 stones, generated with 2 threads on a 2-core Xeon VM "
                "(cluster/measured-peaks.json)"};
  return figures;
}

namespace {

std::uint64_t canonical_estimate(Material m) {
  // The board's symmetries (4, 8 on a square board): a class has raw / kSymmetries
  // symmetry classes, plus a few more for the rare symmetric positions (under 0.1 %
  // from 7 stones on at 5x9, INDEX.md).
  return (MaterialIndex::of(m).raw_positions() + kSymmetries - 1) / kSymmetries;
}

// The classes of the pair of `material`: (m, n) and, unless m == n, (n, m).
std::vector<Material> pair_classes(Material material) {
  std::vector<Material> classes{material};
  if (material.flipped() != material) classes.push_back(material.flipped());
  return classes;
}

// The rank with the most bytes of working state and shares together, from the
// solver's own partition (solver/partition.h): rank boundaries are multiples of
// kRankAlignment, so ranks are not all equal. Working state: the pair's classes;
// shares: the smaller classes its captures reach (solver/resident_shares.h), split the
// same way, 2 bytes a slot.
struct RankBytes {
  std::uint64_t working = 0, shares = 0;
  std::uint64_t slots = 0;  // of the pair: what the rank's default round size follows
};
RankBytes largest_rank_bytes(const std::vector<Material>& classes, const std::vector<Material>& reached, unsigned ranks) {
  std::vector<RankBytes> bytes(ranks);
  // Adds bytes_of(slots) of each rank's slots of each class to that rank's `part`.
  const auto add = [&](const std::vector<Material>& of, std::uint64_t RankBytes::*part, auto bytes_of) {
    for (const Material m : of) {
      const std::vector<std::uint64_t> bounds = split_range(0, MaterialIndex::of(m).slots(), ranks, kRankAlignment);
      for (unsigned r = 0; r < ranks; ++r) bytes[r].*part += bytes_of(bounds[r + 1] - bounds[r]);
    }
  };
  add(classes, &RankBytes::working, [](std::uint64_t slots) { return working_state_bytes(slots); });
  add(classes, &RankBytes::slots, [](std::uint64_t slots) { return slots; });
  add(reached, &RankBytes::shares, [](std::uint64_t slots) { return slots * kShareBytesPerSlot; });
  return *std::max_element(bytes.begin(), bytes.end(), [](const RankBytes& a, const RankBytes& b) {
    return a.working + a.shares < b.working + b.shares;
  });
}

}  // namespace

PairPlan plan_pair(Material material, unsigned ranks, unsigned threads, std::uint64_t updates_per_round) {
  const Measured& figures = measured();
  PairPlan plan;
  plan.material = material;
  const std::vector<Material> classes = pair_classes(material);
  plan.name = pair_name(material);
  for (const Material m : classes) {
    plan.slots += MaterialIndex::of(m).slots();
    const std::uint64_t canonical = canonical_estimate(m);
    plan.canonical += canonical;
    plan.wdl_bytes += static_cast<std::uint64_t>(std::llround(static_cast<double>(canonical) * figures.wdl_bytes_per_position));
    plan.depth_bytes += static_cast<std::uint64_t>(std::llround(static_cast<double>(canonical) * figures.depth_bytes_per_position));
  }
  const RankBytes largest = largest_rank_bytes(classes, pair_captures_reach(material), ranks);
  plan.working_bytes = largest.working;
  plan.resident_bytes = largest.shares;
  // The solver's own round size (pair_solver.h) for this rank's slots, unless given.
  if (updates_per_round == 0) updates_per_round = default_updates_per_round(largest.slots, threads);
  plan.updates_per_round = updates_per_round;
  // Each thread buffers up to updates_per_round updates per round (a soft limit) for the
  // workers that own them, in std::vectors that keep their capacity from round to round:
  // a vector that doubled its way up holds up to twice what it was filled with, and the
  // allocator keeps what the smaller ones held, so count twice the limit. With other
  // ranks, the part for them (all but 1/P) is also packed into one message per rank, and
  // as much arrives from them: up to twice more.
  constexpr double kVectorGrowth = 2.0;
  const double thread_buffers =
      kVectorGrowth * static_cast<double>(threads) * static_cast<double>(updates_per_round * kUpdateBytes);
  const double exchanged = ranks > 1 ? 2.0 * (ranks - 1) / ranks : 0.0;
  // Seeding's rounds buffer a quarter as many requests at about four times the bytes
  // (kSeedRequestCostInUpdates), before propagation's buffers exist: the same bound.
  plan.buffer_bytes = static_cast<std::uint64_t>(thread_buffers * (1.0 + exchanged));
  plan.process_bytes = ranks > 1 ? figures.mpi_rank_bytes : figures.process_bytes;
  plan.core_seconds = static_cast<double>(plan.canonical) / figures.positions_per_core_second;
  return plan;
}

std::vector<PairPlan> plan_pairs(const PlanRequest& request) {
  std::vector<PairPlan> plans;
  for (const Material m : materials_up_to(request.max_stones))
    if (m.us <= m.them) plans.push_back(plan_pair(m, request.ranks, request.threads, request.updates_per_round));
  return plans;
}

std::optional<unsigned> smallest_ranks_that_fit(int max_stones, unsigned threads, std::uint64_t updates_per_round,
                                                std::uint64_t memory_per_rank) {
  const auto fits = [&](unsigned ranks) {
    for (const Material m : materials_up_to(max_stones))
      if (m.us <= m.them && plan_pair(m, ranks, threads, updates_per_round).peak_bytes() > memory_per_rank) return false;
    return true;
  };
  // More ranks shrink each one's working state, and its default rounds until their
  // floor, and grow its exchange copies a little, so fitting is monotone in practice: bisect.
  if (!fits(kMostPlannedRanks)) return std::nullopt;
  unsigned low = 0, high = kMostPlannedRanks;  // fits(high), !fits(low) (0 ranks never fit)
  while (high - low > 1) {
    const unsigned mid = low + (high - low) / 2;
    (fits(mid) ? high : low) = mid;
  }
  return high;
}

}  // namespace tsivy
