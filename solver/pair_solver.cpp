#include "solver/pair_solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "game/movegen.h"
#include "lookup/value_code.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "solver/clock.h"
#include "solver/pair_checkpoint.h"
#include "solver/pair_state.h"
#include "solver/partition.h"
#include "solver/resident_shares.h"
#include "indexing/capture_reach.h"
#include "solver/seed_requests.h"
#include "solver/update_exchange.h"

namespace tsivy {
namespace {

using namespace slot_code;

class PairSolver {
 public:
  PairSolver(Material material, const TableLookup& smaller, Communicator& comm, const SolveOptions& options)
      : smaller_(smaller), comm_(comm), options_(options), threads_(std::max(1u, options.threads)),
        rank_(static_cast<unsigned>(comm.rank())), ranks_(static_cast<unsigned>(comm.size())),
        checkpoint_(material, comm, options), exchange_(comm, threads_) {
    if (options.max_coded_depth > kMaxCodedDepth)
      throw std::invalid_argument("max_coded_depth " + std::to_string(options.max_coded_depth) +
                                  " does not fit a value code (at most " + std::to_string(kMaxCodedDepth) + ")");
    const Material mirror = material.flipped();
    add_class(material);
    if (mirror.us != material.us) {
      add_class(mirror);
      state_.classes[0].other = 1;
      state_.classes[1].other = 0;
    }
    state_.workers.resize(threads_);
    for (unsigned t = 0; t < threads_; ++t) {
      Worker& w = state_.workers[t];
      for (std::size_t c = 0; c < state_.classes.size(); ++c) {
        w.first[c] = state_.classes[c].owners.first(rank_ * threads_ + t);
        w.last[c] = state_.classes[c].owners.last(rank_ * threads_ + t);
      }
    }
  }

  std::vector<SolvedSlice> run(SolveStats* stats) {
    const auto start = Clock::now();
    const std::optional<int> resumed = checkpoint_.resume(state_);
    if (resumed) {
      report(SolvePhase::seed, 0);
    } else {
      seed();
    }
    stats_.seed_seconds = seconds_since(start);
    stats_.positions = state_.canonical;
    // The checkpoint clock runs from the start of the pair, seeding included: an 8-stone
    // pair seeds for most of an hour, and that work is saved at the first depth step.
    propagate(resumed.value_or(0));
    stats_.propagate_seconds = seconds_since(start) - stats_.seed_seconds;
    for (const Worker& w : state_.workers) stats_.frontier_seconds = std::max(stats_.frontier_seconds, w.frontier_seconds);
    stats_.exchange_seconds = exchange_.seconds();
    stats_.exchanged_bytes = exchange_.bytes_sent();
    std::vector<SolvedSlice> out = finish();
    if (stats) *stats = stats_;
    return out;
  }

 private:
  void add_class(Material m) {
    WorkingClass c;
    c.material = m;
    c.index = &MaterialIndex::of(m);
    c.owners = Ownership(c.index->slots(), ranks_, threads_);
    c.first = c.owners.rank_first(rank_);
    c.last = c.owners.rank_last(rank_);
    const std::uint64_t n = c.last - c.first;
    // Touched at random by every step: on huge pages (memory/huge_pages.h says why).
    memory::assign_on_huge_pages(c.codes, n, kUnknown);
    memory::assign_on_huge_pages(c.counter, n, std::uint8_t{0});
    memory::assign_on_huge_pages(c.frontier, (n + 63) / 64, std::uint64_t{0});
    memory::assign_on_huge_pages(c.next, (n + 63) / 64, std::uint64_t{0});
    stats_.owned_slots += n;
    stats_.working_bytes += working_state_bytes(n);
    state_.classes.push_back(std::move(c));
  }

  void report(SolvePhase phase, int depth) {
    if (options_.on_progress) options_.on_progress({phase, depth, state_.resolved, state_.canonical});
  }

  void set(WorkingClass& c, Worker& w, std::size_t class_id, std::uint64_t slot, const Value& v) {
    std::uint8_t& code = c.codes[slot - c.first];
    if (v.outcome == Outcome::draw) {
      code = kDraw;
    } else if (v.depth <= options_.max_coded_depth) {
      code = encode(v.outcome, v.depth);
    } else {
      code = kDeep;
      w.deep[class_id][slot] = v;
    }
  }

  // Slots scanned by seeding so far, per thread; thread 0 of rank 0 reports them now and
  // then (SolvePhase::seeding). Each thread publishes its count once per chunk.
  class SeedingProgress {
   public:
    explicit SeedingProgress(const PairSolver& solver)
        : options_(solver.options_), scanned_(solver.threads_), local_(solver.threads_),
          reports_(solver.comm_.is_root() && solver.options_.on_progress) {
      for (const WorkingClass& c : solver.state_.classes) owned_ += c.last - c.first;
    }
    void count(unsigned thread) {
      if ((++local_[thread].value & (kChunk - 1)) != 0) return;
      scanned_[thread].store(local_[thread].value, std::memory_order_relaxed);
      if (thread != 0 || !reports_ || seconds_since(last_report_) < options_.seeding_progress_every) return;
      last_report_ = Clock::now();
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
    Clock::time_point last_report_ = Clock::now();
  };

  // Seeds: capture positions get their value from smaller classes, positions without a
  // turn lose now. Successor counters are filled lazily (see apply), because most
  // quiet positions are resolved as wins before any successor needs counting.
  // A capture position's value is the best of its capture successors', asked of the
  // ranks holding them (solver/seed_requests.h) in bounded rounds: the seed is exactly
  // what a reader of the tables finds by search (lookup/table_lookup.h).
  void seed() {
    const ResidentShares shares(pair_captures_reach(state_.classes[0].material), smaller_, options_.value_files, comm_,
                                threads_, options_.log);
    stats_.share_bytes = shares.bytes();
    SeedRequests requests(comm_, threads_);
    SeedingProgress progress(*this);
    std::vector<SeedScan> scans(threads_);
    for (unsigned t = 0; t < threads_; ++t) scans[t].next = state_.workers[t].first;
    for (;;) {
      on_threads(threads_, [&](unsigned t) { scan_for_seeds(t, scans[t], shares, requests, progress); });
      requests.exchange(shares);
      on_threads(threads_, [&](unsigned t) {
        SeedScan& scan = scans[t];
        requests.for_each_answer(t, [&](std::uint32_t waiting, const Value& v) { scan.waiting[waiting].best.add(v); });
        for (const WaitingSeed& p : scan.waiting) settle_seed(state_.workers[t], p.class_id, p.slot, p.best.value());
        scan.waiting.clear();
      });
      requests.clear();
      std::array<std::uint64_t, 1> unfinished{0};
      for (unsigned t = 0; t < threads_; ++t)
        for (std::size_t ci = 0; ci < state_.classes.size(); ++ci)
          if (scans[t].next[ci] < state_.workers[t].last[ci]) unfinished[0] = 1;
      comm_.max(unfinished);
      if (unfinished[0] == 0) break;
    }
    stats_.seed_exchange_seconds = requests.seconds();
    stats_.seed_exchanged_bytes = requests.bytes_sent();
    // Seeds join the frontier at their own depth: a step scans for them only where
    // this rank has some of that depth.
    std::array<std::uint64_t, 3> totals{};
    for (Worker& w : state_.workers) {
      totals[0] += w.resolved;
      w.resolved = 0;  // propagation counts from here on; seeds are in state_.resolved already
      totals[1] += w.canonical;
      totals[2] = std::max<std::uint64_t>(totals[2], w.seed_depths.size());
      if (state_.seed_depths.size() < w.seed_depths.size()) state_.seed_depths.resize(w.seed_depths.size(), 0);
      for (std::size_t d = 0; d < w.seed_depths.size(); ++d) state_.seed_depths[d] += w.seed_depths[d];
    }
    std::array<std::uint64_t, 1> deepest{totals[2]};
    comm_.sum(std::span(totals).first(2));
    comm_.max(deepest);
    state_.resolved = totals[0];
    state_.canonical = totals[1];
    state_.seed_depth_limit = deepest[0];
    report(SolvePhase::seed, 0);
  }

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
    constexpr std::uint64_t kSlotsPerCheck = 1024;
    const std::uint64_t round = std::max<std::uint64_t>(1, options_.updates_per_round / kSeedRequestCostInUpdates);
    Worker& w = state_.workers[t];
    std::uint64_t buffered = 0;
    for (std::size_t ci = 0; ci < state_.classes.size(); ++ci) {
      WorkingClass& c = state_.classes[ci];
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
          if (!has_capture(position)) {
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
      settle_seed(state_.workers[t], ci, slot, waiting.best.value());
    }
  }

  void settle_seed(Worker& w, std::size_t ci, std::uint64_t slot, const Value& v) {
    set(state_.classes[ci], w, ci, slot, v);
    ++w.resolved;
    if (v.outcome == Outcome::draw) return;
    if (w.seed_depths.size() <= v.depth) w.seed_depths.resize(v.depth + 1u, 0);
    ++w.seed_depths[v.depth];
  }

  // Depth by depth: first every predecessor of a position lost in d becomes won in
  // d + 1; then predecessors of positions won in d lose one successor, and those
  // left with none lose in d + 1. Doing losses first means a position with both kinds
  // of news in one step is a win, as it must be. Each half is done in rounds of at
  // most about updates_per_round updates per thread: generate, exchange, apply.
  void propagate(int first_depth) {
    for (int d = first_depth;; ++d) {
      add_seeds(d);
      std::uint64_t processed = 0;
      for (Outcome kind : {Outcome::loss, Outcome::win}) {
        for (Worker& w : state_.workers)
          for (std::size_t ci = 0; ci < state_.classes.size(); ++ci) w.cursor[ci] = word_begin(w, ci);
        for (;;) {
          std::array<std::uint64_t, 1> unfinished{0};
          on_threads(threads_, [&](unsigned t) { generate(t, kind); });
          for (const Worker& w : state_.workers)
            for (std::size_t ci = 0; ci < state_.classes.size(); ++ci)
              if (w.cursor[ci] < word_end(w, ci)) unfinished[0] = 1;
          exchange_.exchange();
          on_threads(threads_, [&](unsigned t) { apply(t, d, kind); });
          exchange_.clear();
          comm_.max(unfinished);
          if (unfinished[0] == 0) break;
        }
      }
      for (WorkingClass& c : state_.classes) std::swap(c.frontier, c.next);
      std::array<std::uint64_t, 2> totals{};
      for (Worker& w : state_.workers) {
        totals[0] += w.processed;
        totals[1] += w.resolved;
        w.processed = w.resolved = 0;
      }
      comm_.sum(totals);
      processed = totals[0];
      state_.resolved += totals[1];
      stats_.resolved = state_.resolved;
      report(SolvePhase::propagate, d);
      if (processed == 0 && static_cast<std::uint64_t>(d) + 1 >= state_.seed_depth_limit) break;
      checkpoint_.maybe_save(d + 1, state_);
    }
  }

  std::uint64_t word_begin(const Worker& w, std::size_t ci) const { return (w.first[ci] - state_.classes[ci].first) / 64; }
  std::uint64_t word_end(const Worker& w, std::size_t ci) const { return (w.last[ci] - state_.classes[ci].first + 63) / 64; }

  // Puts this rank's seeds of depth d into the frontier: one byte compare per slot,
  // only at the depths where this rank has seeds. Both the codes and the side table
  // are looked at, whatever max_coded_depth is now: a checkpoint may have been written
  // under another.
  void add_seeds(int d) {
    if (static_cast<std::size_t>(d) >= state_.seed_depths.size() || state_.seed_depths[d] == 0) return;
    on_threads(threads_, [&](unsigned t) {
      Worker& w = state_.workers[t];
      const auto start = Clock::now();
      for (std::size_t ci = 0; ci < state_.classes.size(); ++ci) {
        WorkingClass& c = state_.classes[ci];
        if (d <= kMaxCodedDepth) {
          const std::uint8_t loss = encode(Outcome::loss, d), win = encode(Outcome::win, d);
          const std::uint8_t* codes = c.codes.data();
          for (std::uint64_t word = word_begin(w, ci); word < word_end(w, ci); ++word) {
            const std::uint64_t base = word * 64, n = std::min<std::uint64_t>(64, c.codes.size() - base);
            std::uint64_t bits = 0;
            for (std::uint64_t k = 0; k < n; ++k)
              bits |= static_cast<std::uint64_t>((codes[base + k] == loss) | (codes[base + k] == win)) << k;
            c.frontier[word] |= bits;
          }
        }
        for (const auto& [slot, v] : w.deep[ci])
          if (v.depth == d) c.frontier[(slot - c.first) / 64] |= std::uint64_t{1} << ((slot - c.first) % 64);
      }
      w.frontier_seconds += seconds_since(start);
    });
  }

  // One round of thread t's frontier positions of outcome `kind` (losses in the first
  // half of a step, wins in the second): the distinct predecessor slots of each, as
  // updates per owner. Processed positions leave the frontier bitmap.
  void generate(unsigned t, Outcome kind) {
    Worker& w = state_.workers[t];
    std::vector<std::vector<std::uint64_t>>& out = exchange_.outboxes(t);
    std::uint64_t buffered = 0;
    for (std::size_t ci = 0; ci < state_.classes.size(); ++ci) {
      WorkingClass& c = state_.classes[ci];
      const std::size_t pred_id = static_cast<std::size_t>(c.other);
      const WorkingClass& pred_class = state_.classes[pred_id];
      while (w.cursor[ci] < word_end(w, ci) && buffered < options_.updates_per_round) {
        // Collect a batch of frontier slots from the bitmap (timed: the frontier
        // finding), then expand them.
        const auto start = Clock::now();
        w.frontier_slots.clear();
        const std::uint64_t stop = std::min(word_end(w, ci), w.cursor[ci] + 1024);
        for (; w.cursor[ci] < stop; ++w.cursor[ci]) {
          std::uint64_t& word = c.frontier[w.cursor[ci]];
          for (std::uint64_t bits = word; bits; bits &= bits - 1) {
            const std::uint64_t local = w.cursor[ci] * 64 + static_cast<unsigned>(std::countr_zero(bits));
            const std::uint8_t code = c.codes[local];
            const bool won = code == kDeep ? w.deep[ci].at(c.first + local).outcome == Outcome::win : is_win(code);
            if (won != (kind == Outcome::win)) continue;
            w.frontier_slots.push_back(c.first + local);
            word &= ~(std::uint64_t{1} << (local % 64));
          }
        }
        w.frontier_seconds += seconds_since(start);
        for (const std::uint64_t s : w.frontier_slots) {
          ++w.processed;
          const auto [us, them] = c.index->unindex_unchecked(s);
          paika_unmoves(Position{us, them, Colour::White}, w.positions);
          w.slots.clear();
          for (const Position& p : w.positions) w.slots.push_back(pred_class.index->index_unchecked(p.us, p.them));
          // A symmetric position can reach one stored predecessor by several un-moves;
          // it is still one successor of that predecessor (docs/architecture.md, "Pitfall").
          std::sort(w.slots.begin(), w.slots.end());
          w.slots.erase(std::unique(w.slots.begin(), w.slots.end()), w.slots.end());
          for (const std::uint64_t q : w.slots) out[pred_class.owners.owner(q)].push_back(make_update(pred_id, q));
          buffered += w.slots.size();
        }
      }
    }
  }

  // Applies every update for thread j's slots, from its own rank's threads and from
  // the other ranks: marks wins (first half of a step) or counts down (second half).
  void apply(unsigned j, int d, Outcome kind) {
    Worker& w = state_.workers[j];
    exchange_.for_each_batch(j, [&](std::span<const std::uint64_t> updates) {
      for (const std::uint64_t u : updates) {
        const std::size_t ci = update_class(u);
        const std::uint64_t q = update_slot(u);
        WorkingClass& c = state_.classes[ci];
        const std::uint64_t local = q - c.first;
        if (c.codes[local] != kUnknown) continue;
        if (kind == Outcome::loss) {
          resolve(c, w, ci, q, Outcome::win, d + 1);
        } else {
          std::uint8_t& counter = c.counter[local];
          if (counter == 0) counter = distinct_successors(c, q, w);
          if (--counter == 0) resolve(c, w, ci, q, Outcome::loss, d + 1);
        }
      }
    });
  }

  void resolve(WorkingClass& c, Worker& w, std::size_t ci, std::uint64_t q, Outcome outcome, int depth) {
    set(c, w, ci, q, Value{outcome, static_cast<std::uint16_t>(depth)});
    const std::uint64_t local = q - c.first;
    c.next[local / 64] |= std::uint64_t{1} << (local % 64);
    ++w.resolved;
  }

  // Paika moves from different points can reach one stored successor (symmetry), so
  // successors are counted as distinct slots (docs/architecture.md, "Pitfall"). The count
  // is exact when first needed: an earlier won successor would have counted it then.
  // q is unresolved, so it has no capture (those are seeds): its turns are exactly its
  // paika steps, generated without first searching for captures.
  std::uint8_t distinct_successors(const WorkingClass& c, std::uint64_t q, Worker& w) const {
    const MaterialIndex& target = *state_.classes[c.other].index;
    const auto [us, them] = c.index->unindex_unchecked(q);
    w.slots.clear();
    for_each_paika_step(Position{us, them, Colour::White},
                        [&](Point, Point, const Position& p) { w.slots.push_back(target.index_unchecked(p.us, p.them)); });
    std::sort(w.slots.begin(), w.slots.end());
    return static_cast<std::uint8_t>(std::unique(w.slots.begin(), w.slots.end()) - w.slots.begin());
  }

  // Whatever no frontier reached is a draw: neither side can force a win from it.
  std::vector<SolvedSlice> finish() {
    std::vector<SolvedSlice> out;
    for (std::size_t ci = 0; ci < state_.classes.size(); ++ci) {
      WorkingClass& c = state_.classes[ci];
      SolvedSlice slice;
      slice.material = c.material;
      slice.first = c.first;
      slice.last = c.last;
      for (std::uint8_t& code : c.codes)
        if (code == kUnknown) code = kDraw;
      // The true counts, and which entries the distributed tables leave don't-care: no
      // reader looks at capture positions there (TableLookup::reads_entry). Threads own
      // whole words of the bitmap (solver/partition.h).
      std::vector<std::array<std::uint64_t, 4>> counts(threads_);
      slice.unread.assign((c.last - c.first + 63) / 64, 0);
      on_threads(threads_, [&](unsigned t) {
        const Worker& w = state_.workers[t];
        for_each_slot(*c.index, w.first[ci], w.last[ci], [&](const SlotCursor& slot) {
          const std::uint64_t local = slot.slot() - c.first;
          const std::uint8_t code = c.codes[local];
          if (code == kUnused) return;
          const Value v = code == kDeep ? w.deep[ci].at(slot.slot()) : decode(code);
          ++counts[t][static_cast<int>(v.outcome)];
          counts[t][3] = std::max<std::uint64_t>(counts[t][3], v.depth);
          if (!TableLookup::reads_entry(slot.us(), slot.them())) slice.unread[local / 64] |= std::uint64_t{1} << (local % 64);
        });
      });
      for (const auto& k : counts) {
        slice.losses += k[static_cast<int>(Outcome::loss)];
        slice.draws += k[static_cast<int>(Outcome::draw)];
        slice.wins += k[static_cast<int>(Outcome::win)];
        slice.max_depth = std::max(slice.max_depth, k[3]);
      }
      slice.codes = std::move(c.codes);
      for (Worker& w : state_.workers) slice.deep.merge(w.deep[ci]);
      c.counter = {};
      c.frontier = {};
      c.next = {};
      out.push_back(std::move(slice));
    }
    state_.resolved = state_.canonical;  // every position left is a draw: all have their value now
    report(SolvePhase::draws, 0);
    return out;
  }

  const TableLookup& smaller_;
  Communicator& comm_;
  const SolveOptions& options_;
  unsigned threads_, rank_, ranks_;
  PairState state_;
  PairCheckpoint checkpoint_;
  UpdateExchange exchange_;
  SolveStats stats_;
};

}  // namespace

std::string to_string(SolvePhase phase) {
  switch (phase) {
    case SolvePhase::seeding: return "seeding";
    case SolvePhase::seed: return "seed";
    case SolvePhase::propagate: return "propagate";
    case SolvePhase::draws: return "draws";
  }
  return "?";
}

Value SolvedSlice::at(std::uint64_t slot) const {
  const std::uint8_t code = codes[slot - first];
  return code == kDeep ? deep.at(slot) : decode(code);
}

Value SolvedSlice::stored_at(std::uint64_t slot) const {
  const std::uint64_t local = slot - first;
  if (!unread.empty() && (unread[local / 64] >> (local % 64) & 1)) return {Outcome::unused, 0};
  return at(slot);
}

ClassTable to_class_table(const SolvedSlice& slice) {
  if (slice.first != 0 || slice.last != MaterialIndex::of(slice.material).slots())
    throw std::logic_error("to_class_table: not the whole class");
  ClassTable table{slice.material, std::vector<std::uint8_t>(slice.codes.size()), std::vector<std::uint16_t>(slice.codes.size())};
  for (std::uint64_t s = 0; s < slice.codes.size(); ++s) {
    const Value v = slice.stored_at(s);
    table.wdl[s] = static_cast<std::uint8_t>(v.outcome);
    table.depth[s] = v.depth;
  }
  return table;
}

std::vector<SolvedSlice> solve_pair(Material material, const TableLookup& smaller, Communicator& comm,
                                    const SolveOptions& options, SolveStats* stats) {
  return PairSolver(material, smaller, comm, options).run(stats);
}

}  // namespace tsivy
