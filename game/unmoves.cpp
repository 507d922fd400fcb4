#include "game/capture_masks.h"
#include "game/movegen.h"

namespace tsivy {
namespace {

// Predecessors where the opponent's stone now on `to` stepped there in direction D.
// `capturable`: what the stones of p.us, which did not move, offer the mover; `empty`:
// p's empty points. Both are the same for every direction, so made once by the caller.
template <Direction D>
void unmoves_towards(const Position& p, const CapturableFrom& capturable, PointSet empty, std::vector<Position>& out) {
  constexpr Direction back = opposite(D);
  // The stone on t came from t - d, which must be empty now and joined to t by a line.
  for (PointSet to = p.them & shift<D>(empty); to;) {
    const Point t = pop_first(to);
    const PointSet step = bit(t) | shift<back>(bit(t));
    const PointSet mover_before = p.them ^ step;
    // A paika step is legal only when no capture was available (rules.md).
    if (!capturable.origins(mover_before, empty ^ step)) out.push_back(Position{mover_before, p.us, other(p.to_move)});
  }
}

}  // namespace

void paika_unmoves(const Position& position, std::vector<Position>& out) {
  out.clear();
  const CapturableFrom capturable(position.us);
  const PointSet empty = position.empty();
  for_each_direction([&]<Direction D>() { unmoves_towards<D>(position, capturable, empty, out); });
}

}  // namespace tsivy
