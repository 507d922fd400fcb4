// Memory sizes as people type them on a cluster ("240G", "3.5GiB", "1073741824").
#pragma once

#include <cstdint>
#include <string>

namespace tsivy::cli {

// Bytes of `text`: a positive number, optionally with a fraction, then nothing (bytes) or
// one of K, M, G, T, KiB, MiB, GiB, TiB (powers of 1024, as Slurm's --mem reads them).
// Throws std::invalid_argument naming `option` for anything else.
std::uint64_t parse_memory_size(const std::string& text, const std::string& option);

}  // namespace tsivy::cli
