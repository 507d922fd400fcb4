// Self-play games for fitting the evaluation (bench/train_evaluation.sh; docs/engine.md,
// "Evaluation"): the engine against itself from the start, each game opened by a few
// uniformly random turns so that no two are alike, then searched turns with a node
// limit. A game ends when a side has no turn (it lost), by repetition (a draw), at the
// turn limit (a draw), or as soon as the tables cover its position (their value, which
// the engine would then play out). Every quiet position above the tables after the
// random opening (the side to move has no capture, so the evaluation scores it) is
// written with the game's result for its side to move: 1, 0.5 or 0, one per line:
//   FEN<TAB>RESULT
// With --label-nodes N each line also gets the score of a search of N nodes of that
// position, in hundredths of a stone for its side to move (FEN<TAB>RESULT<TAB>SCORE):
// a label that knows the position's tactics, where the game's result knows the game.
// Games are numbered from 0 and game k is played from seed + k alone, so a file is the
// same whatever --jobs, and a longer run extends a shorter one.
//   build/release/bench/selfplay --games 2000 --nodes 10000 --tables DIR --out FILE
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/self_play_settings.h"
#include "io/atomic_file.h"
#include "game/notation.h"

namespace tsivy::search {
namespace {

struct Options {
  SelfPlaySettings play;
  int games = 1000;
  std::uint64_t label_nodes = 0;
  std::string out;
};

struct GameRecord {
  std::vector<Position> quiet;  // the positions written, each with its side to move
  SelfPlayResult result;
};

GameRecord play(Engine& engine, const SelfPlayRules& rules, std::uint64_t seed, int index) {
  std::mt19937_64 rng(seed + static_cast<std::uint64_t>(index));
  GameRecord record;
  record.result = play_self_play_game(engine, engine, rules, rng, [&](const Position& p) { record.quiet.push_back(p); });
  return record;
}

int run(Options& o) {
  const std::unique_ptr<TableLookup> tables = open_self_play_tables(o.play);
  const SelfPlayRules& rules = o.play.rules;
  std::vector<std::string> lines(static_cast<std::size_t>(o.games));
  std::atomic<int> next{0}, finished{0};
  std::atomic<long> positions{0};
  std::array<std::atomic<int>, 3> results{};  // White wins, draws, Black wins
  std::mutex progress;
  const auto worker = [&] {
    EngineOptions options;
    options.hash_mib = 16;
    options.tables = tables.get();
    Engine engine(options);
    for (int k; (k = next.fetch_add(1)) < o.games;) {
      const GameRecord g = play(engine, rules, o.play.seed, k);
      const SelfPlayResult& r = g.result;
      std::string text;
      for (const Position& p : g.quiet) {
        const char* result = r.drawn ? "0.5" : r.winner == p.to_move ? "1" : "0";
        text += format_position(p) + '\t' + result + '\n';
      }
      if (o.label_nodes) {
        // Searched after the game, each from a cleared table: its score owes nothing to the game.
        text.clear();
        for (const Position& p : g.quiet) {
          engine.new_game();
          Limits limits;
          limits.nodes = o.label_nodes;
          const int score = std::clamp(engine.search(p, {}, limits).score, -kTableWinBase, kTableWinBase);
          const char* result = r.drawn ? "0.5" : r.winner == p.to_move ? "1" : "0";
          text += format_position(p) + '\t' + result + '\t' + std::to_string(score) + '\n';
        }
      }
      lines[static_cast<std::size_t>(k)] = std::move(text);
      positions += static_cast<long>(g.quiet.size());
      ++results[r.drawn ? 1 : r.winner == Colour::White ? 0 : 2];
      const int done = ++finished;
      if (done % 50 == 0 || done == o.games) {
        const std::lock_guard lock(progress);
        std::fprintf(stderr, "selfplay: %d/%d games (White %d, draws %d, Black %d), %ld positions\n", done, o.games,
                     results[0].load(), results[1].load(), results[2].load(), positions.load());
      }
    }
  };
  std::vector<std::jthread> threads;
  for (int j = 0; j < o.play.jobs; ++j) threads.emplace_back(worker);
  threads.clear();
  // Written whole and atomically: a stopped run leaves no half file.
  std::string text;
  for (const std::string& l : lines) text += l;
  io::write_text_atomically(o.out, text);
  return 0;
}

}  // namespace
}  // namespace tsivy::search

int main(int argc, char** argv) {
  tsivy::search::Options o;
  CLI::App app{"Self-play games for fitting the evaluation: quiet positions labelled by each game's result."};
  app.add_option("--games", o.games, "games to play")->check(CLI::PositiveNumber);
  add_self_play_flags(app, o.play, "game");
  app.add_option("--label-nodes", o.label_nodes, "also label each position by a search of this many nodes");
  app.add_option("--out", o.out, "the file written (FEN, a tab, the result for the side to move)")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    return tsivy::search::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "selfplay: %s\n", e.what());
    return 1;
  }
}
