// Tunes the evaluation's weights (search/evaluation.h) on positions whose true value
// is known: random quiet positions of the tables' classes, labelled win 1, draw 1/2,
// loss 0 for the side to move. It fits sigmoid(score / scale) to the labels by least
// squares ("Texel tuning"): first the scale for the current weights, then each weight
// in turn by steps that lower the error on the training half, until none does. The
// material weight stays at 100, the unit of the scores. It prints the error and the
// share of positions whose sign is right on the held-out half, before and after.
//   build/release/bench/tune_evaluation DIR [positions per class, default 20000]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "lookup/table_lookup.h"
#include "search/evaluation.h"

namespace tsivy::search {
namespace {

struct Sample {
  Features features;
  double label;
};

double score_of(const Sample& s, const Weights& w) {
  double score = 0;
  for (int k = 0; k < kFeatures; ++k) score += w[k] * s.features[k];
  return score;
}

double error(const std::vector<Sample>& samples, const Weights& w, double scale) {
  double sum = 0;
  for (const Sample& s : samples) {
    const double p = 1 / (1 + std::exp(-score_of(s, w) / scale));
    sum += (p - s.label) * (p - s.label);
  }
  return sum / static_cast<double>(samples.size());
}

// The share of decided positions (not draws) whose score has the sign of their value.
double sign_agreement(const std::vector<Sample>& samples, const Weights& w) {
  int right = 0, decided = 0;
  for (const Sample& s : samples) {
    if (s.label == 0.5) continue;
    ++decided;
    if ((score_of(s, w) > 0) == (s.label == 1)) ++right;
  }
  return decided ? static_cast<double>(right) / decided : 0;
}

int run(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s TABLE_DIR [positions per class]\n", argv[0]);
    return 2;
  }
  const TableLookup tables(TableDirectory::open(argv[1]));
  const int per_class = argc > 2 ? std::atoi(argv[2]) : 20000;
  const int max_stones = tables.listing().max_complete_stones();
  std::mt19937_64 rng(20261202);
  std::vector<Sample> train, test;
  for (int stones = 4; stones <= max_stones; ++stones) {
    for (int us = 1; us < stones; ++us) {
      const int them = stones - us;
      for (int n = 0; n < per_class;) {
        Position p;
        while (count(p.us) < us) p.us |= bit(static_cast<Point>(rng() % kPoints)) & ~p.them;
        while (count(p.them) < them) p.them |= bit(static_cast<Point>(rng() % kPoints)) & ~p.us;
        // The evaluation scores quiet positions only (the search plays captures out).
        if (has_capture(p) || !has_paika(p)) continue;
        const Outcome o = tables.value(p.us, p.them, Access::wdl_only).outcome;
        const Sample s{features(p), o == Outcome::win ? 1.0 : o == Outcome::draw ? 0.5 : 0.0};
        (n % 2 ? test : train).push_back(s);
        ++n;
      }
    }
  }
  Weights w = kDefaultWeights;
  double scale = 100;
  // The scale that fits the current weights best, by a coarse then fine scan.
  for (double step : {50.0, 10.0, 2.0}) {
    double best = scale;
    for (double s = std::max(step, scale - 5 * step); s <= scale + 5 * step; s += step)
      if (error(train, w, s) < error(train, w, best)) best = s;
    scale = best;
  }
  const double before_train = error(train, w, scale), before_test = error(test, w, scale);
  const double before_sign = sign_agreement(test, w);
  for (int step : {16, 4, 1}) {
    for (bool improved = true; improved;) {
      improved = false;
      for (int k = 1; k < kFeatures; ++k) {
        for (int direction : {+1, -1}) {
          Weights trial = w;
          trial[k] += direction * step;
          if (error(train, trial, scale) < error(train, w, scale)) {
            w = trial;
            improved = true;
          }
        }
      }
    }
  }
  std::printf("positions: %zu training, %zu held out, classes of 4..%d stones; scale %.0f\n", train.size(), test.size(),
              max_stones, scale);
  std::printf("held-out error %.5f -> %.5f (training %.5f -> %.5f); sign right on decided positions %.2f %% -> %.2f %%\n",
              before_test, error(test, w, scale), before_train, error(train, w, scale), 100 * before_sign,
              100 * sign_agreement(test, w));
  std::printf("weights:");
  for (int k = 0; k < kFeatures; ++k) std::printf(" %s %d", feature_name(static_cast<Feature>(k)), w[k]);
  std::printf("\n");
  return 0;
}

}  // namespace
}  // namespace tsivy::search

int main(int argc, char** argv) {
  try {
    return tsivy::search::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune_evaluation: %s\n", e.what());
    return 1;
  }
}
