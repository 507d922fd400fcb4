// Why memory/huge_pages.h exists: random one-byte updates over an array as large as an
// 8-stone working state's slice, on 4 KiB pages against 2 MiB transparent huge pages.
// The pattern is the solver's (an update lands on an unpredictable slot) without its
// arithmetic, so the difference is the page walks alone.
//   build/release/bench/memory_bench --benchmark_repetitions=5 --benchmark_enable_random_interleaving
#include <benchmark/benchmark.h>
#include <sys/mman.h>

#include <cstdint>
#include <vector>

#include "memory/huge_pages.h"

namespace {

constexpr std::size_t kBytes = std::size_t{2} << 30;  // 2 GiB: far beyond any TLB's reach on either page size

void BM_RandomUpdates(benchmark::State& state) {
  const bool huge = state.range(0) != 0;
  std::vector<std::uint8_t> values;
  if (huge) {
    tsivy::memory::assign_on_huge_pages(values, kBytes, std::uint8_t{0});
  } else {
    // Small pages whatever the system's THP mode ("always" would otherwise give huge ones).
    values.reserve(kBytes);
    const auto begin = (reinterpret_cast<std::uintptr_t>(values.data()) + 4095) & ~std::uintptr_t{4095};
    madvise(reinterpret_cast<void*>(begin), (kBytes - 4096) & ~std::size_t{4095}, MADV_NOHUGEPAGE);
    values.assign(kBytes, 0);
  }
  std::uint64_t x = 88172645463325252ull;
  for (auto _ : state) {
    for (int i = 0; i < 1024; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      ++values[x % kBytes];
    }
  }
  benchmark::DoNotOptimize(values.data());
  state.SetItemsProcessed(state.iterations() * 1024);
  state.SetLabel(huge ? "2 MiB pages (assign_on_huge_pages)" : "4 KiB pages (MADV_NOHUGEPAGE)");
}
BENCHMARK(BM_RandomUpdates)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
