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
  return capture_origins_towards<Direction::North>(us, them, empty) |
         capture_origins_towards<Direction::South>(us, them, empty) |
         capture_origins_towards<Direction::East>(us, them, empty) |
         capture_origins_towards<Direction::West>(us, them, empty) |
         capture_origins_towards<Direction::NorthEast>(us, them, empty) |
         capture_origins_towards<Direction::NorthWest>(us, them, empty) |
         capture_origins_towards<Direction::SouthEast>(us, them, empty) |
         capture_origins_towards<Direction::SouthWest>(us, them, empty);
}

}  // namespace tsivy
