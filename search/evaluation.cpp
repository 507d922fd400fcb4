#include "search/evaluation.h"

#include <algorithm>

namespace tsivy::search {
namespace {

// The board's edge: the first and last rows and columns.
constexpr PointSet kEdgePoints = row_mask(0) | row_mask(kRows - 1) | column_mask(0) | column_mask(kColumns - 1);

// One side's threats and paika steps, from the empty points' neighbours (`open[D]`: the
// points whose neighbour in direction D is empty, empty.shift<opposite(D)>): a stone on
// open[D] can step D. Stepping D towards a victim two points on captures it by approach,
// and the victims behind it in direction D; stepping D away from a victim one point
// behind captures it by withdrawal, and the victims behind it in the other direction.
// The steps counted are the side's paika steps (mobility). Whole lines (`capturable`)
// are followed only when kLines: that walk is most of the cost.
struct Reach {
  PointSet threatened = 0;  // the first victim of each line it could capture
  PointSet capturable = 0;  // every victim of those lines
  int steps = 0;
};

template <bool kLines>
Reach reach(PointSet stones, PointSet victims, const std::array<PointSet, kDirections>& open) {
  Reach r;
  for_each_direction([&]<Direction D>() {
    const PointSet movers = stones & open[static_cast<int>(D)];
    r.steps += count(movers);
    const PointSet approach = shift<D>(shift<D>(movers)) & victims;
    const PointSet withdrawal = shift<opposite(D)>(movers) & victims;
    r.threatened |= approach | withdrawal;
    if constexpr (kLines) {
      for (PointSet line = approach; line; line = shift<D>(line) & victims) r.capturable |= line;
      for (PointSet line = withdrawal; line; line = shift<opposite(D)>(line) & victims) r.capturable |= line;
    }
  });
  return r;
}

// The steps along the lines from each stone of `from` to the nearest stone of `to`,
// summed: the stones of `to` grow by a step in every direction until they reach them all.
int steps_to_nearest(PointSet from, PointSet to) {
  int sum = 0;
  PointSet reached = to, left = from & ~to;
  for (int steps = 1; left; ++steps) {
    PointSet grown = reached;
    for_each_direction([&]<Direction D>() { grown |= shift<D>(reached); });
    if (grown == reached) break;  // unreachable from here: not on this board's lines
    reached = grown;
    sum += steps * count(left & reached);
    left &= ~reached;
  }
  return sum;
}

// The features in kWanted; the others are left at 0.
template <FeatureSet kWanted>
Features features_in(const Position& p) {
  constexpr auto wanted = [](Feature f) { return (kWanted >> f & 1) != 0; };
  constexpr bool kLines = wanted(kCapturableOwn) || wanted(kCapturableTheirs);
  Features f{};
  f[kMaterial] = count(p.us) - count(p.them);
  constexpr FeatureSet kReachFeatures = 1u << kThreatenedOwn | 1u << kThreatenedTheirs | 1u << kMobility |
                                        1u << kCapturableOwn | 1u << kCapturableTheirs;
  if constexpr ((kWanted & kReachFeatures) != 0) {
    const PointSet empty = p.empty();
    std::array<PointSet, kDirections> open;
    for_each_direction([&]<Direction D>() { open[static_cast<int>(D)] = shift<opposite(D)>(empty); });
    const Reach ours = reach<kLines>(p.us, p.them, open), theirs = reach<kLines>(p.them, p.us, open);
    f[kThreatenedOwn] = count(theirs.threatened);
    f[kThreatenedTheirs] = count(ours.threatened);
    f[kMobility] = ours.steps - theirs.steps;
    if constexpr (kLines) {
      f[kCapturableOwn] = count(theirs.capturable);
      f[kCapturableTheirs] = count(ours.capturable);
    }
  }
  if constexpr (wanted(kStrongPoints)) f[kStrongPoints] = count(p.us & kStrong) - count(p.them & kStrong);
  if constexpr (wanted(kEdge)) f[kEdge] = count(p.us & kEdgePoints) - count(p.them & kEdgePoints);
  if constexpr (wanted(kTempo)) f[kTempo] = 1;
  if constexpr (wanted(kClosingIn) || wanted(kBehindOnEdge)) {
    const int lead = f[kMaterial];
    const int sign = lead >= kFarAheadBy ? 1 : lead <= -kFarAheadBy ? -1 : 0;
    const PointSet ahead = sign > 0 ? p.us : p.them, behind = sign > 0 ? p.them : p.us;
    if (sign != 0 && count(behind) <= kFarBehindAtMost) {
      if constexpr (wanted(kClosingIn)) f[kClosingIn] = -sign * steps_to_nearest(ahead, behind);
      if constexpr (wanted(kBehindOnEdge)) f[kBehindOnEdge] = sign * count(behind & kEdgePoints);
    }
  }
  return f;
}

int blend(const Position& p, const Features& f, const Weights& weights) {
  int middlegame = 0, endgame = 0;
  for (int k = 0; k < kFeatures; ++k) {
    middlegame += weights.middlegame[k] * f[k];
    endgame += weights.endgame[k] * f[k];
  }
  constexpr int kSpan = kMiddlegameStones - kEndgameStones;
  const int share = middlegame_share(p);
  return (middlegame * share + endgame * (kSpan - share)) / kSpan;
}

}  // namespace

Features features(const Position& p) { return features_in<kAllFeatures>(p); }

int middlegame_share(const Position& p) {
  const int stones = count(p.us) + count(p.them);
  return std::clamp(stones - kEndgameStones, 0, kMiddlegameStones - kEndgameStones);
}

int evaluate(const Position& p) {
  return blend(p, features_in<weighted_features(kDefaultWeights)>(p), kDefaultWeights);
}

int evaluate(const Position& p, const Weights& weights) { return blend(p, features(p), weights); }

const char* feature_name(Feature f) {
  switch (f) {
    case kMaterial: return "material";
    case kThreatenedOwn: return "threatened_own";
    case kThreatenedTheirs: return "threatened_theirs";
    case kMobility: return "mobility";
    case kStrongPoints: return "strong_points";
    case kCapturableOwn: return "capturable_own";
    case kCapturableTheirs: return "capturable_theirs";
    case kEdge: return "edge";
    case kTempo: return "tempo";
    case kClosingIn: return "closing_in";
    case kBehindOnEdge: return "behind_on_edge";
    default: return "?";
  }
}

}  // namespace tsivy::search
