#include "memory/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace tsivy::memory {

void advise_huge_pages(void* data, std::size_t bytes) noexcept {
  if (data == nullptr || bytes < kHugePageMinBytes) return;
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
  if (first >= last) return;
  // EINVAL where the kernel lacks THP: the array simply stays on small pages.
  (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

}  // namespace tsivy::memory
