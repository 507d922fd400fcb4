// The engine's speed: nodes per second and the depth reached from the start position
// in one second on one thread (README, "Playing"), and a fixed-depth search whose time
// compares builds. Run several repetitions and quote medians:
//   build/release/bench/search_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "game/notation.h"
#include "search/engine.h"

namespace tsivy::search {
namespace {

// Args: milliseconds. Counters: depth (last completed iteration) and nodes/s.
void BM_SearchStartForATime(benchmark::State& state) {
  std::uint64_t nodes = 0;
  int depth = 0;
  double seconds = 0;
  for (auto _ : state) {
    Engine engine({.hash_mib = 64});
    const SearchResult r = engine.search(start_position(), {}, {.movetime = std::chrono::milliseconds(state.range(0))});
    nodes += r.nodes;
    depth = r.depth;
    seconds += std::chrono::duration<double>(r.elapsed).count();
  }
  state.counters["depth"] = depth;
  state.counters["nodes_per_second"] = static_cast<double>(nodes) / seconds;
}
BENCHMARK(BM_SearchStartForATime)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Args: depth. The same nodes every run, so its time compares builds and changes.
void BM_SearchStartToDepth(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    Engine engine({.hash_mib = 64});
    nodes = engine.search(start_position(), {}, {.depth = static_cast<int>(state.range(0))}).nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SearchStartToDepth)->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();

// A middlegame and an endgame just outside 8-stone tables, to a fixed depth.
void BM_SearchPositionToDepth(benchmark::State& state, const char* fen, int depth) {
  const Position p = parse_position(fen);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    Engine engine({.hash_mib = 64});
    nodes = engine.search(p, {}, {.depth = depth}).nodes;
  }
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_SearchPositionToDepth, middlegame, "BB1BBB1BB/B1B1B1BBB/1W1WB1W2/W1W1WWWWW/WWWW1WWWW w", 6)
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_SearchPositionToDepth, endgame, "9/2B1B4/1W2W1B2/3W1W3/9 w", 8)
    ->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tsivy::search
