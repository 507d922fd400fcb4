#include "cli/hash_budget.h"

#include <cstdint>
#include <stdexcept>
#include <string>

#include "cli/memory_limit.h"

namespace tsivy::cli {

void check_hash_fits(std::size_t mib, std::size_t held_mib) {
  const std::optional<std::uint64_t> available = available_memory();
  if (!available) return;
  const std::uint64_t budget = *available + (std::uint64_t{held_mib} << 20);
  if ((std::uint64_t{mib} << 20) > budget)
    throw std::invalid_argument("Hash " + std::to_string(mib) + " MiB is more than the memory available here (" +
                                std::to_string(budget >> 20) + " MiB)");
}

}  // namespace tsivy::cli
