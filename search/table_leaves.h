// The tables as the search sees them: which positions they answer, their WDL at the
// leaves, and a best turn of the tables at the root. Reads through the one
// capture-resolving lookup (lookup/table_lookup.h).
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>

#include "game/move.h"
#include "game/position.h"
#include "lookup/outcome.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

class TableLeaves {
 public:
  // nullptr: no tables, nothing is answered.
  explicit TableLeaves(const TableLookup* tables);

  // Whether the tables answer positions of this many stones in all: every class up to
  // it has both its files (so capture resolution never leaves the tables).
  bool covers(int stones) const { return stones <= max_stones_; }
  int max_stones() const { return max_stones_; }
  // Answers no position of more stones than this (a proof that names shallower tables).
  void limit(int stones) { max_stones_ = std::min(max_stones_, stones); }

  // The position's win, draw or loss for the side to move; nullopt when the tables do not
  // cover it, or a file turned out damaged (then the tables are not asked again, and
  // error() says why).
  std::optional<Outcome> wdl(const Position& position);

  // The value with its depth, for the root (reads the depth files). nullopt as for wdl.
  std::optional<Value> value(const Position& position);

  // A best turn of the tables: to a lost successor with the fewest turns when the root is
  // won, else to a drawn one, else to the won successor that lasts longest. A turn to a
  // position that `history` (the game before the root) already holds twice ends the
  // game by repetition, so it counts as a draw whatever the tables say. nullopt when the
  // root is not covered or has no turn.
  struct RootChoice {
    Move move;
    Value root;  // the root's value for its side to move, with the repetition rule
  };
  std::optional<RootChoice> best_turn(const Position& root, std::span<const Position> history);

  const std::string& error() const { return error_; }

 private:
  // ask() for a covered position, nullopt otherwise or when it throws LookupError.
  template <class Ask>
  auto ask(const Position& p, Ask&& ask) -> std::optional<decltype(ask())>;

  const TableLookup* tables_;
  int max_stones_ = 0;
  std::string error_;
};

}  // namespace tsivy::search
