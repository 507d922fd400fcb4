#include "search/proof_search.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "game/movegen.h"
#include "game/turn_generator.h"
#include "game/zobrist.h"
#include "search/evaluation.h"
#include "game/zobrist.h"

namespace tsivy::search {
namespace {

// A number that is not infinite stays below infinity however large the sum.
ProofNumber clamp_finite(std::uint64_t x) { return static_cast<ProofNumber>(std::min<std::uint64_t>(x, kInfiniteProofSum - 1)); }

// The threshold a child gets beyond the second best sibling (Pawlewicz and Lew's 1+epsilon
// trick): a little slack, so that the search does not switch between two nearly equal
// children at every step.
std::uint64_t one_plus_epsilon(std::uint64_t second) { return second >= kInfiniteProofSum ? kInfiniteProofSum : second + 1 + second / 4; }

}  // namespace

const char* goal_name(Goal g) { return g == Goal::wins ? "wins" : "does-not-lose"; }

struct ProofSearch::Child {
  PointSet us = 0, them = 0;  // the position after the turn (its side to move: the parent's opponent)
  std::uint64_t key = 0;
  ProofNumber pn = 1, dn = 1;
  std::uint32_t depends_on = kClean;
  std::uint32_t depth = 0;  // settled: ProofEntry::depth
  int order = 0;  // the evaluation's preference: higher first, among equal numbers
  bool settled() const { return pn == 0 || dn == 0; }
};

struct ProofSearch::Frame {
  std::vector<Child> children;
};

namespace {

// The turn generator's sink (game/turn_generator.h) for the prover: each turn becomes a
// child, its position and key, straight away, in generate_moves' order; no Move is kept.
template <class Child>
class ChildSink {
 public:
  ChildSink(std::vector<Child>& out, const ProofTable& table, Colour mover, std::uint64_t key)
      : out_(out), table_(table), mover_(mover), key_(key ^ kBlackToMoveKey) {}
  void begin(Point from) {
    from_ = from;
    steps_ = 0;
  }
  void step(Point to, Direction, CaptureKind, PointSet captured) {
    ++steps_;
    landing_[steps_] = static_cast<std::uint8_t>(to);
    captured_[steps_] = captured_[steps_ - 1] | captured;
  }
  void undo_step() { --steps_; }
  void emit(const Position& result) {
    Child& c = out_.emplace_back();
    c.us = result.us;
    c.them = result.them;
    const auto& stone = zobrist_detail::kKeys.stone[static_cast<int>(mover_)];
    c.key = key_ ^ stone[from_] ^ stone[landing_[steps_]];
    if (const PointSet captured = captured_[steps_]) c.key ^= stones_key(other(mover_), captured);
    // The child's bucket on its way while the other turns are generated (ProofTable::prefetch).
    table_.prefetch(c.key);
  }

 private:
  std::vector<Child>& out_;
  const ProofTable& table_;
  Colour mover_;
  std::uint64_t key_;
  Point from_ = 0;
  int steps_ = 0;
  std::array<std::uint8_t, kMaxSteps + 1> landing_{};
  std::array<PointSet, kMaxSteps + 1> captured_{};
};

}  // namespace

ProofSearch::ProofSearch(ProofTable& table, TableLeaves& leaves, Colour attacker, Goal goal)
    : table_(table), leaves_(leaves), attacker_(attacker), goal_(goal) {
  if (leaves_.max_stones() > 0) leaf_cache_.assign(kLeafCacheSlots, LeafSlot{});
}
ProofSearch::~ProofSearch() = default;

std::optional<Outcome> ProofSearch::leaf_value(const Position& p) {
  if (!p.us) return Outcome::loss;
  const int stones = count(p.us) + count(p.them);
  if (leaves_.covers(stones)) {
    ++counters_.table_probes;
    // The tables' answer is a function of (us, them) alone: a small cache of the last
    // answers, checked on the whole position, spares the lookup its capture resolution
    // and block decompression when a leaf comes back (it does, from re-expansions).
    const std::uint64_t mix = (p.us * 0x9E3779B97F4A7C15ull) ^ (p.them * 0xC2B2AE3D27D4EB4Full);
    LeafSlot& slot = leaf_cache_[(mix ^ (mix >> 29)) & (kLeafCacheSlots - 1)];
    if (slot.us == p.us && (slot.them_and_value & kLeafStoneMask) == p.them && (slot.them_and_value >> kLeafValueShift)) {
      ++counters_.table_hits;
      return static_cast<Outcome>((slot.them_and_value >> kLeafValueShift) - 1);
    }
    const std::optional<Outcome> o = leaves_.wdl(p);
    // A damaged file: the proof cannot go on with leaves it can no longer read.
    if (!o) throw std::runtime_error("a table file failed during the proof: " + leaves_.error());
    ++counters_.table_hits;
    slot.us = p.us;
    slot.them_and_value = p.them | (static_cast<std::uint64_t>(static_cast<std::uint8_t>(*o) + 1) << kLeafValueShift);
    return o;
  }
  return std::nullopt;
}

ProofNumbers ProofSearch::leaf_numbers(const Position& p, Outcome for_mover) const {
  const Outcome for_attacker = p.to_move == attacker_ ? for_mover : flip(for_mover);
  return meets(for_attacker, goal_) ? ProofNumbers{0, kInfiniteProof} : ProofNumbers{kInfiniteProof, 0};
}

std::optional<ProofNumbers> ProofSearch::settled_in_table(const Position& p) const {
  if (const ProofEntry* e = table_.find(position_key(p), p); e && e->settled()) return ProofNumbers{e->pn, e->dn, e->depth};
  return std::nullopt;
}

std::optional<ProofNumbers> ProofSearch::numbers_in_table(const Position& p) const {
  if (const ProofEntry* e = table_.find(position_key(p), p)) return ProofNumbers{e->pn, e->dn, e->depth};
  return std::nullopt;
}

ProofNumbers ProofSearch::prove(const Position& root, std::span<const Position> path, const std::function<bool()>& keep_going) {
  path_.reset(path);
  keep_going_ = keep_going;
  stopped_ = false;
  root_index_ = path_.size();
  const std::uint64_t key = position_key(root);
  if (const int at = path_.repeated_at(root, key); at >= 0) return leaf_numbers(root, Outcome::draw);
  if (const std::optional<Outcome> o = leaf_value(root)) return leaf_numbers(root, *o);
  if (const std::optional<ProofNumbers> known = settled_in_table(root)) return *known;
  const Result r = mid(root, key, kInfiniteProofSum, kInfiniteProofSum);
  root_numbers_ = r.numbers;
  return r.numbers;
}

ProofSearch::Result ProofSearch::mid(const Position& p, std::uint64_t key, std::uint64_t th_pn, std::uint64_t th_dn) {
  ++counters_.nodes;
  if ((counters_.nodes & 4095) == 0 && keep_going_ && !keep_going_()) stopped_ = true;
  const std::uint64_t nodes_before = counters_.nodes;
  const std::size_t index = path_.size();
  const bool is_or = or_node(p);

  // This ply's frame (its children) is kept from node to node: no allocation once warm.
  // Frames are owned by pointer, so a deeper ply never moves this one.
  const std::size_t depth = index - root_index_;
  if (frames_.size() <= depth) frames_.resize(depth + 1);
  if (!frames_[depth]) frames_[depth] = std::make_unique<Frame>();
  std::vector<Child>& children = frames_[depth]->children;
  children.clear();
  ChildSink<Child> sink(children, table_, p.to_move, key);
  generate(sink, p);  // generate_moves' turns, in its order
  if (children.empty()) {
    // No turn: the side to move has lost.
    const ProofNumbers n = leaf_numbers(p, Outcome::loss);
    table_.store(key, p, n.pn, n.dn, 1);
    return {n, kClean};
  }
  path_.push(p, key);
  const Colour child_colour = other(p.to_move);
  const auto position_of = [&](const Child& c) { return Position{c.us, c.them, child_colour}; };
  // Repetitions and leaves first: a leaf that settles this node for its mover settles it
  // with the numbers, depth (1) and cleanliness that the whole node would get (no child
  // is cleaner than a leaf, none shallower), so the other children need not be looked at.
  // Not at the root, whose turns are counted for the progress report.
  constexpr int kOpen = 0, kKnown = 1;
  for (Child& c : children) {
    const Position cp = position_of(c);
    c.order = kKnown;
    if (const int at = path_.repeated_at(cp, c.key); at >= 0) {
      // A repetition: a draw on this path, for either side (docs/prover.md).
      const ProofNumbers n = leaf_numbers(cp, Outcome::draw);
      c.pn = n.pn;
      c.dn = n.dn;
      c.depends_on = static_cast<std::uint32_t>(at);
    } else if (const std::optional<Outcome> o = leaf_value(cp)) {
      const ProofNumbers n = leaf_numbers(cp, *o);
      c.pn = n.pn;
      c.dn = n.dn;
      if (depth != 0 && (is_or ? n.pn : n.dn) == 0) {
        path_.pop();
        const ProofNumbers settled = is_or ? ProofNumbers{0, kInfiniteProof, 1} : ProofNumbers{kInfiniteProof, 0, 1};
        table_.store(key, p, settled.pn, settled.dn, 1, 1);
        return {settled, kClean};
      }
    } else {
      c.order = kOpen;
    }
  }
  for (Child& c : children) {
    if (c.order != kOpen) continue;
    if (const ProofEntry* e = table_.find(c.key, position_of(c))) {
      c.pn = e->pn;
      c.dn = e->dn;
      c.depth = e->depth;
    }
  }
  // Ordering, for the children still open: stones taken first, then the evaluation from
  // the mover's side; it breaks ties between equal numbers (below), the first turn in
  // generation order among equal orders. A settled child is never the one searched
  // next: it is left unevaluated.
  const int them_before = count(p.them);
  for (Child& c : children)
    c.order = c.settled() ? std::numeric_limits<int>::min() : 1000 * (them_before - count(c.us)) - evaluate(position_of(c));
  ProofNumbers n;
  for (;;) {
    // The node's numbers from its children's: at the attacker's turn one child must
    // be proved (pn the least, dn the sum), at the defender's all of them.
    std::uint64_t least = kInfiniteProofSum, sum = 0;
    bool infinite_sum = false;
    std::size_t best = 0;
    std::uint64_t second = kInfiniteProofSum;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const std::uint64_t mine = is_or ? children[i].pn : children[i].dn;
      const std::uint64_t theirs = is_or ? children[i].dn : children[i].pn;
      if (mine < least) {
        second = least;
        least = mine;
        best = i;
      } else if (mine == least) {
        second = mine;
        if (children[i].order > children[best].order) best = i;
      } else if (mine < second) {
        second = mine;
      }
      if (theirs >= kInfiniteProofSum) infinite_sum = true;
      sum += theirs;
    }
    const ProofNumber summed = infinite_sum ? kInfiniteProof : clamp_finite(sum);
    const ProofNumber minimum = least >= kInfiniteProofSum ? kInfiniteProof : static_cast<ProofNumber>(least);
    n = is_or ? ProofNumbers{minimum, summed} : ProofNumbers{summed, minimum};
    if (depth == 0) {
      root_numbers_ = n;
      first_turns_ = {static_cast<int>(children.size()), 0, 0};
      for (const Child& c : children) {
        first_turns_.proved += c.pn == 0;
        first_turns_.disproved += c.dn == 0;
      }
    }
    if (n.settled() || n.pn >= th_pn || n.dn >= th_dn || stopped_) break;

    Child& c = children[best];
    std::uint64_t child_pn, child_dn;
    if (is_or) {
      child_pn = std::min(th_pn, one_plus_epsilon(second));
      child_dn = th_dn - (n.dn - c.dn);
    } else {
      child_dn = std::min(th_dn, one_plus_epsilon(second));
      child_pn = th_pn - (n.pn - c.pn);
    }
    const Result r = mid(position_of(c), c.key, child_pn, child_dn);
    // children may have moved if a deeper frame was added: frames are stable pointers.
    c.pn = r.numbers.pn;
    c.dn = r.numbers.dn;
    c.depth = r.numbers.depth;
    c.depends_on = r.depends_on;
  }
  path_.pop();
  // What a settled result relied on: for the side that settled it, the cleanest of the
  // children that settle it; for the other side, every child.
  std::uint32_t depends_on = kClean;
  if (n.settled()) {
    const bool chosen_by_mover = (is_or && n.proved()) || (!is_or && n.disproved());
    if (chosen_by_mover) {
      // The cleanest settling child, the shallowest among equally clean ones.
      depends_on = 0;
      std::uint32_t shallowest = 0xFFFFFFFFu;
      for (const Child& c : children)
        if ((is_or ? c.pn : c.dn) == 0 &&
            (c.depends_on > depends_on || (c.depends_on == depends_on && c.depth < shallowest))) {
          depends_on = c.depends_on;
          shallowest = c.depth;
        }
      n.depth = shallowest + 1;
    } else {
      std::uint32_t deepest = 0;
      for (const Child& c : children) {
        depends_on = std::min(depends_on, c.depends_on);
        deepest = std::max(deepest, c.depth);
      }
      n.depth = deepest + 1;
    }
    n.depth = std::min<std::uint32_t>(n.depth, 0xFFFF);
    // Relying on this position itself or below holds on any path to it.
    if (depends_on >= index) depends_on = kClean;
  }
  const std::uint64_t work = counters_.nodes - nodes_before + 1;
  if (depends_on == kClean) {
    table_.store(key, p, n.pn, n.dn, work, static_cast<std::uint16_t>(n.depth));
  }
  // Path-dependent: kept out of the table altogether; the entry of an earlier visit, if
  // any, stays as it was.
  return {n, depends_on};
}

}  // namespace tsivy::search
