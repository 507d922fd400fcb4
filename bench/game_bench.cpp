// Rules-engine benchmarks on fixed corpora (bench/data). Items are positions, except
// where a benchmark counts what it produces (successors, predecessors, turns).
#include <benchmark/benchmark.h>

#include "bench/corpus.h"
#include "game/movegen.h"
#include "game/perft.h"

namespace tsivy::bench {
namespace {

const std::vector<Position>& corpus(int which) {
  static const std::vector<Position> endgame = load_corpus("endgame");
  static const std::vector<Position> midgame = load_corpus("midgame");
  static const std::vector<Position> start{start_position()};
  return which == 0 ? endgame : which == 1 ? midgame : start;
}
const char* corpus_name(int which) { return which == 0 ? "endgame" : which == 1 ? "midgame" : "start"; }

void BM_HasCapture(benchmark::State& state) {
  const auto& positions = corpus(static_cast<int>(state.range(0)));
  state.SetLabel(corpus_name(static_cast<int>(state.range(0))));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(has_capture(positions[i]));
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HasCapture)->Arg(0)->Arg(1)->Arg(2);

// Runs `list(position, out)` over the corpus and reports the positions it lists per second.
template <void (*List)(const Position&, std::vector<Position>&)>
void BM_ListPositions(benchmark::State& state) {
  const auto& positions = corpus(static_cast<int>(state.range(0)));
  state.SetLabel(corpus_name(static_cast<int>(state.range(0))));
  std::vector<Position> out;
  std::int64_t produced = 0;
  for (auto _ : state) {
    for (const Position& p : positions) {
      List(p, out);
      produced += static_cast<std::int64_t>(out.size());
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(produced);
}
// Distinct successor positions per second.
BENCHMARK(BM_ListPositions<successors>)->Name("BM_Successors")->Arg(0)->Arg(1)->Arg(2);
// Paika predecessors per second.
BENCHMARK(BM_ListPositions<paika_unmoves>)->Name("BM_PaikaUnmoves")->Arg(0)->Arg(1);

void BM_GenerateTurns(benchmark::State& state) {
  const auto& positions = corpus(static_cast<int>(state.range(0)));
  state.SetLabel(corpus_name(static_cast<int>(state.range(0))));
  std::int64_t produced = 0;
  for (auto _ : state) {
    for (const Position& p : positions) {
      const auto turns = generate_turns(p);
      produced += static_cast<std::int64_t>(turns.size());
      benchmark::DoNotOptimize(turns.data());
    }
  }
  state.SetItemsProcessed(produced);  // turns (with notation) per second
}
BENCHMARK(BM_GenerateTurns)->Arg(0)->Arg(1)->Arg(2);

// Args: depth, threads. perft(6) from the start has 9,205,774 turn sequences.
void BM_PerftStart(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t turns = 0;
  for (auto _ : state) {
    const auto levels = perft(start_position(), depth, static_cast<unsigned>(state.range(1)));
    turns = levels.back().turns;
    benchmark::DoNotOptimize(turns);
  }
  const std::uint64_t expected = depth == 5 ? 431852 : depth == 6 ? 9205774 : turns;
  if (turns != expected) state.SkipWithError("perft from the start gives the wrong count");
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * turns));  // turn sequences per second
}
BENCHMARK(BM_PerftStart)->Args({5, 1})->Args({6, 1})->Args({6, 2})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tsivy::bench
