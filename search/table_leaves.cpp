#include "search/table_leaves.h"

#include "game/movegen.h"
#include "game/game.h"
#include "lookup/table_lookup.h"

namespace tsivy::search {

TableLeaves::TableLeaves(const TableLookup* tables)
    : tables_(tables), max_stones_(tables ? tables->listing().max_complete_stones() : 0) {}

// A damaged or unreadable file: the search goes on without the tables rather than fail
// the game; the caller reports error().
template <class Ask>
auto TableLeaves::ask(const Position& p, Ask&& ask) -> std::optional<decltype(ask())> {
  if (!covers(count(p.us) + count(p.them))) return std::nullopt;
  try {
    return ask();
  } catch (const LookupError& e) {
    error_ = e.what();
    max_stones_ = 0;
    return std::nullopt;
  }
}

std::optional<Outcome> TableLeaves::wdl(const Position& p) {
  return ask(p, [&] { return tables_->value(p.us, p.them, Access::wdl_only).outcome; });
}

std::optional<Value> TableLeaves::value(const Position& p) {
  return ask(p, [&] { return tables_->value(p.us, p.them); });
}

std::optional<TableLeaves::RootChoice> TableLeaves::best_turn(const Position& root, std::span<const Position> history) {
  if (!covers(count(root.us) + count(root.them))) return std::nullopt;
  MoveList moves;
  generate_moves(root, moves);
  std::optional<RootChoice> best;
  long best_rank = 0;
  BestOfSuccessors root_value;
  for (const Move& m : moves) {
    const Position child = make_move(root, m);
    std::optional<Value> v = value(child);
    if (!v) return std::nullopt;  // a file failed under us: let the search decide
    if (would_end_by_repetition(history, child)) v = Value{Outcome::draw, 0};
    root_value.add(*v);
    const long rank = best_first(turn_value(*v));  // the turn's value for the mover, best first
    if (!best || rank < best_rank) {
      best = RootChoice{m, {}};
      best_rank = rank;
    }
  }
  if (best) best->root = root_value.value();
  return best;
}

}  // namespace tsivy::search
