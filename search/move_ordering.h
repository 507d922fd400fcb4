// The engine's move ordering: at each ply the transposition table's move first, then
// captures by stones taken (fewer steps first), then the ply's two killers (quiet turns
// that cut off there before), then quiet turns by their history (how deep the searches
// were where they cut off). Moves are picked one at a time, best first (most nodes cut
// off after a move or two, so sorting them all would be wasted).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "game/move.h"
#include "game/movegen.h"

namespace tsivy::search {

class MoveOrdering {
 public:
  explicit MoveOrdering(int plies);

  // Scores the moves of `list`, the ply's moves in generation order; `table_move` is the
  // generation index of the table's move (none when out of range).
  void score(int ply, const MoveList& list, std::uint16_t table_move);
  // The generation index of the `first`-th move in order: the best-scored of those not
  // yet picked at this ply (scored by score()), picked in turn for first = 0, 1, ... The
  // list itself stays in generation order: only the scores move.
  std::size_t pick(int ply, std::size_t first);
  // The quiet turn `m` cut off at `ply` in a search `depth` deep: a killer there, and
  // its history grows by depth squared.
  void cut_off(int ply, const Move& m, int depth);

  // A new search of the same game: no killers, the history kept at an eighth (it still
  // orders, but weighs less).
  void new_search();
  // A new game: nothing kept.
  void clear();

 private:
  struct Scored {
    int score;
    std::uint16_t index;  // in generation order
  };
  std::vector<std::vector<Scored>> scored_;           // per ply, in pick order
  std::vector<std::array<Move, 2>> killers_;          // per ply, newest first
  std::array<std::array<int, kPoints>, kPoints> history_{};  // quiet turns by (from, to)
};

}  // namespace tsivy::search
