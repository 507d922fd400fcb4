// The static evaluation of a quiet position (the side to move has no capture): what the
// search scores at its horizon, in hundredths of a stone for the side to move.
// Material first; then what decides Fanorona middlegames: stones the opponent threatens
// to capture next turn, mobility (paika steps), stones on strong points (which have
// diagonal lines too). Weights are named so that tuning (docs/engine.md) can set them.
#pragma once

#include <array>
#include <string>

#include "game/position.h"

namespace tsivy::search {

enum Feature : int {
  kMaterial,          // own stones minus the opponent's
  kThreatenedOwn,     // own stones the opponent could capture by one step next turn
  kThreatenedTheirs,  // opponent stones we could capture by one step, were it our turn again
  kMobility,          // own paika steps minus the opponent's
  kStrongPoints,      // own stones on strong points minus the opponent's
  kFeatures
};

using Features = std::array<int, kFeatures>;
using Weights = std::array<int, kFeatures>;

// Measured by bench/tune_evaluation (docs/engine.md, "Evaluation").
inline constexpr Weights kDefaultWeights = {100, -6, 10, 10, -13};

Features features(const Position& position);
int evaluate(const Position& position, const Weights& weights = kDefaultWeights);
const char* feature_name(Feature f);

}  // namespace tsivy::search
