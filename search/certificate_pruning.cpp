#include "search/certificate_pruning.h"

#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "game/movegen.h"

namespace tsivy::search {
namespace {

class Pruning {
 public:
  Pruning(const Certificate& c, const LeafValue& leaf) : c_(c), leaf_(leaf) {
    for (std::size_t i = 0; i < c.entries.size(); ++i) index_.emplace(c.entries[i].position, i);
    for (const Certificate::Reference& r : c.references) referenced_.insert(r.position);
    reached_.assign(c.entries.size(), false);
  }

  // One walk from the root; the certificate it leaves and how many turns it changed.
  Certificate walk(std::size_t& changed) {
    Certificate out = c_;
    out.entries.clear();
    out.references.clear();
    std::vector<Move> turn(c_.entries.size());
    for (std::size_t i = 0; i < c_.entries.size(); ++i) turn[i] = c_.entries[i].turn;
    // The root's own turn when it is the side's; all its turns when it is the opponent's.
    if (c_.root.to_move == c_.side) {
      reach_side_position(c_.root);
    } else {
      std::vector<Position> targets;
      if (!leaf_(c_.root) && !referenced_.count(c_.root) && !replies_into_set(c_.root, std::nullopt, true, targets))
        return c_;  // not a certificate this pass understands: left as it was, the checker judges it
      for (const Position& t : targets) reach_side_position(t);
    }
    while (!queue_.empty()) {
      const std::size_t at = queue_.front();
      queue_.pop_front();
      const Certificate::Entry& e = c_.entries[at];
      MoveList turns;
      generate_moves(e.position, turns);
      // The current turn first: on a tie it stays.
      std::optional<Move> best;
      std::vector<Position> best_targets;
      std::size_t best_new = 0;
      const auto consider = [&](const Move& m, bool current) {
        std::vector<Position> targets;
        const std::optional<std::uint32_t> limit = wins() ? std::optional<std::uint32_t>(e.bound) : std::nullopt;
        if (!after_turn_good(make_move(e.position, m), limit, current, targets)) return;
        std::size_t fresh = 0;
        for (const Position& t : targets)
          if (const auto it = index_.find(t); it != index_.end() && !reached_[it->second]) ++fresh;
        if (!best || fresh < best_new) {
          best = m;
          best_new = fresh;
          best_targets = std::move(targets);
        }
      };
      consider(e.turn, true);
      for (const Move& m : turns)
        if (!(m == e.turn)) consider(m, false);
      if (!best) return c_;  // the current turn does not hold: left for the checker to refuse
      if (!(*best == e.turn)) ++changed;
      turn[at] = *best;
      for (const Position& t : best_targets) reach_side_position(t);
    }
    for (std::size_t i = 0; i < c_.entries.size(); ++i)
      if (reached_[i]) out.entries.push_back({c_.entries[i].position, turn[i], c_.entries[i].bound});
    for (const Certificate::Reference& r : c_.references)
      if (used_references_.count(r.position)) out.references.push_back(r);
    return out;
  }

 private:
  bool wins() const { return c_.claim == Goal::wins; }
  bool good_leaf(const Position& p, Outcome for_mover) const {
    return meets(p.to_move == c_.side ? for_mover : flip(for_mover), c_.claim);
  }

  // p, side to move, reached: a leaf and a reference need nothing; an entry is walked.
  void reach_side_position(const Position& p) {
    if (referenced_.count(p)) {
      used_references_.insert(p);
      return;
    }
    const auto it = index_.find(p);
    if (it == index_.end()) return;  // a good leaf (the walk only reaches good ones)
    if (reached_[it->second]) return;
    reached_[it->second] = true;
    queue_.push_back(it->second);
  }

  // p, side to move, reached by a reply: whether it is good (a good leaf, a reference
  // the claim may use, an entry with a bound below `limit` for "wins"); the position to
  // walk on in `targets` when it is not a leaf.
  bool side_position_good(const Position& p, const std::optional<std::uint32_t>& limit, bool current,
                          std::vector<Position>& targets) {
    if (const std::optional<Outcome> o = leaf_(p)) return good_leaf(p, *o);
    if (referenced_.count(p)) {
      if (wins() && !current) return false;  // its bound is in another file
      targets.push_back(p);
      return true;
    }
    const auto it = index_.find(p);
    if (it == index_.end()) return false;
    if (limit && !(c_.entries[it->second].bound < *limit)) return false;
    targets.push_back(p);
    return true;
  }

  // q, opponent to move (after the side's turn): good when a good leaf, a usable
  // reference, or every reply good.
  bool after_turn_good(const Position& q, const std::optional<std::uint32_t>& limit, bool current,
                       std::vector<Position>& targets) {
    if (const std::optional<Outcome> o = leaf_(q)) return good_leaf(q, *o);
    if (referenced_.count(q)) {
      if (wins() && !current) return false;
      targets.push_back(q);
      return true;
    }
    return replies_into_set(q, limit, current, targets);
  }

  bool replies_into_set(const Position& q, const std::optional<std::uint32_t>& limit, bool current,
                        std::vector<Position>& targets) {
    MoveList replies;
    generate_moves(q, replies);
    for (const Move& r : replies)
      if (!side_position_good(make_move(q, r), limit, current, targets)) return false;
    return true;
  }

  const Certificate& c_;
  const LeafValue& leaf_;
  std::unordered_map<Position, std::size_t, PositionHash> index_;
  std::unordered_set<Position, PositionHash> referenced_, used_references_;
  std::vector<bool> reached_;
  std::deque<std::size_t> queue_;
};

}  // namespace

PruneReport prune_certificate(Certificate& c, const LeafValue& leaf) {
  PruneReport report;
  report.positions_before = c.entries.size();
  // Each walk can only shrink the set; a few walks take most of what there is to take.
  for (int pass = 0; pass < 4; ++pass) {
    std::size_t changed = 0;
    Certificate next = Pruning(c, leaf).walk(changed);
    report.turns_changed += changed;
    const bool smaller = next.entries.size() < c.entries.size();
    c = std::move(next);
    if (!smaller) break;
  }
  report.positions_after = c.entries.size();
  return report;
}

}  // namespace tsivy::search
