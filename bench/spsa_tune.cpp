// Tunes the evaluation's weights by the games they win (SPSA: simultaneous perturbation
// stochastic approximation; docs/engine.md, "Evaluation"). Where bench/tune_evaluation
// fits weights to the labels of positions, this tunes them to what a match measures:
// each iteration perturbs every tuned weight at once, by +c or -c at random, and plays
// a pair of games, the + weights against the - weights, from one random opening with
// colours swapped (bench/self_play_game.h, a node limit a turn); every tuned weight then
// moves towards the side that scored more, by a_k / c_k * (the + side's score minus 1) *
// its sign. The gains fall as in Spall's SPSA: a_k = a / (A + k + 1)^0.602 with A a tenth
// of the pairs, c_k = c / (k + 1)^0.101; a is set so that --step = a_0 / c_0, the most a
// weight moves in one pair at the start. Material stays 100, the unit.
// With --jobs 1 a run is the same every time (pair k is played from seed + k alone); with
// more jobs the pairs overlap and take the weights as they are when they start.
//   build/release/bench/spsa_tune --pairs 4000 --nodes 10000 --tables DIR --jobs 2 --out trace.tsv
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/self_play_settings.h"
#include "io/atomic_file.h"
#include "bench/weights_text.h"

namespace tsivy::search {
namespace {

struct Options {
  SelfPlaySettings play;
  int pairs = 1000;
  double step = 0.25;
  double c = 4;
  int report_every = 100;
  std::vector<std::string> features = {"threatened_own", "threatened_theirs", "mobility",
                                       "strong_points",  "edge",              "tempo"};
  std::string out;
};

// One tuned weight: a feature in one phase.
struct Parameter {
  Feature feature;
  bool middlegame;
  int& in(Weights& w) const { return (middlegame ? w.middlegame : w.endgame)[feature]; }
};

std::vector<Parameter> parameters(const std::vector<std::string>& names) {
  std::vector<Parameter> out;
  for (const std::string& name : names) {
    int k = 1;  // never material: the unit
    while (k < kFeatures && name != feature_name(static_cast<Feature>(k))) ++k;
    if (k == kFeatures) throw std::runtime_error("no tunable feature '" + name + "' (material is the unit)");
    out.push_back({static_cast<Feature>(k), true});
    out.push_back({static_cast<Feature>(k), false});
  }
  return out;
}

Weights rounded(const std::vector<Parameter>& params, const std::vector<double>& theta) {
  Weights w = kDefaultWeights;
  for (std::size_t i = 0; i < params.size(); ++i) params[i].in(w) = static_cast<int>(std::lround(theta[i]));
  return w;
}

// The + side's score in one game: 1, 0.5 or 0.
double score_for(const SelfPlayResult& r, Colour plus) { return r.drawn ? 0.5 : r.winner == plus ? 1.0 : 0.0; }

int run(Options& o) {
  const std::vector<Parameter> params = parameters(o.features);
  std::vector<double> theta;
  Weights start = kDefaultWeights;
  for (const Parameter& p : params) theta.push_back(p.in(start));
  const std::unique_ptr<TableLookup> tables = open_self_play_tables(o.play);
  const SelfPlayRules& rules = o.play.rules;
  const double big_a = o.pairs / 10.0;
  std::mutex mutex;  // theta, the tally and the trace
  double plus_points = 0;
  int finished = 0, decisive = 0;
  std::string trace = "pairs\tplus_score";
  for (const Parameter& p : params)
    trace += std::string("\t") + (p.middlegame ? "mg_" : "eg_") + feature_name(p.feature);
  trace += '\n';
  std::atomic<int> next{0};
  const auto worker = [&] {
    for (int k; (k = next.fetch_add(1)) < o.pairs;) {
      std::mt19937_64 rng(o.play.seed + static_cast<std::uint64_t>(k));
      const double c_k = o.c / std::pow(k + 1, 0.101);
      // a_k / c_k, with a_0 / c_0 = --step.
      const double gain = o.step * std::pow((big_a + 1) / (big_a + k + 1), 0.602) * std::pow(k + 1, 0.101);
      std::vector<int> sign(params.size());
      std::vector<double> plus_theta, minus_theta;
      {
        const std::lock_guard lock(mutex);
        for (std::size_t i = 0; i < params.size(); ++i) {
          sign[i] = (rng() & 1) ? 1 : -1;
          plus_theta.push_back(theta[i] + c_k * sign[i]);
          minus_theta.push_back(theta[i] - c_k * sign[i]);
        }
      }
      Engine plus(EngineOptions{.hash_mib = 8, .tables = tables.get(), .weights = rounded(params, plus_theta)});
      Engine minus(EngineOptions{.hash_mib = 8, .tables = tables.get(), .weights = rounded(params, minus_theta)});
      std::mt19937_64 opening = rng, same_opening = rng;
      const auto none = [](const Position&) {};
      const double score = score_for(play_self_play_game(plus, minus, rules, opening, none), Colour::White) +
                           score_for(play_self_play_game(minus, plus, rules, same_opening, none), Colour::Black);
      const std::lock_guard lock(mutex);
      for (std::size_t i = 0; i < params.size(); ++i) theta[i] += gain * (score - 1) * sign[i];
      plus_points += score;
      decisive += score != 1;
      if (++finished % o.report_every == 0 || finished == o.pairs) {
        std::ostringstream line;
        line << finished << '\t' << plus_points / (2.0 * finished);
        for (const double t : theta) line << '\t' << std::lround(t * 10) / 10.0;
        trace += line.str() + '\n';
        if (!o.out.empty()) io::write_text_atomically(o.out, trace);  // a stopped run leaves the last report's
        std::fprintf(stderr, "spsa_tune: %d/%d pairs (%d not even), weights", finished, o.pairs, decisive);
        for (const double t : theta) std::fprintf(stderr, " %.1f", t);
        std::fprintf(stderr, "\n");
      }
    }
  };
  std::vector<std::jthread> threads;
  for (int j = 0; j < o.play.jobs; ++j) threads.emplace_back(worker);
  threads.clear();
  std::printf("pairs %d, %d not even; weights:\n", o.pairs, decisive);
  print_weights(stdout, rounded(params, theta));
  return 0;
}

}  // namespace
}  // namespace tsivy::search

int main(int argc, char** argv) {
  tsivy::search::Options o;
  CLI::App app{"Tunes the evaluation's weights by self-play games (SPSA): + against - perturbations, in pairs."};
  app.add_option("--pairs", o.pairs, "pairs of games (iterations)")->check(CLI::PositiveNumber);
  add_self_play_flags(app, o.play, "pair");
  app.add_option("--step", o.step, "the most a weight moves in one pair at the start")->check(CLI::PositiveNumber);
  app.add_option("--c", o.c, "the perturbation of each weight at the start")->check(CLI::PositiveNumber);
  app.add_option("--features", o.features, "the features tuned, both phases of each (names as in evaluation.cpp)");
  app.add_option("--report-every", o.report_every, "pairs between progress lines and trace rows")
      ->check(CLI::PositiveNumber);
  app.add_option("--out", o.out, "the trace: the weights after every report, tab-separated");
  CLI11_PARSE(app, argc, argv);
  try {
    return tsivy::search::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "spsa_tune: %s\n", e.what());
    return 1;
  }
}
