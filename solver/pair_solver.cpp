#include "solver/pair_solver.h"

#include <algorithm>
#include <atomic>

#include "game/movegen.h"
#include "solver/parallel.h"

namespace tsivy {
namespace {

// Working state of one class. `state` uses the Outcome codes plus `unknown`; the
// counters hold, for unresolved quiet positions, how many distinct successor slots
// are not yet known to be won for the opponent (0: not counted yet, see count_down).
constexpr std::uint8_t kUnknown = 4;

struct WorkingClass {
  Material material;
  const MaterialIndex* index;
  std::vector<std::uint8_t> state;
  std::vector<std::uint16_t> depth;
  std::vector<std::uint8_t> counter;
  int other = 0;  // the class a paika move leads to (the pair's other member, or itself)
};

std::uint16_t max_depth_of(const std::vector<WorkingClass>& classes) {
  std::uint16_t deepest = 0;
  for (const auto& c : classes)
    for (std::size_t s = 0; s < c.state.size(); ++s)
      if (c.state[s] == static_cast<std::uint8_t>(Outcome::win) || c.state[s] == static_cast<std::uint8_t>(Outcome::loss))
        deepest = std::max(deepest, c.depth[s]);
  return deepest;
}

class PairSolver {
 public:
  PairSolver(Material material, const TableLookup& smaller, const SolveOptions& options)
      : smaller_(smaller), options_(options) {
    const Material mirror = material.flipped();
    classes_.push_back(make_class(material));
    if (mirror.us != material.us) {
      classes_.push_back(make_class(mirror));
      classes_[0].other = 1;
      classes_[1].other = 0;
    }
  }

  std::vector<ClassTable> run() {
    seed();
    propagate();
    return finish();
  }

 private:
  static WorkingClass make_class(Material m) {
    const MaterialIndex& index = MaterialIndex::of(m);
    WorkingClass c{m, &index, {}, {}, {}, 0};
    c.state.assign(index.slots(), kUnknown);
    c.depth.assign(index.slots(), 0);
    c.counter.assign(index.slots(), 0);
    return c;
  }

  void report(const std::string& phase, int depth) {
    if (options_.on_progress) options_.on_progress({phase, depth, resolved_.load(), canonical_.load()});
  }

  // Seeds: capture positions get their value from smaller classes, positions without a
  // turn lose now. Successor counters are filled lazily (see count_down), because most
  // quiet positions are resolved as wins before any successor needs counting.
  void seed() {
    for (WorkingClass& c : classes_) {
      parallel_for(0, c.state.size(), options_.threads, [&](std::uint64_t first, std::uint64_t last) {
        std::vector<Position> buffer;
        std::uint64_t canonical = 0, resolved = 0;
        for_each_slot(*c.index, first, last, [&](const SlotCursor& slot) {
          const std::uint64_t s = slot.slot();
          if (!slot.canonical()) {
            c.state[s] = static_cast<std::uint8_t>(Outcome::unused);
            return;
          }
          ++canonical;
          const Position position{slot.us(), slot.them(), Colour::White};
          if (has_capture(position)) {
            // The lookup resolves a capture position by its capture sequences into the
            // smaller classes on disk: the seed is exactly what any reader will see.
            set(c, s, smaller_.value(position.us, position.them));
            ++resolved;
          } else if (!has_paika(position)) {
            set(c, s, kLostNow);
            ++resolved;
          }
        });
        canonical_ += canonical;
        resolved_ += resolved;
      });
    }
    report("seed", 0);
  }

  static void set(WorkingClass& c, std::uint64_t slot, const Value& v) {
    c.state[slot] = static_cast<std::uint8_t>(v.outcome);
    c.depth[slot] = v.depth;
  }

  // Depth by depth: first every predecessor of a position lost in d becomes won in
  // d + 1; then predecessors of positions won in d lose one successor, and those
  // left with none lose in d + 1. Doing losses first means a position with both kinds
  // of news in one step is a win, as it must be.
  void propagate() {
    const int deepest_seed = max_depth_of(classes_);
    for (int d = 0;; ++d) {
      const std::uint64_t before = resolved_.load();
      const bool any_lost = sweep(d, Outcome::loss);
      const bool any_won = sweep(d, Outcome::win);
      report("propagate", d);
      if (!any_lost && !any_won && d >= deepest_seed && resolved_.load() == before) break;
    }
  }

  // Processes every position of the pair with value (outcome, d). Returns whether any existed.
  bool sweep(int d, Outcome outcome) {
    std::atomic<bool> any{false};
    for (WorkingClass& c : classes_) {
      WorkingClass& pred_class = classes_[c.other];
      parallel_for(0, c.state.size(), options_.threads, [&](std::uint64_t first, std::uint64_t last) {
        std::vector<Position> predecessors, buffer;
        std::vector<std::uint64_t> slots, scratch;
        std::uint64_t resolved = 0;
        bool found = false;
        // Finding the frontier is a scan of the whole table per depth step, so it is
        // done 64 entries at a time with a branch-free test the compiler vectorises.
        // Entries other threads resolve meanwhile get depth d + 1 and never match.
        const std::uint8_t* state = c.state.data();
        const std::uint16_t* depth = c.depth.data();
        const auto target = static_cast<std::uint8_t>(outcome);
        for (std::uint64_t s = first; s < last; ++s) {
          if ((s - first) % kScanBlock == 0 && s + kScanBlock <= last && !any_match(state + s, depth + s, target, d)) {
            s += kScanBlock - 1;
            continue;
          }
          if (state[s] != target || depth[s] != d) continue;
          found = true;
          const auto [us, them] = c.index->unindex_unchecked(s);
          paika_unmoves(Position{us, them, Colour::White}, predecessors);
          slots.clear();
          for (const Position& p : predecessors) slots.push_back(pred_class.index->index_unchecked(p.us, p.them));
          // A symmetric position can reach one stored predecessor by several un-moves;
          // it is still one successor of that predecessor (architecture.md, "Pitfall").
          std::sort(slots.begin(), slots.end());
          slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
          for (std::uint64_t q : slots) resolved += outcome == Outcome::loss ? mark_won(pred_class, q, d + 1)
                                                                            : count_down(pred_class, q, d + 1, buffer, scratch);
        }
        resolved_ += resolved;
        if (found) any = true;
      });
    }
    return any.load();
  }

  static constexpr std::uint64_t kScanBlock = 64;
  // Fixed trip count and no early exit, so the compiler turns this into a few SIMD compares.
  static bool any_match(const std::uint8_t* state, const std::uint16_t* depth, std::uint8_t target, int d) {
    unsigned hits = 0;
    const auto wanted_depth = static_cast<std::uint16_t>(d);
    for (std::uint64_t k = 0; k < kScanBlock; ++k) hits |= (state[k] == target) & (depth[k] == wanted_depth);
    return hits != 0;
  }

  static int mark_won(WorkingClass& c, std::uint64_t q, int depth) {
    std::atomic_ref<std::uint8_t> state(c.state[q]);
    std::uint8_t expected = kUnknown;
    if (!state.compare_exchange_strong(expected, static_cast<std::uint8_t>(Outcome::win))) return 0;
    c.depth[q] = static_cast<std::uint16_t>(depth);
    return 1;
  }

  // One more successor of q is known to be won for the opponent. The counter starts at
  // 0, meaning "not counted yet": the first decrement counts q's distinct successor
  // slots. That is exact, because no earlier win among q's successors can have been
  // missed: it would have touched q, and counted it, in an earlier sweep. A counter
  // that reaches 0 again makes q a loss, after which nothing touches it.
  int count_down(WorkingClass& c, std::uint64_t q, int depth, std::vector<Position>& buffer,
                 std::vector<std::uint64_t>& slots) {
    if (std::atomic_ref<std::uint8_t>(c.state[q]).load(std::memory_order_relaxed) != kUnknown) return 0;
    std::atomic_ref<std::uint8_t> counter(c.counter[q]);
    std::uint8_t current = counter.load();
    std::uint8_t remaining;
    do {
      remaining = static_cast<std::uint8_t>((current ? current : distinct_successors(c, q, buffer, slots)) - 1);
    } while (!counter.compare_exchange_weak(current, remaining));
    if (remaining != 0) return 0;
    c.depth[q] = static_cast<std::uint16_t>(depth);
    std::atomic_ref<std::uint8_t>(c.state[q]).store(static_cast<std::uint8_t>(Outcome::loss));
    return 1;
  }

  // Paika moves from different points can reach one stored successor (symmetry), so
  // successors are counted as distinct slots (architecture.md, "Pitfall").
  std::uint8_t distinct_successors(const WorkingClass& c, std::uint64_t q, std::vector<Position>& buffer,
                                   std::vector<std::uint64_t>& slots) const {
    const WorkingClass& target = classes_[c.other];
    const auto [us, them] = c.index->unindex_unchecked(q);
    successors(Position{us, them, Colour::White}, buffer);
    slots.clear();
    for (const Position& next : buffer) slots.push_back(target.index->index_unchecked(next.us, next.them));
    std::sort(slots.begin(), slots.end());
    return static_cast<std::uint8_t>(std::unique(slots.begin(), slots.end()) - slots.begin());
  }

  // Whatever no frontier reached is a draw: neither side can force a win from it.
  std::vector<ClassTable> finish() {
    std::vector<ClassTable> out;
    for (WorkingClass& c : classes_) {
      for (std::size_t s = 0; s < c.state.size(); ++s)
        if (c.state[s] == kUnknown) c.state[s] = static_cast<std::uint8_t>(Outcome::draw);
      out.push_back(ClassTable{c.material, std::move(c.state), std::move(c.depth)});
      c.counter = {};
    }
    report("draws", 0);
    return out;
  }

  const TableLookup& smaller_;
  const SolveOptions& options_;
  std::vector<WorkingClass> classes_;
  std::atomic<std::uint64_t> resolved_{0}, canonical_{0};
};

}  // namespace

std::vector<ClassTable> solve_pair(Material material, const TableLookup& smaller, const SolveOptions& options) {
  return PairSolver(material, smaller, options).run();
}

}  // namespace tsivy
