#include "search/evaluation.h"

namespace tsivy::search {
namespace {

// The first stones of `victims` that `attackers` can capture with one step: by approach
// (an attacker steps towards the victim over an empty point) or by withdrawal (it steps
// away from the victim onto an empty point). Only the first stone of each captured line
// is counted: enough to tell a loose stone from a safe one, at a few shifts a direction.
PointSet threatened(PointSet attackers, PointSet victims, PointSet empty) {
  PointSet hit = 0;
  for_each_direction([&]<Direction D>() {
    constexpr Direction back = opposite(D);
    hit |= shift<D>(shift<D>(attackers) & empty);              // approach along D
    hit |= shift<back>(attackers & shift<back>(empty));        // withdrawal along D
  });
  return hit & victims;
}

int paika_steps(PointSet stones, PointSet empty) {
  int n = 0;
  for_each_direction([&]<Direction D>() { n += count(shift<D>(stones) & empty); });
  return n;
}

}  // namespace

Features features(const Position& p) {
  const PointSet empty = p.empty();
  Features f{};
  f[kMaterial] = count(p.us) - count(p.them);
  f[kThreatenedOwn] = count(threatened(p.them, p.us, empty));
  f[kThreatenedTheirs] = count(threatened(p.us, p.them, empty));
  f[kMobility] = paika_steps(p.us, empty) - paika_steps(p.them, empty);
  f[kStrongPoints] = count(p.us & kStrong) - count(p.them & kStrong);
  return f;
}

int evaluate(const Position& p, const Weights& weights) {
  const Features f = features(p);
  int score = 0;
  for (int k = 0; k < kFeatures; ++k) score += weights[k] * f[k];
  return score;
}

const char* feature_name(Feature f) {
  switch (f) {
    case kMaterial: return "material";
    case kThreatenedOwn: return "threatened_own";
    case kThreatenedTheirs: return "threatened_theirs";
    case kMobility: return "mobility";
    case kStrongPoints: return "strong_points";
    default: return "?";
  }
}

}  // namespace tsivy::search
