// Whole-board capture detection: which stones of the side to move can make a capturing
// step, for all stones and all directions at once with shifts and masks.
#pragma once

#include <array>

#include "game/geometry.h"

namespace tsivy {

// What the opponent's stones offer for capturing: per direction D, the points from which
// a step in D captures (rules.md, "Moves"), provided the point it lands on is empty:
// by approach when the point two steps on holds an enemy, by withdrawal when the point
// one step back does. It depends on the opponent's stones only, so the positions that
// share them (the paika un-moves of one position, game/unmoves.cpp) build it once and ask
// it for each mover's stones, with one shift per direction.
class CapturableFrom {
 public:
  constexpr explicit CapturableFrom(PointSet them) {
    for_each_direction([&]<Direction D>() {
      constexpr Direction back = opposite(D);
      by_direction_[static_cast<int>(D)] = shift<back>(shift<back>(them)) | shift<D>(them);
    });
  }

  // The stones of `us` that have a capturing step, `empty` being the empty points.
  constexpr PointSet origins(PointSet us, PointSet empty) const {
    PointSet out = 0;
    for_each_direction([&]<Direction D>() {
      // s + d empty (the landing point) and an enemy where the step captures.
      out |= by_direction_[static_cast<int>(D)] & shift<opposite(D)>(empty);
    });
    return us & out;
  }

 private:
  std::array<PointSet, kDirections> by_direction_{};
};

// The stones of `us` that have at least one capturing step.
constexpr PointSet capture_origins(PointSet us, PointSet them) {
  return CapturableFrom(them).origins(us, kBoard & ~(us | them));
}

}  // namespace tsivy
