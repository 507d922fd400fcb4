// Table reads: random single entries (cache warm, cache off, cache smaller than the
// table) and sequential bulk reads, on a synthetic WDL table and a depth table
// written once at the default block size and zstd level.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <vector>

#include "io/table_reader.h"
#include "io/table_writer.h"

namespace {

using tsivy::io::ReaderOptions;
using tsivy::io::TableKind;
using tsivy::io::TableReader;

constexpr std::size_t kWdlEntries = std::size_t{1} << 24;    // 4 MiB packed
constexpr std::size_t kDepthEntries = std::size_t{1} << 22;  // 4 MiB at 8 bits

// The two tables, written on first use and removed at exit.
struct Tables {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tsivy-io-bench-" + std::to_string(::getpid()));
  std::filesystem::path wdl = dir / "bench.wdl", depth = dir / "bench.dtm";

  Tables() {
    std::filesystem::create_directories(dir);
    std::mt19937_64 rng(1);
    // Runs with a skew: neighbouring indices often share a value.
    std::vector<std::uint8_t> w(kWdlEntries);
    std::uint8_t last = 2;
    for (auto& v : w) v = last = rng() % 100 < 85 ? last : static_cast<std::uint8_t>(rng() % 100 < 55 ? 2 : rng() % 2);
    tsivy::io::write_table(wdl, {TableKind::wdl, 4, 4, 1}, std::span<const std::uint8_t>(w), {0, 0, 2});
    std::vector<std::uint8_t> d(kDepthEntries);
    std::geometric_distribution<int> geo(0.08);
    for (auto& v : d) v = static_cast<std::uint8_t>(std::min(geo(rng), 255));
    tsivy::io::write_table(depth, {TableKind::depth, 4, 4, 1}, std::span<const std::uint8_t>(d), {0, 0, 2});
  }
  ~Tables() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

std::vector<std::uint64_t> random_indices(std::size_t count, std::uint64_t below, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> v(count);
  for (auto& i : v) i = rng() % below;
  return v;
}

void random_gets(benchmark::State& state, const TableReader& reader) {
  const auto indices = random_indices(1 << 16, reader.size(), 7 + static_cast<std::uint64_t>(state.thread_index()));
  const std::uint64_t hits = reader.cache_hits(), misses = reader.cache_misses();
  std::size_t k = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum += reader.get(indices[k++ & (indices.size() - 1)]);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  const double h = double(reader.cache_hits() - hits), m = double(reader.cache_misses() - misses);
  // Per thread (the reader's counters are shared), so averaged over threads.
  state.counters["hit_rate"] = benchmark::Counter(h / std::max(1.0, h + m), benchmark::Counter::kAvgThreads);
}

void random_gets(benchmark::State& state, const std::filesystem::path& file, std::size_t cache_bytes) {
  random_gets(state, TableReader(file, ReaderOptions{cache_bytes}));
}

// One reader per table shared by all threads, with every block cached before timing.
const TableReader& warm_reader(const std::filesystem::path& file) {
  static std::mutex mutex;
  static std::map<std::filesystem::path, std::unique_ptr<TableReader>> readers;
  std::lock_guard lock(mutex);
  auto& r = readers[file];
  if (!r) {
    r = std::make_unique<TableReader>(file, ReaderOptions{std::size_t{64} << 20});
    for (std::uint64_t i = 0; i < r->size(); i += r->header().entries_per_block) r->get(i);
  }
  return *r;
}

// Every block in the cache: the cost of locking a shard and unpacking one entry.
void BM_RandomGetWdlCached(benchmark::State& state) { random_gets(state, warm_reader(tables().wdl)); }
BENCHMARK(BM_RandomGetWdlCached)->Threads(1)->Threads(2);

void BM_RandomGetDepthCached(benchmark::State& state) { random_gets(state, warm_reader(tables().depth)); }
BENCHMARK(BM_RandomGetDepthCached);

// A cache of 1 MiB over a 4 MiB table: about a quarter of gets hit.
void BM_RandomGetWdlSmallCache(benchmark::State& state) { random_gets(state, tables().wdl, std::size_t{1} << 20); }
BENCHMARK(BM_RandomGetWdlSmallCache);

// No cache: every get reads and decompresses one block.
void BM_RandomGetWdlUncached(benchmark::State& state) { random_gets(state, tables().wdl, 0); }
BENCHMARK(BM_RandomGetWdlUncached);

void BM_RandomGetDepthUncached(benchmark::State& state) { random_gets(state, tables().depth, 0); }
BENCHMARK(BM_RandomGetDepthUncached);

void sequential_read(benchmark::State& state, const std::filesystem::path& file) {
  const TableReader reader(file, ReaderOptions{0});
  std::vector<std::uint8_t> out(reader.size());
  for (auto _ : state) {
    reader.read(0, std::span(out));
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * reader.size()));
}

void BM_SequentialReadWdl(benchmark::State& state) { sequential_read(state, tables().wdl); }
BENCHMARK(BM_SequentialReadWdl)->Unit(benchmark::kMillisecond);

void BM_SequentialReadDepth(benchmark::State& state) { sequential_read(state, tables().depth); }
BENCHMARK(BM_SequentialReadDepth)->Unit(benchmark::kMillisecond);

}  // namespace
