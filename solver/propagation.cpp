#include "solver/propagation.h"

#include <algorithm>
#include <array>
#include <bit>

#include "game/movegen.h"
#include "lookup/value_code.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"

namespace tsivy {
namespace {

using namespace slot_code;

class Propagator {
 public:
  Propagator(PairState& state, Communicator& comm, const SolveOptions& options, PairCheckpoint& checkpoint,
             UpdateExchange& exchange, SolveStats& stats)
      : state_(state), comm_(comm), options_(options), checkpoint_(checkpoint), exchange_(exchange), stats_(stats),
        threads_(static_cast<unsigned>(state.workers.size())) {}

  // Depth by depth: first every predecessor of a position lost in d becomes won in
  // d + 1; then predecessors of positions won in d lose one successor, and those
  // left with none lose in d + 1. Doing losses first means a position with both kinds
  // of news in one step is a win, as it must be. Each half is done in rounds of at
  // most about updates_per_round updates per thread: generate, exchange, apply.
  void run(int first_depth) {
    PairState& state = state_;
    for (int d = first_depth;; ++d) {
      add_seeds(d);
      std::uint64_t processed = 0;
      for (Outcome kind : {Outcome::loss, Outcome::win}) {
        for (Worker& w : state.workers)
          for (std::size_t ci = 0; ci < state.classes.size(); ++ci) w.cursor[ci] = word_begin(state, w, ci);
        for (;;) {
          std::array<std::uint64_t, 1> unfinished{0};
          on_threads(threads_, [&](unsigned t) { generate(t, kind); });
          for (const Worker& w : state.workers)
            for (std::size_t ci = 0; ci < state.classes.size(); ++ci)
              if (w.cursor[ci] < word_end(state, w, ci)) unfinished[0] = 1;
          exchange_.exchange();
          on_threads(threads_, [&](unsigned t) { apply(t, d, kind); });
          exchange_.clear();
          comm_.max(unfinished);
          if (unfinished[0] == 0) break;
        }
      }
      for (WorkingClass& c : state.classes) std::swap(c.frontier, c.next);
      std::array<std::uint64_t, 2> totals{};
      for (Worker& w : state.workers) {
        totals[0] += w.processed;
        totals[1] += w.resolved;
        w.processed = w.resolved = 0;
      }
      comm_.sum(totals);
      processed = totals[0];
      state.resolved += totals[1];
      stats_.resolved = state.resolved;
      if (options_.on_progress) options_.on_progress({SolvePhase::propagate, d, state.resolved, state.canonical});
      if (processed == 0 && static_cast<std::uint64_t>(d) + 1 >= state.seed_depth_limit) break;
      checkpoint_.maybe_save(d + 1, state);
    }
  }

 private:
  static std::uint64_t word_begin(const PairState& state, const Worker& w, std::size_t ci) {
    return (w.first[ci] - state.classes[ci].first) / 64;
  }
  static std::uint64_t word_end(const PairState& state, const Worker& w, std::size_t ci) {
    return (w.last[ci] - state.classes[ci].first + 63) / 64;
  }

  // Puts this rank's seeds of depth d into the frontier: one byte compare per slot,
  // only at the depths where this rank has seeds. Both the codes and the side table
  // are looked at, whatever max_coded_depth is now: a checkpoint may have been written
  // under another.
  void add_seeds(int d) {
    PairState& state = state_;
    if (static_cast<std::size_t>(d) >= state.seed_depths.size() || state.seed_depths[d] == 0) return;
    on_threads(threads_, [&](unsigned t) {
      Worker& w = state.workers[t];
      const auto start = Clock::now();
      for (std::size_t ci = 0; ci < state.classes.size(); ++ci) {
        WorkingClass& c = state.classes[ci];
        if (d <= kMaxCodedDepth) {
          const std::uint8_t loss = encode(Outcome::loss, d), win = encode(Outcome::win, d);
          const std::uint8_t* codes = c.codes.data();
          for (std::uint64_t word = word_begin(state, w, ci); word < word_end(state, w, ci); ++word) {
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
    PairState& state = state_;
    Worker& w = state.workers[t];
    std::vector<std::vector<std::uint64_t>>& out = exchange_.outboxes(t);
    std::uint64_t buffered = 0;
    for (std::size_t ci = 0; ci < state.classes.size(); ++ci) {
      WorkingClass& c = state.classes[ci];
      const std::size_t pred_id = static_cast<std::size_t>(c.other);
      const WorkingClass& pred_class = state.classes[pred_id];
      while (w.cursor[ci] < word_end(state, w, ci) && buffered < options_.updates_per_round) {
        // Collect a batch of frontier slots from the bitmap (timed: the frontier
        // finding), then expand them.
        const auto start = Clock::now();
        w.frontier_slots.clear();
        const std::uint64_t stop = std::min(word_end(state, w, ci), w.cursor[ci] + 1024);
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
          // Every predecessor keeps this position's side to move as its opponent.
          const SharedSideIndex predecessors(*pred_class.index, us, false);
          w.slots.clear();
          for (const Position& p : w.positions) w.slots.push_back(predecessors.index(p.us));
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
    PairState& state = state_;
    Worker& w = state.workers[j];
    exchange_.for_each_batch(j, [&](std::span<const std::uint64_t> updates) {
      for (const std::uint64_t u : updates) {
        const std::size_t ci = update_class(u);
        const std::uint64_t q = update_slot(u);
        WorkingClass& c = state.classes[ci];
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
    store_value(c, w, ci, q, Value{outcome, static_cast<std::uint16_t>(depth)}, options_.max_coded_depth);
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
    PairState& state = state_;
    const auto [us, them] = c.index->unindex_unchecked(q);
    // Every successor keeps q's opponent, now to move.
    const SharedSideIndex target(*state.classes[c.other].index, them, true);
    w.slots.clear();
    for_each_paika_step(Position{us, them, Colour::White},
                        [&](Point, Point, const Position& p) { w.slots.push_back(target.index(p.them)); });
    std::sort(w.slots.begin(), w.slots.end());
    return static_cast<std::uint8_t>(std::unique(w.slots.begin(), w.slots.end()) - w.slots.begin());
  }


  // Hot functions bind it to a local `state`: held in a register, it is not reloaded
  // after every byte stored into the codes (which may alias any memory).
  PairState& state_;
  Communicator& comm_;
  const SolveOptions& options_;
  PairCheckpoint& checkpoint_;
  UpdateExchange& exchange_;
  SolveStats& stats_;
  const unsigned threads_;
};

}  // namespace

void propagate_pair(PairState& state, int first_depth, Communicator& comm, const SolveOptions& options,
                    PairCheckpoint& checkpoint, UpdateExchange& exchange, SolveStats& stats) {
  Propagator(state, comm, options, checkpoint, exchange, stats).run(first_depth);
}

}  // namespace tsivy
