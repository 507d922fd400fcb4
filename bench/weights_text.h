// The evaluation's weights printed as search/evaluation.h spells kDefaultWeights, for the
// programs that fit or tune them (bench/tune_evaluation, bench/spsa_tune).
#pragma once

#include <cstdio>

#include "search/evaluation.h"

namespace tsivy::search {

inline void print_weights(std::FILE* out, const char* phase, const std::array<int, kFeatures>& w) {
  std::fprintf(out, "    .%s = {", phase);
  for (int k = 0; k < kFeatures; ++k) std::fprintf(out, "%s%d", k ? ", " : "", w[k]);
  std::fprintf(out, "},  //");
  for (int k = 0; k < kFeatures; ++k) std::fprintf(out, " %s", feature_name(static_cast<Feature>(k)));
  std::fprintf(out, "\n");
}

inline void print_weights(std::FILE* out, const Weights& w) {
  print_weights(out, "middlegame", w.middlegame);
  print_weights(out, "endgame", w.endgame);
}

}  // namespace tsivy::search
