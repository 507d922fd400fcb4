#include "search/move_ordering.h"

#include <utility>

namespace tsivy::search {

MoveOrdering::MoveOrdering(int plies)
    : scored_(static_cast<std::size_t>(plies)), killers_(static_cast<std::size_t>(plies)) {}

void MoveOrdering::score(int ply, const MoveList& list, std::uint16_t table_move) {
  std::vector<Scored>& scored = scored_[ply];
  const std::array<Move, 2>& killers = killers_[ply];
  scored.resize(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    int s;
    if (i == table_move) s = 1 << 30;
    else if (m.is_capture()) s = (1 << 28) + 1000 * count(m.captured) - m.steps;
    else if (m == killers[0]) s = (1 << 27) + 1;
    else if (m == killers[1]) s = 1 << 27;
    else s = history_[m.from][m.to];
    scored[i] = {s, static_cast<std::uint16_t>(i)};
  }
}

std::size_t MoveOrdering::pick(int ply, std::size_t first) {
  std::vector<Scored>& scored = scored_[ply];
  std::size_t best = first;
  for (std::size_t i = first + 1; i < scored.size(); ++i)
    if (scored[i].score > scored[best].score) best = i;
  std::swap(scored[first], scored[best]);
  return scored[first].index;
}

void MoveOrdering::cut_off(int ply, const Move& m, int depth) {
  std::array<Move, 2>& killers = killers_[ply];
  if (!(m == killers[0])) {
    killers[1] = killers[0];
    killers[0] = m;
  }
  // Halved all round before it could overflow: what counts is the order.
  if ((history_[m.from][m.to] += depth * depth) > (1 << 24))
    for (auto& row : history_)
      for (int& h : row) h /= 2;
}

void MoveOrdering::new_search() {
  for (auto& k : killers_) k = {};
  for (auto& row : history_)
    for (int& h : row) h /= 8;
}

void MoveOrdering::clear() {
  for (auto& k : killers_) k = {};
  for (auto& row : history_) row.fill(0);
}

}  // namespace tsivy::search
