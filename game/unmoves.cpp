#include "game/capture_masks.h"
#include "game/movegen.h"

namespace tsivy {
namespace {

// Predecessors where the opponent's stone now on `to` stepped there in direction D.
template <Direction D>
void unmoves_towards(const Position& p, std::vector<Position>& out) {
  constexpr Direction back = opposite(D);
  // The stone on t came from t - d, which must be empty now and joined to t by a line.
  for (PointSet to = p.them & shift<D>(p.empty()); to;) {
    const Point t = pop_first(to);
    const PointSet mover_before = p.them ^ bit(t) ^ shift<back>(bit(t));
    // A paika step is legal only when no capture was available (rules.md).
    if (!has_capture(mover_before, p.us)) out.push_back(Position{mover_before, p.us, other(p.to_move)});
  }
}

}  // namespace

void paika_unmoves(const Position& position, std::vector<Position>& out) {
  out.clear();
  for_each_direction([&]<Direction D>() { unmoves_towards<D>(position, out); });
}

}  // namespace tsivy
