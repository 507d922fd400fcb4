#include "solver/pair_solver.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "game/movegen.h"
#include "lookup/value_code.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"
#include "solver/pair_checkpoint.h"
#include "solver/pair_state.h"
#include "solver/partition.h"
#include "solver/propagation.h"
#include "solver/seeding.h"
#include "solver/update_exchange.h"

namespace tsivy {
namespace {

using namespace slot_code;

class PairSolver {
 public:
  PairSolver(Material material, const TableLookup& smaller, Communicator& comm, const SolveOptions& options)
      : smaller_(smaller), comm_(comm), options_(options), threads_(std::max(1u, options.threads)),
        rank_(static_cast<unsigned>(comm.rank())), ranks_(static_cast<unsigned>(comm.size())),
        checkpoint_(material, comm, options_), exchange_(comm, threads_) {
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
    // Seeding and propagation read the round size from options_: the rank's own, by
    // default, now that its slots are known.
    if (options_.updates_per_round == 0)
      options_.updates_per_round = default_updates_per_round(stats_.owned_slots, threads_);
    stats_.updates_per_round = options_.updates_per_round;
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
      seed_pair(state_, smaller_, comm_, options_, stats_);
      report(SolvePhase::seed, 0);
    }
    stats_.seed_seconds = seconds_since(start);
    stats_.positions = state_.canonical;
    // The checkpoint clock runs from the start of the pair, seeding included: an 8-stone
    // pair seeds for most of an hour, and that work is saved at the first depth step.
    propagate_pair(state_, resumed.value_or(0), comm_, options_, checkpoint_, exchange_, stats_);
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
  SolveOptions options_;  // the caller's, with the round size resolved
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
