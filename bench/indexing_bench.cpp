// Index benchmarks: index and unindex of random positions of one class, per call.
// Positions are drawn uniformly from the class (2^20 of them, so the half-board table
// is read as in a solver's random access, not from a warm L1).
//   build/release/bench/indexing_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <utility>
#include <vector>

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

void BM_Index(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  const auto positions = random_positions(m);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index.index(positions[i].first, positions[i].second));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_IndexUnchecked(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  const auto positions = random_positions(m);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index.index_unchecked(positions[i].first, positions[i].second));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Unindex(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  const auto slots = random_slots(m);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index.unindex(slots[i]));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_UnindexUnchecked(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  const auto slots = random_slots(m);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index.unindex_unchecked(slots[i]));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_IsCanonical(benchmark::State& state) {
  const Material m = bench_class(state);
  const MaterialIndex& index = MaterialIndex::of(m);
  std::mt19937_64 rng(43);
  std::vector<std::uint64_t> slots(kSamples);
  std::uniform_int_distribution<std::uint64_t> any(0, index.slots() - 1);
  for (auto& s : slots) s = any(rng);
  state.SetLabel(m.to_string());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index.is_canonical(slots[i]));
    i = (i + 1) & (kSamples - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

// Building the tables of every class up to 10 stones (the first of() does it once).
void classes(benchmark::internal::Benchmark* b) { b->Args({4, 3})->Args({4, 4})->Args({5, 4}); }

BENCHMARK(BM_Index)->Apply(classes);
BENCHMARK(BM_IndexUnchecked)->Apply(classes);
BENCHMARK(BM_Unindex)->Apply(classes);
BENCHMARK(BM_UnindexUnchecked)->Apply(classes);
BENCHMARK(BM_IsCanonical)->Apply(classes);

}  // namespace
}  // namespace tsivy::bench
