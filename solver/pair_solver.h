// Retrograde analysis of one material pair, (m, n) together with (n, m)
// (docs/architecture.md, "Solving order"): seed from captures, propagate by paika un-moves
// with successor counters in depth order, draws last. Owner computes: every worker
// (a thread of a rank) holds and changes only its own slots (solver/partition.h);
// updates for other workers' slots are buffered per owner and exchanged, between
// threads in memory and between ranks through the Communicator (solver/update_exchange.h).
// Checkpoints of the working state: solver/pair_checkpoint.h.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lookup/class_table.h"
#include "runtime/communicator.h"
#include "lookup/table_lookup.h"
#include "lookup/value_code.h"

namespace tsivy {

// What the solver holds per slot of a pair, on the rank that owns the slot: a value code
// and a lazy successor counter (a byte each), and two frontier bitmaps (this depth step's
// and the next's). The solver allocates exactly this (pair_solver.cpp) and `tsivy plan`
// predicts memory from the same figures.
inline constexpr std::uint64_t kValueBytesPerSlot = 1;
inline constexpr std::uint64_t kCounterBytesPerSlot = 1;
inline constexpr std::uint64_t kFrontierBitmaps = 2;
// Bytes of working state for `slots` consecutive slots of one class (2.25 bytes a slot).
constexpr std::uint64_t working_state_bytes(std::uint64_t slots) {
  return (kValueBytesPerSlot + kCounterBytesPerSlot) * slots + kFrontierBitmaps * sizeof(std::uint64_t) * ((slots + 63) / 64);
}
// Updates a thread buffers before an exchange round; each is one 64-bit word.
inline constexpr std::uint64_t kUpdateBytes = sizeof(std::uint64_t);
// By default a round is sized by the rank's share of the pair being solved, so that the
// buffers divide over the ranks as the working state (2.25 bytes a slot) does; a fixed
// round left every rank its 8 MiB a thread and their copies, however many ranks. A
// thread's round is its share of the rank's slots of the pair over
// kSlotsPerRoundUpdate, within [kFewestUpdatesPerRound, kMostUpdatesPerRound].
//  - 1/64: measured up to 6 stones on 4 ranks of 1 thread (docs/solver.md, "Round
//    size"), 1 Mi updates a round (1/15 of the largest rank's slots of 2v4+4v2) took
//    the largest rank to 0.50x one rank's peak, 1/64 to 0.38x; 1/32 would leave about
//    0.42x, over the 0.4x wanted. tsivy plan's bound for the buffers (8 bytes an
//    update, twice for vector growth, up to twice more for the copies exchanged with
//    other ranks) is then under a third of the working state.
//  - At most 1 Mi updates (8 MiB a thread): what every pair used before; a large pair
//    on few ranks (7 stones on 1 to 4 ranks) keeps it, and with it its speed.
//  - At least 64 Ki (512 KiB a thread): below that, rounds of a small pair on many
//    ranks would be a few kilobytes a message, and a round's fixed cost (a collective
//    exchange and a barrier of the threads) would dominate; the buffers are then small
//    next to the process anyway.
inline constexpr std::uint64_t kSlotsPerRoundUpdate = 64;
inline constexpr std::uint64_t kMostUpdatesPerRound = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kFewestUpdatesPerRound = std::uint64_t{1} << 16;
// A thread's round by default, on a rank owning `rank_slots` slots of the pair (both
// classes) with `threads` threads. `tsivy plan` models the buffers with the same figure.
constexpr std::uint64_t default_updates_per_round(std::uint64_t rank_slots, unsigned threads) {
  return std::clamp(rank_slots / std::max(threads, 1u) / kSlotsPerRoundUpdate, kFewestUpdatesPerRound,
                    kMostUpdatesPerRound);
}
// Seeding's rounds hold updates_per_round / this many requests per thread: a request
// and its bookkeeping take about this many updates' bytes (solver/seed_requests.h).
inline constexpr std::uint64_t kSeedRequestCostInUpdates = 4;

// Where a solve is, in the order the phases come.
enum class SolvePhase {
  seeding,    // finding the seeds (see SolveProgress)
  seed,       // seeded (or resumed from a checkpoint)
  propagate,  // a depth step done
  draws,      // the rest are draws: the pair is solved
};
std::string to_string(SolvePhase phase);  // "seeding", "seed", "propagate", "draws"

struct SolveProgress {
  SolvePhase phase = SolvePhase::seeding;
  int depth = 0;               // the depth step being propagated
  std::uint64_t resolved = 0;  // positions with a value so far, both classes, all ranks
  std::uint64_t total = 0;     // canonical positions, both classes
  // SolvePhase::seeding is reported while the seeds are found, by rank 0 alone and from
  // inside the work (an 8-stone seeding is most of an hour): then `resolved` counts the
  // slots rank 0 has scanned and `total` is all of rank 0's slots.
};

// What a solve cost, for the bench and the summary (this rank's share where noted).
struct SolveStats {
  double seed_seconds = 0, propagate_seconds = 0;
  double frontier_seconds = 0;   // finding frontier positions (bitmap and seed scans), this rank
  double exchange_seconds = 0;   // packing, exchanging and unpacking updates between ranks
  std::uint64_t exchanged_bytes = 0;  // sent to other ranks, this rank
  std::uint64_t resolved = 0;         // all ranks
  std::uint64_t positions = 0;        // canonical positions of the pair, all ranks
  double seed_exchange_seconds = 0;   // asking for and answering seeding's values, this rank
  std::uint64_t seed_exchanged_bytes = 0;  // sent to other ranks by seeding, this rank
  std::uint64_t share_bytes = 0;      // this rank's shares of the smaller classes (solver/resident_shares.h)
  std::uint64_t working_bytes = 0;    // peak working state of this rank (values, counters, bitmaps)
  std::uint64_t owned_slots = 0;      // slots of this rank, both classes
  std::uint64_t updates_per_round = 0;  // a thread's round, as given or by default
};

struct SolveOptions {
  unsigned threads = 1;
  std::function<void(const SolveProgress&)> on_progress;  // called between steps, on every rank
  double seeding_progress_every = 30;  // seconds between "seeding" reports; 0: every 64Ki slots
  // Updates a thread buffers before an exchange round (a soft limit), so buffers stay
  // small next to the working state however large a depth step's frontier is.
  // 0: default_updates_per_round of this rank's slots of the pair.
  std::uint64_t updates_per_round = 0;
  // Checkpoints (solver/checkpoint.h): with a directory, a checkpoint of this pair found
  // there is resumed (same rank count required; any thread count), and with
  // checkpoint_every > 0 the working state is saved there at the first depth-step
  // boundary after every so many seconds.
  std::filesystem::path checkpoint_dir;
  double checkpoint_every = 0;
  std::ostream* log = nullptr;  // "resuming from checkpoint" notes, seeding's shares (rank 0)
  // Whether seeding reads the smaller classes from the value files of the directory
  // `smaller` reads (TableDirectory::value_file, solver/table_files.h), and writes them
  // where they are missing. false: seeding resolves them by search through `smaller`
  // and writes nothing.
  bool value_files = false;
  // Values deeper than this go to the side table instead of the one-byte code
  // (lookup/value_code.h); at most, and by default, all the code holds. Lower only so
  // that tests of small classes take the side table's path, which otherwise only 4v4
  // reaches (up to 8 stones). Changes nothing in the result.
  int max_coded_depth = slot_code::kMaxCodedDepth;
};

// The values one rank holds of one class after solving: slots [first, last).
struct SolvedSlice {
  Material material{};
  std::uint64_t first = 0, last = 0;
  std::vector<std::uint8_t> codes;                  // lookup/value_code.h, slot_code
  std::unordered_map<std::uint64_t, Value> deep;    // the slots coded slot_code::kDeep
  // A bit per slot, set for the canonical positions no reader of the distributed
  // tables looks at (capture positions: TableLookup::reads_entry). Empty: none.
  std::vector<std::uint64_t> unread;
  // The true counts of this rank's canonical slots, capture positions included.
  std::uint64_t wins = 0, draws = 0, losses = 0, max_depth = 0;
  // Every value, capture positions included (what the value files keep, solver/table_files.h);
  // Outcome::unused for non-canonical slots. first <= slot < last.
  Value at(std::uint64_t slot) const;
  // What the distributed tables store: at(slot), but Outcome::unused (don't-care) for
  // capture positions too.
  Value stored_at(std::uint64_t slot) const;
};

// Solves `material` and its mirror class (once when m == n) together with the other
// ranks of `comm`. Every class with fewer stones must already be readable through
// `smaller` (or have value files in its directory, options.value_files).
// Returns this rank's slices of the solved classes, `material` first.
std::vector<SolvedSlice> solve_pair(Material material, const TableLookup& smaller, Communicator& comm,
                                    const SolveOptions& options, SolveStats* stats = nullptr);

// Removes the checkpoint files of the pair of `material` (after its tables are written).
void remove_pair_checkpoint(const std::filesystem::path& checkpoint_dir, Material material);

// The whole class, for a single rank (tests and tools).
ClassTable to_class_table(const SolvedSlice& slice);

}  // namespace tsivy
