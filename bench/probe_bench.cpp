// libtsivy probes through the C API (issue 7's targets): WDL+depth probes of random
// quiet positions of the 5-, 6- and 7-stone classes with their blocks cached (<= 300 ns)
// and not cached (<= 50 us), random capture positions resolved by search (<= 3 us),
// tsivy_probe_root, and the throughput of 1 and 2 threads on one handle (2 >= 1.8x).
// And (0.4) what a search pays for a refused WDL probe, against a hot hit (<= 2x): a
// position past the tables, one of a class whose file is missing, one of a class whose
// file was found damaged, and a cache-only probe whose block is not in memory. These use the C API alone (and game/, indexing/ to make
// positions), so that this file also builds against an older libtsivy.so, for a side
// by side run (probe/README.md).
//
// Needs a table directory: TSIVY_PROBE_BENCH_TABLES, default /tmp/probe-tables, from
//   build/release/cli/tsivy generate --max-stones 7 --out /tmp/probe-tables
// (the 7-stone cases report an error and are skipped with tables up to 6 stones only).
// Run: build/release/bench/probe_bench (5 repetitions each, medians reported).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "indexing/material_index.h"
#include "tsivy/tsivy.h"

namespace {

struct Sets {
  std::uint64_t us, them;
};

std::string tables_dir() {
  const char* env = std::getenv("TSIVY_PROBE_BENCH_TABLES");
  return env ? env : "/tmp/probe-tables";
}

// One handle per cache size, opened on first use and kept for the whole run.
const tsivy_tables* tables(std::size_t cache_bytes) {
  static std::vector<std::pair<std::size_t, tsivy_tables*>> open;
  for (const auto& [bytes, t] : open)
    if (bytes == cache_bytes) return t;
  tsivy_tables* t = nullptr;
  if (tsivy_open(tables_dir().c_str(), cache_bytes, &t) != TSIVY_OK) return nullptr;
  open.emplace_back(cache_bytes, t);
  return t;
}

enum class Kind { quiet, capture, any };

// A random position of class `m` drawn from `rng`; nullopt when its side to move has
// (capture) or has not (quiet) a capture against what `kind` asks.
std::optional<Sets> random_position(tsivy::Material m, Kind kind, std::mt19937_64& rng) {
  Sets s{0, 0};
  std::uint64_t taken = 0;
  for (int k = 0; k < m.stones(); ++k) {
    std::uint64_t bit;
    do bit = std::uint64_t{1} << (rng() % 45);
    while (taken & bit);
    taken |= bit;
    (k < m.us ? s.us : s.them) |= bit;
  }
  const bool capture = tsivy::has_capture(s.us, s.them);
  if (kind == Kind::any || capture == (kind == Kind::capture)) return s;
  return std::nullopt;
}

// `count` random positions of the classes with `stones` stones whose side to move has
// (capture) or has not (quiet) a capture, always the same for the same arguments.
std::vector<Sets> positions(int stones, Kind kind, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed + static_cast<std::uint64_t>(stones));
  const std::vector<tsivy::Material> classes = tsivy::materials_with(stones);
  std::vector<Sets> out;
  while (out.size() < count) {
    const tsivy::Material m = classes[rng() % classes.size()];
    if (const std::optional<Sets> s = random_position(m, kind, rng)) out.push_back(*s);
  }
  return out;
}

constexpr std::size_t kPositions = 1 << 14;
constexpr std::size_t kLargeCache = std::size_t{2} << 30;  // every block 2^14 random positions touch

void probe_loop(benchmark::State& state, const tsivy_tables* t, const std::vector<Sets>& p) {
  std::size_t i = 0;
  const std::size_t mask = p.size() - 1;  // p.size() is a power of two
  for (auto _ : state) {
    int wdl, depth;
    const Sets& s = p[i++ & mask];
    if (tsivy_probe(t, s.us, s.them, &wdl, &depth) != TSIVY_OK) {
      state.SkipWithError(tsivy_last_error());
      break;
    }
    benchmark::DoNotOptimize(wdl + depth);
  }
  state.SetItemsProcessed(state.iterations());
}

bool ready(benchmark::State& state, const tsivy_tables* t, int stones = 6) {
  if (t && tsivy_max_stones(t) >= stones) return true;
  state.SkipWithError(("needs tables up to " + std::to_string(stones) + " stones in " + tables_dir()).c_str());
  return false;
}

// Blocks in the cache: every position was probed once before timing.
void BM_ProbeQuietCached(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  const auto p = positions(static_cast<int>(state.range(0)), Kind::quiet, kPositions, 1);
  for (const Sets& s : p) {
    int wdl, depth;
    tsivy_probe(t, s.us, s.them, &wdl, &depth);
  }
  probe_loop(state, t, p);
}

// The same with only 64 positions, so that their blocks also stay in the CPU's caches:
// the floor of a cached probe (the difference to the above is memory latency).
void BM_ProbeQuietHot(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  const auto p = positions(static_cast<int>(state.range(0)), Kind::quiet, 64, 6);
  for (const Sets& s : p) {
    int wdl, depth;
    tsivy_probe(t, s.us, s.them, &wdl, &depth);
  }
  probe_loop(state, t, p);
}

// No block cache worth the name (one block): nearly every probe decompresses its
// blocks (the files themselves are in the operating system's page cache).
void BM_ProbeQuietCold(benchmark::State& state) {
  const tsivy_tables* t = tables(1);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  probe_loop(state, t, positions(static_cast<int>(state.range(0)), Kind::quiet, kPositions, 2));
}

// Capture positions: resolved by searching their capture sequences, blocks cached.
void BM_ProbeCaptureCached(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  const auto p = positions(static_cast<int>(state.range(0)), Kind::capture, kPositions, 3);
  for (const Sets& s : p) {
    int wdl, depth;
    tsivy_probe(t, s.us, s.them, &wdl, &depth);
  }
  probe_loop(state, t, p);
}

void BM_ProbeRoot(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  const auto p = positions(static_cast<int>(state.range(0)), Kind::any, kPositions, 4);
  std::vector<tsivy_turn> turns(512);
  std::size_t i = 0;
  for (auto _ : state) {
    const Sets& s = p[i++ & (kPositions - 1)];
    std::size_t n = 0;
    if (tsivy_probe_root(t, s.us, s.them, turns.data(), turns.size(), &n) != TSIVY_OK) {
      state.SkipWithError(tsivy_last_error());
      break;
    }
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations());
}

// Throughput of 1 and 2 threads probing one handle (quiet and capture positions of 6
// stones, blocks cached): items_per_second of the 2-thread run / the 1-thread run.
void BM_ProbeThreads(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t)) return;
  static const std::vector<Sets> p = [&] {
    auto all = positions(6, Kind::any, kPositions, 5);
    for (const Sets& s : all) {
      int wdl, depth;
      tsivy_probe(t, s.us, s.them, &wdl, &depth);
    }
    return all;
  }();
  std::size_t i = static_cast<std::size_t>(state.thread_index()) * (kPositions / 2);
  for (auto _ : state) {
    int wdl, depth;
    const Sets& s = p[i++ & (kPositions - 1)];
    tsivy_probe(t, s.us, s.them, &wdl, &depth);
    benchmark::DoNotOptimize(wdl + depth);
  }
  state.SetItemsProcessed(state.iterations());
}

// `count` random positions of class `m`, quiet or capturing as `kind` says.
std::vector<Sets> class_positions(tsivy::Material m, Kind kind, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Sets> out;
  while (out.size() < count)
    if (const std::optional<Sets> s = random_position(m, kind, rng)) out.push_back(*s);
  return out;
}

// A variant of the bench's tables in a temporary directory: links to every file but
// `file`, which is left out (`damage` false) or copied with its last bytes changed, so
// that its last block fails its checksum when read (`damage` true). Made once per run.
std::string tables_variant(const std::string& name, const std::string& file, bool damage) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tsivy-probe-bench-" + name + "-" + std::to_string(::getpid()));
  static std::vector<fs::path> made;  // removed when the run ends
  static const struct Cleanup {
    ~Cleanup() {
      std::error_code ignored;
      for (const fs::path& d : made) fs::remove_all(d, ignored);
    }
  } cleanup;
  if (fs::exists(dir)) return dir.string();
  fs::create_directories(dir);
  made.push_back(dir);
  for (const auto& entry : fs::directory_iterator(tables_dir())) {
    const fs::path target = dir / entry.path().filename();
    if (entry.path().filename() != file) {
      fs::create_symlink(fs::absolute(entry.path()), target);
    } else if (damage) {
      fs::copy_file(entry.path(), target);
      std::fstream f(target, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(-8, std::ios::end);
      f.write("\xa5\x5a\xa5\x5a\xa5\x5a\xa5\x5a", 8);
    }
  }
  return dir.string();
}

// tsivy_probe_wdl over `p` (a power of two of positions), each expected to give `expected`.
void wdl_loop(benchmark::State& state, const tsivy_tables* t, const std::vector<Sets>& p, int expected) {
  std::size_t i = 0;
  const std::size_t mask = p.size() - 1;
  for (auto _ : state) {
    int wdl = 0;
    const Sets& s = p[i++ & mask];
    const int status = tsivy_probe_wdl(t, s.us, s.them, &wdl);
    if (status != expected) {
      state.SkipWithError((std::string(tsivy_status_name(status)) + ": " + tsivy_last_error()).c_str());
      break;
    }
    benchmark::DoNotOptimize(wdl);
  }
  state.SetItemsProcessed(state.iterations());
}

// The hit a refusal is weighed against: WDL probes of 64 quiet positions, blocks hot.
void BM_ProbeWdlHot(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, static_cast<int>(state.range(0)))) return;
  const auto p = positions(static_cast<int>(state.range(0)), Kind::quiet, 64, 6);
  for (const Sets& s : p) {
    int wdl;
    tsivy_probe_wdl(t, s.us, s.them, &wdl);
  }
  wdl_loop(state, t, p, TSIVY_OK);
}

// Positions one stone past the tables: TOO_MANY_STONES.
void BM_RefusedTooManyStones(benchmark::State& state) {
  const tsivy_tables* t = tables(kLargeCache);
  if (!ready(state, t, 3)) return;
  wdl_loop(state, t, positions(tsivy_max_stones(t) + 1, Kind::any, 64, 7), TSIVY_ERROR_TOO_MANY_STONES);
}

// Positions of 3v2, whose WDL file is missing: TABLE_MISSING.
void BM_RefusedMissing(benchmark::State& state) {
  if (!ready(state, tables(kLargeCache), 5)) return;
  static tsivy_tables* t = nullptr;
  if (!t && tsivy_open(tables_variant("missing", "3v2.wdl.tsivy", false).c_str(), 0, &t) != TSIVY_OK) {
    state.SkipWithError(tsivy_last_error());
    return;
  }
  wdl_loop(state, t, class_positions({3, 2}, Kind::any, 64, 8), TSIVY_ERROR_TABLE_MISSING);
}

// Quiet positions of 2v1, whose WDL file's block was found damaged by the first probe:
// TABLE_CORRUPT, told without reading the file again.
void BM_RefusedDamaged(benchmark::State& state) {
  if (!ready(state, tables(kLargeCache), 3)) return;
  static tsivy_tables* t = nullptr;
  if (!t && tsivy_open(tables_variant("damaged", "2v1.wdl.tsivy", true).c_str(), 0, &t) != TSIVY_OK) {
    state.SkipWithError(tsivy_last_error());
    return;
  }
  const auto p = class_positions({2, 1}, Kind::quiet, 64, 9);
  int wdl;
  tsivy_probe_wdl(t, p[0].us, p[0].them, &wdl);  // finds the damage and marks the file bad
  wdl_loop(state, t, p, TSIVY_ERROR_TABLE_CORRUPT);
}

// tsivy_probe_cached of quiet 5-stone positions on a handle that never read a block:
// NOT_CACHED, the answer a search gets most when it probes from memory only.
void BM_RefusedNotCached(benchmark::State& state) {
  if (!ready(state, tables(kLargeCache), 5)) return;
  static tsivy_tables* t = nullptr;
  if (!t && tsivy_open(tables_dir().c_str(), 0, &t) != TSIVY_OK) {
    state.SkipWithError(tsivy_last_error());
    return;
  }
  const auto p = positions(5, Kind::quiet, 64, 10);
  std::size_t i = 0;
  for (auto _ : state) {
    int wdl = 0;
    const Sets& s = p[i++ & 63];
    const int status = tsivy_probe_cached(t, s.us, s.them, &wdl, nullptr);
    if (status != TSIVY_ERROR_NOT_CACHED) {
      state.SkipWithError((std::string(tsivy_status_name(status)) + ": " + tsivy_last_error()).c_str());
      break;
    }
    benchmark::DoNotOptimize(wdl);
  }
  state.SetItemsProcessed(state.iterations());
}

#define TSIVY_MEDIANS Repetitions(5)->ReportAggregatesOnly(true)
BENCHMARK(BM_ProbeQuietCached)->Arg(5)->Arg(6)->Arg(7)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeQuietHot)->Arg(5)->Arg(6)->Arg(7)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeQuietCold)->Arg(5)->Arg(6)->Arg(7)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeCaptureCached)->Arg(5)->Arg(6)->Arg(7)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeRoot)->Arg(6)->Arg(7)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeWdlHot)->Arg(5)->Arg(6)->TSIVY_MEDIANS;
BENCHMARK(BM_RefusedTooManyStones)->TSIVY_MEDIANS;
BENCHMARK(BM_RefusedMissing)->TSIVY_MEDIANS;
BENCHMARK(BM_RefusedDamaged)->TSIVY_MEDIANS;
BENCHMARK(BM_RefusedNotCached)->TSIVY_MEDIANS;
BENCHMARK(BM_ProbeThreads)->Threads(1)->Threads(2)->UseRealTime()->TSIVY_MEDIANS;

}  // namespace
