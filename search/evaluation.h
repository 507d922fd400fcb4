// The static evaluation of a quiet position (the side to move has no capture): what the
// search scores at its horizon, in hundredths of a stone for the side to move.
// Material first; then what decides Fanorona middlegames: stones the opponent can take
// next turn (the first of each line, and every stone of those lines), mobility (paika
// steps), stones on strong points (which have diagonal lines too) and on the edge, and
// the move itself; and, where one side is far ahead, how close it has come to the other's
// stones (it wins by trapping them, not by waiting). Each feature has a middlegame and an
// endgame weight, blended by the stones on the board (Fanorona's first captures leave
// some 10 to 20 stones within a few turns: that is its middlegame).
// The weights are fitted to labelled positions by bench/tune_evaluation (docs/engine.md,
// "Evaluation").
#pragma once

#include <array>

#include "game/position.h"

namespace tsivy::search {

enum Feature : int {
  kMaterial,          // own stones minus the opponent's
  kThreatenedOwn,     // own stones the opponent could capture first by one step next turn
  kThreatenedTheirs,  // opponent stones we could capture first by one step, were it our turn again
  kMobility,          // own paika steps minus the opponent's
  kStrongPoints,      // own stones on strong points minus the opponent's
  kCapturableOwn,     // own stones in any line the opponent could capture by one step next turn
  kCapturableTheirs,  // opponent stones in any line we could capture by one step
  kEdge,              // own stones on the board's edge minus the opponent's
  kTempo,             // 1: the side to move (in a quiet position it must make a paika step)
  // Only where one side is kFarAheadBy stones or more ahead and the other has
  // kFarBehindAtMost or fewer (0 elsewhere); each counts for the side ahead, negative
  // where that is the opponent:
  kClosingIn,         // minus the steps along the lines from each stone ahead to the nearest stone behind
  kBehindOnEdge,      // stones of the side behind on the board's edge
  kFeatures
};

using Features = std::array<int, kFeatures>;

// The endgame weights count in full with kEndgameStones stones or fewer, the middlegame
// weights with kMiddlegameStones or more; in between each counts in proportion.
inline constexpr int kEndgameStones = 6;
inline constexpr int kMiddlegameStones = 18;

// A side is far ahead (kClosingIn, kBehindOnEdge) with this many stones more, against
// this many or fewer.
inline constexpr int kFarAheadBy = 2;
inline constexpr int kFarBehindAtMost = 3;

struct Weights {
  std::array<int, kFeatures> middlegame;
  std::array<int, kFeatures> endgame;
  bool operator==(const Weights&) const = default;
};

// The fit of 2026-12-02 to the tables up to 6 stones, in both phases; the features
// added on 2026-12-05 weigh nothing until a fit wins a match (docs/engine.md,
// "Evaluation", says which fits were tried and how they did). Closing in (2026-12-07) is
// set by hand, from what makes the engine win 4 against 2 without tables
// (bench/conversion.sh).
inline constexpr Weights kDefaultWeights = {
    .middlegame = {100, -6, 10, 10, -13, 0, 0, 0, 0, 8, 8},
    .endgame = {100, -6, 10, 10, -13, 0, 0, 0, 0, 8, 8},
};

// A set of features, bit k for feature k.
using FeatureSet = unsigned;
inline constexpr FeatureSet kAllFeatures = (1u << kFeatures) - 1;

// The features that weigh something in either phase.
constexpr FeatureSet weighted_features(const Weights& weights) {
  FeatureSet set = 0;
  for (int k = 0; k < kFeatures; ++k)
    if (weights.middlegame[k] != 0 || weights.endgame[k] != 0) set |= 1u << k;
  return set;
}

// Every feature, for fitting weights to them.
Features features(const Position& position);
// The middlegame's share of the blend, out of kMiddlegameStones - kEndgameStones.
int middlegame_share(const Position& position);
// The engine's evaluation, by kDefaultWeights. It computes only the features they weigh:
// those that weigh nothing (kept for the fits to try) would cost the search a tenth of
// its speed.
int evaluate(const Position& position);
// The evaluation by any weights (every feature computed): for fitting and testing them.
int evaluate(const Position& position, const Weights& weights);
const char* feature_name(Feature f);

}  // namespace tsivy::search
