// Index benchmarks: index and unindex of random positions of one class, per call.
// Positions are drawn uniformly from the class (2^20 of them, so the half-board table
// is read as in a solver's random access, not from a warm L1).
//   build/release/bench/indexing_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <utility>
#include <vector>

#include "game/movegen.h"
#include "indexing/material_index.h"

#ifndef TSIVY_BENCH_SAMPLE_BITS
#define TSIVY_BENCH_SAMPLE_BITS 20
#endif

namespace tsivy::bench {
namespace {

constexpr std::size_t kSamples = std::size_t{1} << TSIVY_BENCH_SAMPLE_BITS;

Material bench_class(const benchmark::State& state) {
  return {static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
}

PointSet random_set(std::mt19937_64& rng, int size, PointSet exclude) {
  std::uniform_int_distribution<int> point(0, kPoints - 1);
  PointSet s = 0;
  while (count(s) < size) {
    const PointSet b = bit(point(rng));
    if (!(b & exclude)) s |= b;
  }
  return s;
}

std::vector<std::pair<PointSet, PointSet>> random_positions(Material m) {
  std::mt19937_64 rng(42);
  std::vector<std::pair<PointSet, PointSet>> out(kSamples);
  for (auto& [us, them] : out) {
    us = random_set(rng, m.us, 0);
    them = random_set(rng, m.them, us);
  }
  return out;
}

// Slots of random canonical positions, so that unindex decodes what the solver decodes.
std::vector<std::uint64_t> random_slots(Material m) {
  const MaterialIndex& index = MaterialIndex::of(m);
  std::vector<std::uint64_t> out;
  out.reserve(kSamples);
  for (const auto& [us, them] : random_positions(m)) out.push_back(index.index(us, them));
  return out;
}

// Times query(index, inputs[i]) cycling through the inputs; one item per query.
template <class Input, class Query>
void time_queries(benchmark::State& state, const std::vector<Input>& inputs, Query query) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(query(index, inputs[i]));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Index(benchmark::State& state) {
  time_queries(state, random_positions(bench_class(state)),
               [](const MaterialIndex& index, const auto& p) { return index.index(p.first, p.second); });
}

void BM_IndexUnchecked(benchmark::State& state) {
  time_queries(state, random_positions(bench_class(state)),
               [](const MaterialIndex& index, const auto& p) { return index.index_unchecked(p.first, p.second); });
}

void BM_Unindex(benchmark::State& state) {
  time_queries(state, random_slots(bench_class(state)),
               [](const MaterialIndex& index, std::uint64_t slot) { return index.unindex(slot); });
}

void BM_UnindexUnchecked(benchmark::State& state) {
  time_queries(state, random_slots(bench_class(state)),
               [](const MaterialIndex& index, std::uint64_t slot) { return index.unindex_unchecked(slot); });
}

void BM_IsCanonical(benchmark::State& state) {
  const MaterialIndex& index = MaterialIndex::of(bench_class(state));
  std::mt19937_64 rng(43);
  std::vector<std::uint64_t> slots(kSamples);
  std::uniform_int_distribution<std::uint64_t> any(0, index.slots() - 1);
  for (auto& s : slots) s = any(rng);
  time_queries(state, slots, [](const MaterialIndex& index, std::uint64_t slot) { return index.is_canonical(slot); });
}

// Decoding consecutive slots, as the table scans (seeding, verify, stats) do.
void BM_SlotCursorWalk(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  state.SetLabel(m.to_string());
  const std::uint64_t length = std::min<std::uint64_t>(kSamples, index.slots());
  for (auto _ : state) {
    PointSet seen = 0;
    for_each_slot(index, 0, length, [&](const SlotCursor& slot) { seen ^= slot.us() ^ slot.them() ^ slot.canonical(); });
    benchmark::DoNotOptimize(seen);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * length));
}

// The propagation's inner step (solver/propagation.cpp): the paika un-moves of random
// positions of the class, each indexed into the mirror class, either one index_unchecked
// per predecessor (the way before SharedSideIndex) or sharing the side that did not move.
// Items are predecessors indexed; the un-move generation is timed in both.
template <bool Shared>
void BM_PredecessorSlots(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& before = MaterialIndex::of(m.flipped());
  state.SetLabel(m.to_string() + (Shared ? " shared side" : " index each"));
  const auto positions = random_positions(m);
  std::vector<Position> predecessors;
  std::int64_t indexed = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [us, them] = positions[i];
    paika_unmoves(Position{us, them, Colour::White}, predecessors);
    std::uint64_t sum = 0;
    if constexpr (Shared) {
      const SharedSideIndex shared(before, us, false);
      for (const Position& p : predecessors) sum += shared.index(p.us);
    } else {
      for (const Position& p : predecessors) sum += before.index_unchecked(p.us, p.them);
    }
    benchmark::DoNotOptimize(sum);
    indexed += static_cast<std::int64_t>(predecessors.size());
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(indexed);
}

// Building the tables of every class up to 10 stones (the first of() does it once).
void classes(benchmark::internal::Benchmark* b) { b->Args({4, 3})->Args({4, 4})->Args({5, 4}); }

BENCHMARK(BM_Index)->Apply(classes);
BENCHMARK(BM_IndexUnchecked)->Apply(classes);
BENCHMARK(BM_Unindex)->Apply(classes);
BENCHMARK(BM_UnindexUnchecked)->Apply(classes);
BENCHMARK(BM_IsCanonical)->Apply(classes);
BENCHMARK(BM_SlotCursorWalk)->Apply(classes);
BENCHMARK(BM_PredecessorSlots<false>)->Name("BM_PredecessorSlots/index_each")->Args({3, 3})->Args({2, 4})->Args({4, 2})->Args({4, 3})->Args({3, 4});
BENCHMARK(BM_PredecessorSlots<true>)->Name("BM_PredecessorSlots/shared_side")->Args({3, 3})->Args({2, 4})->Args({4, 2})->Args({4, 3})->Args({3, 4});

}  // namespace
}  // namespace tsivy::bench
