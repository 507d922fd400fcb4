// Depth-first proof-number search (df-pn, Nagai 2002) over whole turns, for the prover
// (docs/prover.md). One search answers one yes-or-no question about a position: does
// `attacker` win from it (Goal::wins), or does it not lose (Goal::does_not_lose)?
// Leaves are positions whose side to move has no stones or no turn (lost) and positions
// the tables cover (their WDL), through the engine's TableLeaves; turns, keys and the
// table of results are shared with the engine's library.
//
// Repetition (rules.md: the third occurrence of a position is a draw) makes a result
// depend on the path: a position that repeats one on the path from the search's root
// is scored as a draw there (endless play is a draw, so this is what either side can
// force once a cycle is open to it), and such a result holds only below the repeated
// position. Each result carries the shallowest path index it relied on; a result is
// stored settled in the table only when it relies on nothing above its own position,
// so the table never hands a path-dependent result to another path (the
// graph-history interaction, Kishimoto and Mueller 2004; this is the simple, sound
// remedy: never store a path-dependent result as a position's value).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/move.h"
#include "game/position.h"
#include "game/search_path.h"
#include "lookup/outcome.h"
#include "search/proof_table.h"
#include "search/table_leaves.h"

namespace tsivy::search {

enum class Goal : std::uint8_t { wins, does_not_lose };
// What the other side proves when this goal is disproved: if White does not win,
// Black does not lose, and the other way round.
constexpr Goal dual(Goal g) { return g == Goal::wins ? Goal::does_not_lose : Goal::wins; }
const char* goal_name(Goal g);  // "wins", "does-not-lose"

// Whether `outcome`, for `side`, meets `goal`.
constexpr bool meets(Outcome outcome, Goal goal) {
  return goal == Goal::wins ? outcome == Outcome::win : outcome != Outcome::loss;
}
constexpr Outcome flip(Outcome o) {
  return o == Outcome::win ? Outcome::loss : o == Outcome::loss ? Outcome::win : o;
}

struct ProofNumbers {
  ProofNumber pn = 1, dn = 1;
  std::uint32_t depth = 0;  // settled: plies to the settling tree's leaves (ProofEntry::depth)
  bool proved() const { return pn == 0; }
  bool disproved() const { return dn == 0; }
  bool settled() const { return pn == 0 || dn == 0; }
};

struct ProofCounters {
  std::uint64_t nodes = 0;       // positions expanded
  std::uint64_t table_hits = 0;  // leaves answered by the tables
  std::uint64_t table_probes = 0;
};

class ProofSearch {
 public:
  ProofSearch(ProofTable& table, TableLeaves& leaves, Colour attacker, Goal goal);
  ~ProofSearch();

  Colour attacker() const { return attacker_; }
  Goal goal() const { return goal_; }

  // Searches `root`, which follows the positions of `path` (oldest first; they count
  // for repetition), until it is settled or `keep_going` (asked every few thousand
  // nodes) says stop. Returns the root's numbers: settled, or where the search stood.
  // With an empty path a settled answer is the position's value under the rules (docs/prover.md).
  ProofNumbers prove(const Position& root, std::span<const Position> path, const std::function<bool()>& keep_going = {});

  // The table's settled numbers for the position, if it holds them (no search).
  std::optional<ProofNumbers> settled_in_table(const Position& p) const;
  // The table's numbers for the position, settled or not, if it holds an entry for it
  // (no search). Unsettled numbers are where a search last left the position.
  std::optional<ProofNumbers> numbers_in_table(const Position& p) const;

  // A position's value when it is a leaf: no stones or no turn for its side to move,
  // or covered by the tables; nullopt otherwise. For its side to move.
  std::optional<Outcome> leaf_value(const Position& p);

  // Numbers for the attacker's question at a leaf of this value for its side to move.
  ProofNumbers leaf_numbers(const Position& p, Outcome for_mover) const;

  const ProofCounters& counters() const { return counters_; }
  // The root's numbers and its turns' (settled or not), as the search last saw them.
  ProofNumbers root_numbers() const { return root_numbers_; }
  struct FirstTurns {
    int turns = 0, proved = 0, disproved = 0;
  };
  FirstTurns first_turns() const { return first_turns_; }

 private:
  struct Child;
  struct Result {
    ProofNumbers numbers;
    std::uint32_t depends_on;  // the shallowest path index the result relied on; kClean for none
  };
  static constexpr std::uint32_t kClean = 0xFFFFFFFFu;

  Result mid(const Position& p, std::uint64_t key, std::uint64_t th_pn, std::uint64_t th_dn);
  bool or_node(const Position& p) const { return p.to_move == attacker_; }

  ProofTable& table_;
  TableLeaves& leaves_;
  Colour attacker_;
  Goal goal_;
  ProofCounters counters_;
  SearchPath path_;  // the given path, then the search's own, for repetitions
  // Recent answers of the tables (leaf_value): the position and its value, packed.
  struct LeafSlot {
    PointSet us = 0;
    std::uint64_t them_and_value = 0;  // them, and the outcome + 1 above kLeafValueShift (0: empty)
  };
  static constexpr int kLeafValueShift = 58;
  static constexpr std::uint64_t kLeafStoneMask = (std::uint64_t{1} << kLeafValueShift) - 1;
  static_assert(kPoints <= kLeafValueShift);
  static constexpr std::size_t kLeafCacheSlots = std::size_t{1} << 16;
  std::vector<LeafSlot> leaf_cache_;
  struct Frame;  // a ply's turns and children, kept from node to node
  std::vector<std::unique_ptr<Frame>> frames_;
  std::function<bool()> keep_going_;
  bool stopped_ = false;
  ProofNumbers root_numbers_;
  FirstTurns first_turns_;
  std::size_t root_index_ = 0;
};

}  // namespace tsivy::search
