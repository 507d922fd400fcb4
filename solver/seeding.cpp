#include "solver/seeding.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <stdexcept>

#include "game/capture_masks.h"
#include "game/movegen.h"
#include "indexing/capture_reach.h"
#include "lookup/value_code.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"
#include "runtime/progress_meter.h"
#include "solver/resident_shares.h"
#include "solver/seed_requests.h"

namespace tsivy {
namespace {

using namespace slot_code;

class Seeder {
 public:
  Seeder(PairState& state, const TableLookup& smaller, Communicator& comm, const SolveOptions& options, SolveStats& stats)
      : state_(state), smaller_(smaller), comm_(comm), options_(options), stats_(stats),
        threads_(static_cast<unsigned>(state.workers.size())), rank_(static_cast<unsigned>(comm.rank())) {}

  // Slots scanned by seeding so far, per thread; thread 0 of rank 0 reports them now and
  // then (SolvePhase::seeding). Each thread publishes its count once per chunk.
  class SeedingProgress {
   public:
    explicit SeedingProgress(const Seeder& solver)
        : options_(solver.options_), scanned_(solver.threads_), local_(solver.threads_),
          reports_(solver.comm_.is_root() && solver.options_.on_progress), meter_(options_.seeding_progress_every) {
      for (const WorkingClass& c : solver.state_.classes) owned_ += c.last - c.first;
    }
    void count(unsigned thread) {
      if ((++local_[thread].value & (kChunk - 1)) != 0) return;
      scanned_[thread].store(local_[thread].value, std::memory_order_relaxed);
      if (thread != 0 || !reports_ || !meter_.due()) return;
      std::uint64_t all = 0;
      for (const std::atomic<std::uint64_t>& s : scanned_) all += s.load(std::memory_order_relaxed);
      options_.on_progress({SolvePhase::seeding, 0, all, owned_});
    }

   private:
    static constexpr std::uint64_t kChunk = 1 << 16;
    struct alignas(64) Count {  // one cache line per thread: counted at every slot
      std::uint64_t value = 0;
    };
    const SolveOptions& options_;
    std::vector<std::atomic<std::uint64_t>> scanned_;
    std::vector<Count> local_;
    bool reports_;
    std::uint64_t owned_ = 0;
    ProgressMeter meter_;
  };

  // Seeds: capture positions get their value from smaller classes, positions without a
  // turn lose now. Successor counters are filled lazily (see apply), because most
  // quiet positions are resolved as wins before any successor needs counting.
  // A capture position's value is the best of its capture successors', asked of the
  // ranks holding them (solver/seed_requests.h) in bounded rounds: the seed is exactly
  // what a reader of the tables finds by search (lookup/table_lookup.h).
  void run() {
    PairState& state = state_;
    const ResidentShares shares(pair_captures_reach(state.classes[0].material), smaller_, options_.value_files, comm_,
                                threads_, options_.log);
    stats_.share_bytes = shares.bytes();
    SeedRequests requests(comm_, threads_);
    SeedingProgress progress(*this);
    std::vector<SeedScan> scans(threads_);
    for (unsigned t = 0; t < threads_; ++t) scans[t].next = state.workers[t].first;
    for (;;) {
      on_threads(threads_, [&](unsigned t) { scan_for_seeds(t, scans[t], shares, requests, progress); });
      requests.exchange(shares);
      on_threads(threads_, [&](unsigned t) {
        SeedScan& scan = scans[t];
        requests.for_each_answer(t, [&](std::uint32_t waiting, const Value& v) { scan.waiting[waiting].best.add(v); });
        for (const WaitingSeed& p : scan.waiting) settle_seed(state.workers[t], p.class_id, p.slot, p.best.value());
        scan.waiting.clear();
      });
      requests.clear();
      std::array<std::uint64_t, 1> unfinished{0};
      for (unsigned t = 0; t < threads_; ++t)
        for (std::size_t ci = 0; ci < state.classes.size(); ++ci)
          if (scans[t].next[ci] < state.workers[t].last[ci]) unfinished[0] = 1;
      comm_.max(unfinished);
      if (unfinished[0] == 0) break;
    }
    stats_.seed_exchange_seconds = requests.seconds();
    stats_.seed_exchanged_bytes = requests.bytes_sent();
    // Seeds join the frontier at their own depth: a step scans for them only where
    // this rank has some of that depth.
    std::array<std::uint64_t, 3> totals{};
    for (Worker& w : state.workers) {
      totals[0] += w.resolved;
      w.resolved = 0;  // propagation counts from here on; seeds are in state.resolved already
      totals[1] += w.canonical;
      totals[2] = std::max<std::uint64_t>(totals[2], w.seed_depths.size());
      if (state.seed_depths.size() < w.seed_depths.size()) state.seed_depths.resize(w.seed_depths.size(), 0);
      for (std::size_t d = 0; d < w.seed_depths.size(); ++d) state.seed_depths[d] += w.seed_depths[d];
    }
    std::array<std::uint64_t, 1> deepest{totals[2]};
    comm_.sum(std::span(totals).first(2));
    comm_.max(deepest);
    state.resolved = totals[0];
    state.canonical = totals[1];
    state.seed_depth_limit = deepest[0];
  }

 private:
  // A capture position waiting for its successors' values.
  struct WaitingSeed {
    std::uint64_t slot;
    std::size_t class_id;
    BestOfSuccessors best;
  };
  // Where a thread's seeding scan is, and its positions waiting for answers this round.
  struct SeedScan {
    std::array<std::uint64_t, 2> next{};
    std::vector<WaitingSeed> waiting;
    std::vector<Position> successors;
  };

  // Scans thread t's slots on from where it stopped, until about a round's requests are
  // buffered: settles quiet positions without a turn at once, and asks for the
  // successors of capture positions. A request costs about four updates' bytes (itself,
  // whose it is, and the waiting position's share), so a round holds a quarter of
  // updates_per_round requests: seeding's buffers stay those of propagation.
  void scan_for_seeds(unsigned t, SeedScan& scan, const ResidentShares& shares, SeedRequests& requests,
                      SeedingProgress& progress) {
    PairState& state = state_;
    constexpr std::uint64_t kSlotsPerCheck = 1024;
    const std::uint64_t round = std::max<std::uint64_t>(1, options_.updates_per_round / kSeedRequestCostInUpdates);
    Worker& w = state.workers[t];
    std::uint64_t buffered = 0;
    for (std::size_t ci = 0; ci < state.classes.size(); ++ci) {
      WorkingClass& c = state.classes[ci];
      // Consecutive slots keep the larger side's stones (SlotCursor). Where that is the
      // opponent, what its stones offer for capture is built once per run of slots.
      const bool them_is_larger = c.material.them > c.material.us;
      PointSet capturable_of = 0;
      CapturableFrom capturable(0);
      const auto captures = [&](const Position& p) {
        if (!them_is_larger) return has_capture(p);
        if (p.them != capturable_of) capturable = CapturableFrom(capturable_of = p.them);
        return capturable.origins(p.us, p.empty()) != 0;
      };
      while (scan.next[ci] < w.last[ci] && buffered < round) {
        const std::uint64_t end = std::min(w.last[ci], scan.next[ci] + kSlotsPerCheck);
        for_each_slot(*c.index, scan.next[ci], end, [&](const SlotCursor& slot) {
          progress.count(t);
          const std::uint64_t s = slot.slot();
          if (!slot.canonical()) {
            c.codes[s - c.first] = kUnused;
            return;
          }
          ++w.canonical;
          const Position position{slot.us(), slot.them(), Colour::White};
          if (!captures(position)) {
            if (!has_paika(position)) settle_seed(w, ci, s, kLostNow);
            return;
          }
          seed_capture_position(t, scan, shares, requests, ci, s, position, buffered);
        });
        scan.next[ci] = end;
      }
    }
  }

  // A capture position: its successors in this rank's shares answer at once, the others
  // are asked of their ranks (it then waits for the answers); settled now when nothing
  // was asked. `buffered`: the thread's requests this round.
  void seed_capture_position(unsigned t, SeedScan& scan, const ResidentShares& shares, SeedRequests& requests,
                             std::size_t ci, std::uint64_t slot, const Position& position, std::uint64_t& buffered) {
    PairState& state = state_;
    WaitingSeed waiting{slot, ci, {}};
    const auto number = static_cast<std::uint32_t>(scan.waiting.size());
    bool asked = false;
    successors(position, scan.successors);
    for (const Position& next : scan.successors) {
      // The side that lost its last stone has lost (TableLookup::resolve).
      if (!next.us) {
        waiting.best.add(kLostNow);
        continue;
      }
      const int id = shares.class_id(count(next.us), count(next.them));
      if (id < 0)
        throw std::logic_error("seeding: a capture leads to " + to_string(Material{count(next.us), count(next.them)}) +
                               ", which pair_captures_reach does not list");
      const std::uint64_t q = shares.index(id).index_unchecked(next.us, next.them);
      const unsigned owner = shares.owner(id, q);
      if (owner == rank_) {
        waiting.best.add(unpack_value(shares.packed(id, q)));
      } else {
        buffered = requests.ask(t, owner, id, q, number);
        asked = true;
      }
    }
    if (asked) {
      scan.waiting.push_back(waiting);
    } else {
      settle_seed(state.workers[t], ci, slot, waiting.best.value());
    }
  }

  void settle_seed(Worker& w, std::size_t ci, std::uint64_t slot, const Value& v) {
    PairState& state = state_;
    store_value(state.classes[ci], w, ci, slot, v, options_.max_coded_depth);
    ++w.resolved;
    if (v.outcome == Outcome::draw) return;
    if (w.seed_depths.size() <= v.depth) w.seed_depths.resize(v.depth + 1u, 0);
    ++w.seed_depths[v.depth];
  }


  // Hot functions bind it to a local `state`: held in a register, it is not reloaded
  // after every byte stored into the codes (which may alias any memory).
  PairState& state_;
  const TableLookup& smaller_;
  Communicator& comm_;
  const SolveOptions& options_;
  SolveStats& stats_;
  const unsigned threads_, rank_;
};

}  // namespace

void seed_pair(PairState& state, const TableLookup& smaller, Communicator& comm, const SolveOptions& options,
               SolveStats& stats) {
  Seeder(state, smaller, comm, options, stats).run();
}

}  // namespace tsivy
