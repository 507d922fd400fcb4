// Large arrays that are read and written at random (the solver's working state, the
// classes made resident for seeding) are put on 2 MiB transparent huge pages.
//
// Why: at 8 stones these arrays take 15 GiB and nearly every access is a TLB miss. With
// 4 KiB pages the page-table entries for 15 GiB (30 MiB of them) do not stay in the CPU
// caches, so a miss costs a second trip to memory (two under a hypervisor's nested
// paging); with 2 MiB pages the entries fit in 64 KiB. bench/memory_bench.cpp measures
// random byte updates over 2 GiB: about twice as fast on huge pages (docs/solver.md).
//
// The kernel gives huge pages to a range only if asked before the range is first
// touched (with Linux's default THP mode, "madvise"), hence a fill function rather than a
// hint to call on an existing array.
#pragma once

#include <cstddef>
#include <vector>

namespace tsivy::memory {

// Below this an array gains nothing from huge pages worth a system call.
inline constexpr std::size_t kHugePageMinBytes = std::size_t{8} << 20;

// Asks for huge pages over the whole 2 MiB pages inside [data, data + bytes), when the
// range is at least kHugePageMinBytes. Only advice: ignored where the kernel has no
// transparent huge pages or they are switched off ("never").
void advise_huge_pages(void* data, std::size_t bytes) noexcept;

// v = n copies of value, on huge pages where the kernel allows. The old contents are
// freed first, so the new array is a fresh, untouched allocation when it is advised
// (large allocations come straight from mmap).
template <class T>
void assign_on_huge_pages(std::vector<T>& v, std::size_t n, const T& value) {
  std::vector<T>().swap(v);
  v.reserve(n);
  advise_huge_pages(v.data(), n * sizeof(T));
  v.assign(n, value);
}

}  // namespace tsivy::memory
