#include "search/certificate_extraction.h"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "game/movegen.h"
#include "game/notation.h"

namespace tsivy::search {
namespace {

class Extraction {
 public:
  Extraction(ProofSearch& search, bool proved, int leaf_stones, const std::function<bool()>& keep_going)
      : search_(search), proved_(proved), keep_going_(keep_going) {
    certificate_.side = proved ? search.attacker() : other(search.attacker());
    certificate_.claim = proved ? search.goal() : dual(search.goal());
    certificate_.leaf_stones = leaf_stones;
  }

  Certificate run(const Position& root) {
    certificate_.root = root;
    MoveList root_turns;
    generate_moves(root, root_turns);
    // A root with no turn is a leaf too (lost for its side to move): nothing to show.
    if (!search_.leaf_value(root) && !root_turns.empty()) {
      const bool ok = root.to_move == certificate_.side ? take(root).has_value() : opponent_node(root).has_value();
      if (!ok) throw contradiction(root, "no strategy found from the root");
    }
    // Positions given up on (a "wins" turn that ran into a cycle) are left out.
    std::vector<Certificate::Entry> kept;
    for (std::size_t i = 0; i < certificate_.entries.size(); ++i)
      if (!abandoned_[i]) kept.push_back(certificate_.entries[i]);
    certificate_.entries = std::move(kept);
    return std::move(certificate_);
  }

 private:
  Colour side() const { return certificate_.side; }
  bool wins() const { return certificate_.claim == Goal::wins; }

  bool holds(const ProofNumbers& n) const { return proved_ ? n.proved() : n.disproved(); }
  bool leaf_good(const Position& p, Outcome for_mover) const {
    return meets(p.to_move == side() ? for_mover : flip(for_mover), certificate_.claim);
  }
  std::logic_error contradiction(const Position& p, const std::string& what) const {
    return std::logic_error("certificate extraction: " + format_position(p) + ": " + what +
                            " (the search's answers contradict one another)");
  }

  // p, opponent to move and no leaf: every reply into the set or to a good leaf. The
  // largest bound among the replies in the set; nullopt when a "wins" strategy would
  // cycle through it.
  std::optional<std::uint32_t> opponent_node(const Position& p) {
    if (on_path_.count(p)) {
      if (wins()) return std::nullopt;
      return 0;  // its replies are being taken further up: the set closes
    }
    if (const auto it = done_opponent_.find(p); it != done_opponent_.end()) return it->second;
    MoveList replies;
    generate_moves(p, replies);
    enter(p);
    std::optional<std::uint32_t> largest = 0;
    for (const Move& r : replies) {
      const Position g = make_move(p, r);
      if (const std::optional<Outcome> o = search_.leaf_value(g)) {
        if (!leaf_good(g, *o)) throw contradiction(g, "a reply reaches a bad leaf");
        continue;
      }
      std::optional<std::uint32_t> bound;
      if (const auto it = index_.find(g); it != index_.end()) {
        if (on_path_.count(g)) {
          if (!wins()) continue;
          largest.reset();
          break;
        }
        bound = certificate_.entries[it->second].bound;
      } else {
        bound = take(g);
      }
      if (!bound) {
        largest.reset();
        break;
      }
      largest = std::max(*largest, *bound);
    }
    leave(p);
    if (largest) done_opponent_.emplace(p, *largest);
    return largest;
  }

  // Only when the table knows no turn that keeps the claim: the search, on the turns the
  // table likes best first, each with a budget that doubles every round until one
  // settles the right way. A turn that does not keep the claim may take far longer to
  // refute than a good one takes to prove, so no turn is searched to its end at once.
  template <class Candidate>
  void search_for_one(std::vector<Candidate> open, std::vector<Candidate>& candidates) {
    const auto liked = [&](const Candidate& c) -> std::uint64_t {
      const std::optional<ProofNumbers> n = search_.numbers_in_table(c.next);
      return n ? (proved_ ? n->pn : n->dn) : 1;
    };
    std::stable_sort(open.begin(), open.end(), [&](const Candidate& a, const Candidate& b) { return liked(a) < liked(b); });
    // The search is told the way here: a repetition of it is a draw, which is what it is
    // for the certificate too. "Does not lose" may close its set there (endless play is a
    // draw), as the proof did; for "wins" a draw fails the claim, so a win found so is one
    // that does not come back this way, and the strategy cannot cycle through it.
    const std::span<const Position> way(way_);
    for (std::uint64_t budget = 4096; !open.empty(); budget *= 2) {
      for (auto it = open.begin(); it != open.end();) {
        // Asked here too, not only every few thousand nodes inside the search: a large
        // strategy is many small searches.
        if (keep_going_ && !keep_going_()) throw ExtractionStopped();
        const std::uint64_t before = search_.counters().nodes;
        bool stopped = false;
        const auto within = [&] {
          if (keep_going_ && !keep_going_()) stopped = true;
          return !stopped && search_.counters().nodes - before < budget;
        };
        const ProofNumbers n = search_.prove(it->next, way, within);
        if (stopped) throw ExtractionStopped();
        if (!n.settled()) {
          ++it;
        } else if (holds(n)) {
          candidates.push_back({it->turn, it->next, false, n.depth});
          return;
        } else {
          it = open.erase(it);
        }
      }
    }
  }

  // Adds p (side to move, no leaf, the claim holding there) with a turn that keeps the
  // claim; its bound, or nullopt when every such turn of a "wins" strategy would cycle.
  std::optional<std::uint32_t> take(const Position& p) {
    if (keep_going_ && !keep_going_()) throw ExtractionStopped();
    const std::size_t at = certificate_.entries.size();
    index_.emplace(p, at);
    certificate_.entries.push_back({p, {}, 0});
    abandoned_.push_back(false);
    enter(p);
    MoveList turns;
    generate_moves(p, turns);
    // The turns that keep the claim, with their settling depth: a leaf first.
    struct Candidate {
      Move turn;
      Position next;
      bool leaf;
      std::uint32_t depth;
    };
    std::vector<Candidate> candidates;
    // First what is known without searching (leaves, the table).
    std::vector<Candidate> unknown;
    for (const Move& m : turns) {
      const Position c = make_move(p, m);
      if (const std::optional<Outcome> o = search_.leaf_value(c)) {
        if (leaf_good(c, *o)) candidates.push_back({m, c, true, 0});
      } else if (done_opponent_.count(c) || (!wins() && on_path_.count(c))) {
        candidates.push_back({m, c, false, 0});
      } else if (const std::optional<ProofNumbers> n = search_.settled_in_table(c)) {
        if (holds(*n)) candidates.push_back({m, c, false, n->depth});
      } else {
        unknown.push_back({m, c, false, 0});
      }
    }
    if (candidates.empty()) search_for_one(unknown, candidates);
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
      return a.leaf != b.leaf ? a.leaf : a.depth < b.depth;
    });
    std::optional<std::uint32_t> bound;
    for (const Candidate& c : candidates) {
      if (c.leaf) {
        bound = 0;
      } else if (const std::optional<std::uint32_t> largest = opponent_node(c.next)) {
        bound = 1 + *largest;
      }
      if (bound) {
        certificate_.entries[at].turn = c.turn;
        break;
      }
    }
    // "Wins" only: every turn the table offered runs back into the way here. The table's
    // depths come from searches made at other times (a long-lived table, entries
    // replaced and found again) and need not agree along a line. The search, told the
    // way, finds a turn whose win does not come back this way; one that still fails
    // deeper is set aside and the next is sought.
    if (!bound && wins()) {
      std::vector<Candidate> rest;
      for (const Move& m : turns) {
        const Position c = make_move(p, m);
        if (!search_.leaf_value(c) && !on_path_.count(c)) rest.push_back({m, c, false, 0});
      }
      while (!bound && !rest.empty()) {
        std::vector<Candidate> found;
        search_for_one(rest, found);
        if (found.empty()) break;
        if (const std::optional<std::uint32_t> largest = opponent_node(found[0].next)) {
          bound = 1 + *largest;
          certificate_.entries[at].turn = found[0].turn;
        } else {
          const Move failed = found[0].turn;
          std::erase_if(rest, [&](const Candidate& c) { return c.turn == failed; });
        }
      }
    }
    leave(p);
    if (!bound) {
      if (!wins() || candidates.empty()) throw contradiction(p, "no turn keeps the claim");
      abandoned_[at] = true;
      index_.erase(p);
      return std::nullopt;
    }
    if (!wins()) bound = 0;
    certificate_.entries[at].bound = *bound;
    return bound;
  }

  ProofSearch& search_;
  bool proved_;
  std::function<bool()> keep_going_;
  Certificate certificate_;
  std::vector<bool> abandoned_;
  void enter(const Position& p) {
    on_path_.insert(p);
    way_.push_back(p);
  }
  void leave(const Position& p) {
    on_path_.erase(p);
    way_.pop_back();
  }

  std::unordered_set<Position, PositionHash> on_path_;
  std::vector<Position> way_;  // on_path_ in order, from the root
  std::unordered_map<Position, std::uint32_t, PositionHash> done_opponent_;
  std::unordered_map<Position, std::size_t, PositionHash> index_;
};

}  // namespace

Certificate extract_certificate(ProofSearch& search, const Position& root, bool proved, int leaf_stones,
                                const std::function<bool()>& keep_going) {
  return Extraction(search, proved, leaf_stones, keep_going).run(root);
}

}  // namespace tsivy::search
