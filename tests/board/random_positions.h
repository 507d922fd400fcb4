// Seeded random positions of the board of the build, for the board tests.
#pragma once

#include <cstdint>
#include <random>

#include "game/position.h"

namespace tsivy::board_test {

using Rng = std::mt19937_64;

// `us` and `them` stones on distinct points drawn uniformly (us + them < kPoints).
inline Position random_position(Rng& rng, int us, int them, Colour to_move) {
  std::uniform_int_distribution<int> point(0, kPoints - 1);
  Position p;
  p.to_move = to_move;
  for (int placed = 0; placed < us + them;) {
    const PointSet b = bit(point(rng));
    if (p.occupied() & b) continue;
    (placed < us ? p.us : p.them) |= b;
    ++placed;
  }
  return p;
}

// Any number of stones of each side up to the start's, either side to move.
inline Position random_position(Rng& rng) {
  std::uniform_int_distribution<int> stones(0, kStonesPerSide);
  const int us = stones(rng), them = stones(rng);
  return random_position(rng, us, them, rng() % 2 ? Colour::White : Colour::Black);
}

}  // namespace tsivy::board_test
