#include "search/evaluation.h"

namespace tsivy::search {
namespace {

// One side's threats and paika steps, from the empty points' neighbours (`open[D]`: the
// points whose neighbour in direction D is empty, empty.shift<opposite(D)>): a stone on
// open[D] can step D. Stepping D towards a victim two points on captures it by approach;
// stepping D away from a victim one point behind captures it by withdrawal. Only the
// first stone of each captured line is counted: enough to tell a loose stone from a safe
// one. The steps counted are the side's paika steps (mobility).
struct Reach {
  PointSet threatened = 0;  // the first stones of the other side's lines it could capture
  int steps = 0;
};

Reach reach(PointSet stones, const std::array<PointSet, kDirections>& open) {
  Reach r;
  for_each_direction([&]<Direction D>() {
    const PointSet movers = stones & open[static_cast<int>(D)];
    r.steps += count(movers);
    r.threatened |= shift<D>(shift<D>(movers)) | shift<opposite(D)>(movers);
  });
  return r;
}

}  // namespace

Features features(const Position& p) {
  const PointSet empty = p.empty();
  std::array<PointSet, kDirections> open;
  for_each_direction([&]<Direction D>() { open[static_cast<int>(D)] = shift<opposite(D)>(empty); });
  const Reach ours = reach(p.us, open), theirs = reach(p.them, open);
  Features f{};
  f[kMaterial] = count(p.us) - count(p.them);
  f[kThreatenedOwn] = count(theirs.threatened & p.us);
  f[kThreatenedTheirs] = count(ours.threatened & p.them);
  f[kMobility] = ours.steps - theirs.steps;
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
