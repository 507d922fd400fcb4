// Fits the evaluation's weights (search/evaluation.h) to labelled positions ("Texel
// tuning"): win 1, draw 1/2, loss 0 for the side to move, from two sources:
//   - the tables: random quiet positions of every class of 4 stones and up in DIR,
//     labelled by their value (what the endgame weights should say);
//   - self-play games (bench/selfplay, --games FILE): quiet positions above the tables,
//     labelled by the game's result (what the middlegame weights should say), or with
//     --labels search by their search score s as sigmoid(s / scale) (files written with
//     selfplay --label-nodes).
// Every second position of each source is held out. It fits sigmoid(score / scale) to
// the labels by least squares: first the scale for the weights it starts from, then
// each weight (both phases) in turn by steps of 16, 4 and 1 while the training error
// falls. Material stays at 100 in both phases, the unit of the scores. It prints
// the held-out error and the share of decided positions whose sign is right, before
// and after, for each source, and the weights as search/evaluation.h spells them.
//   build/release/bench/tune_evaluation --tables DIR [--per-class N] [--games FILE]
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/weights_text.h"
#include "game/movegen.h"
#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "search/evaluation.h"

namespace tsivy::search {
namespace {

constexpr int kSpan = kMiddlegameStones - kEndgameStones;

struct Sample {
  Features features;
  int share;  // middlegame_share
  double label;
  double score = 0;  // a search's score, where the file gives one
};

struct Samples {
  std::vector<Sample> train, test;
};

double score_of(const Sample& s, const Weights& w) {
  double middlegame = 0, endgame = 0;
  for (int k = 0; k < kFeatures; ++k) {
    middlegame += w.middlegame[k] * s.features[k];
    endgame += w.endgame[k] * s.features[k];
  }
  return (middlegame * s.share + endgame * (kSpan - s.share)) / kSpan;
}

double error(const std::vector<Sample>& samples, const Weights& w, double scale) {
  double sum = 0;
  for (const Sample& s : samples) {
    const double p = 1 / (1 + std::exp(-score_of(s, w) / scale));
    sum += (p - s.label) * (p - s.label);
  }
  return samples.empty() ? 0 : sum / static_cast<double>(samples.size());
}

// The share of decided positions (not draws) whose score has the sign of their value.
double sign_agreement(const std::vector<Sample>& samples, const Weights& w) {
  int right = 0, decided = 0;
  for (const Sample& s : samples) {
    if (s.label > 0.25 && s.label < 0.75) continue;
    ++decided;
    if ((score_of(s, w) > 0) == (s.label > 0.5)) ++right;
  }
  return decided ? static_cast<double>(right) / decided : 0;
}

void add(Samples& to, const Position& p, double label, double score = 0) {
  const Sample s{features(p), middlegame_share(p), label, score};
  (to.train.size() > to.test.size() ? to.test : to.train).push_back(s);
}

Samples table_samples(const std::string& dir, int per_class) {
  const TableLookup tables(TableDirectory::open(dir));
  const int max_stones = tables.listing().max_complete_stones();
  std::mt19937_64 rng(20261202);
  Samples out;
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
        add(out, p, o == Outcome::win ? 1.0 : o == Outcome::draw ? 0.5 : 0.0);
        ++n;
      }
    }
  }
  return out;
}

Samples game_samples(const std::string& file, bool want_scores) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  Samples out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::size_t tab = line.find('\t'), second = line.find('\t', tab == std::string::npos ? tab : tab + 1);
    const std::string result = tab == std::string::npos ? "" : line.substr(tab + 1, second - tab - 1);
    const std::string where = file + ":" + std::to_string(number) + ": ";
    if (result != "1" && result != "0.5" && result != "0") throw std::runtime_error(where + "expected FEN, a tab and 1, 0.5 or 0");
    double score = 0;
    if (want_scores) {
      if (second == std::string::npos) throw std::runtime_error(where + "no search score (selfplay --label-nodes)");
      score = std::stod(line.substr(second + 1));
    }
    add(out, parse_position(line.substr(0, tab)), std::stod(result), score);
  }
  return out;
}

int run(const std::string& tables_dir, int per_class, const std::string& games_file, bool search_labels) {
  std::vector<std::pair<std::string, Samples>> sources;
  if (!tables_dir.empty()) sources.emplace_back("tables", table_samples(tables_dir, per_class));
  if (!games_file.empty()) sources.emplace_back("games", game_samples(games_file, search_labels));
  std::vector<Sample> train, test;
  for (const auto& [name, s] : sources) {
    train.insert(train.end(), s.train.begin(), s.train.end());
    test.insert(test.end(), s.test.begin(), s.test.end());
  }
  if (train.empty()) throw std::runtime_error("no positions: give --tables or --games");
  Weights w = kDefaultWeights;
  double scale = 100;
  // The scale that fits the starting weights best, by a coarse then fine scan.
  for (double step : {50.0, 10.0, 2.0}) {
    double best = scale;
    for (double s = std::max(step, scale - 5 * step); s <= scale + 5 * step; s += step)
      if (error(train, w, s) < error(train, w, best)) best = s;
    scale = best;
  }
  if (search_labels) {
    // The games' positions labelled by their searches, on the scale that fits the results.
    const auto relabel = [&](std::vector<Sample>& v, bool from_games) {
      if (!from_games) return;
      for (Sample& s : v) s.label = 1 / (1 + std::exp(-s.score / scale));
    };
    train.clear();
    test.clear();
    for (auto& [name, s] : sources) {
      relabel(s.train, name == "games");
      relabel(s.test, name == "games");
      train.insert(train.end(), s.train.begin(), s.train.end());
      test.insert(test.end(), s.test.begin(), s.test.end());
    }
  }
  const Weights before = w;
  // Every weight but material, which is the unit in both phases. (Fitted too, the
  // middlegame's fell to half a stone: self-play games that a side ahead fails to win
  // within the turn limit count as draws, and a weight that learns that lesson plays
  // worse, 42 % in 44 games against the weights before; docs/engine.md.)
  std::vector<int*> free;
  for (int k = 1; k < kFeatures; ++k) free.push_back(&w.middlegame[k]);
  for (int k = 1; k < kFeatures; ++k) free.push_back(&w.endgame[k]);
  double current = error(train, w, scale);
  for (int step : {16, 4, 1}) {
    for (bool improved = true; improved;) {
      improved = false;
      for (int* weight : free) {
        for (int direction : {+1, -1}) {
          *weight += direction * step;
          const double trial = error(train, w, scale);
          if (trial < current) {
            current = trial;
            improved = true;
          } else {
            *weight -= direction * step;
          }
        }
      }
    }
  }
  std::printf("positions: %zu training, %zu held out; scale %.0f\n", train.size(), test.size(), scale);
  for (const auto& [name, s] : sources)
    std::printf("%s (%zu held out): error %.5f -> %.5f; sign right on decided positions %.2f %% -> %.2f %%\n",
                name.c_str(), s.test.size(), error(s.test, before, scale), error(s.test, w, scale),
                100 * sign_agreement(s.test, before), 100 * sign_agreement(s.test, w));
  std::printf("all held out: error %.5f -> %.5f (training %.5f -> %.5f)\nweights:\n", error(test, before, scale),
              error(test, w, scale), error(train, before, scale), error(train, w, scale));
  print_weights(stdout, w);
  return 0;
}

}  // namespace
}  // namespace tsivy::search

int main(int argc, char** argv) {
  std::string tables, games;
  int per_class = 20000;
  std::string labels = "result";
  CLI::App app{"Fits the evaluation's weights to positions of the tables and of self-play games (Texel tuning)."};
  app.add_option("--tables", tables, "a table directory: random quiet positions of its classes of 4 stones and up")
      ->check(CLI::ExistingDirectory);
  app.add_option("--per-class", per_class, "positions drawn from each class of the tables")->check(CLI::PositiveNumber);
  app.add_option("--games", games, "positions of self-play games (bench/selfplay)")->check(CLI::ExistingFile);
  app.add_option("--labels", labels, "what labels the games' positions: result (of the game) or search (its score)")
      ->check(CLI::IsMember({"result", "search"}));
  CLI11_PARSE(app, argc, argv);
  try {
    return tsivy::search::run(tables, per_class, games, labels == "search");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune_evaluation: %s\n", e.what());
    return 1;
  }
}
