// The Hash option's check against this machine: a transposition table is cleared (every
// byte touched) when it is made, so one larger than the memory available would not fail
// cleanly but get the process killed. Refused up front instead.
#pragma once

#include <cstddef>

namespace tsivy::cli {

// Throws std::invalid_argument("Hash M MiB is more than the memory available here (...)")
// when `mib` exceeds the memory available now plus `held_mib`, the table it replaces.
// Does nothing when the available memory cannot be read.
void check_hash_fits(std::size_t mib, std::size_t held_mib);

}  // namespace tsivy::cli
