// Whole-board capture detection: which stones of the side to move can make a capturing
// step, for all stones and all directions at once with shifts and masks.
#pragma once

#include "game/geometry.h"

namespace tsivy {

template <Direction D>
constexpr PointSet capture_origins_towards(PointSet us, PointSet them, PointSet empty) {
  constexpr Direction back = opposite(D);
  // Approach: s + d empty and s + 2d an enemy.  Withdrawal: s + d empty and s - d an enemy.
  const PointSet approach = shift<back>(empty & shift<back>(them));
  const PointSet withdrawal = shift<D>(them) & shift<back>(empty);
  return us & (approach | withdrawal);
}

// The stones of `us` that have at least one capturing step.
constexpr PointSet capture_origins(PointSet us, PointSet them) {
  const PointSet empty = kBoard & ~(us | them);
  PointSet origins = 0;
  for_each_direction([&]<Direction D>() { origins |= capture_origins_towards<D>(us, them, empty); });
  return origins;
}

}  // namespace tsivy
