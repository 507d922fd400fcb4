// `tsivy generate`: every class with 2..N stones, smallest total first, each pair
// solved together, written to a table directory with a manifest; resumable.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <vector>

#include "solver/manifest.h"

namespace tsivy {

struct GenerateOptions {
  int max_stones = 0;
  std::filesystem::path out;
  unsigned threads = 1;
  // Decompressed blocks of smaller tables kept for seeding (one budget for all of them).
  std::size_t cache_bytes = std::size_t{1} << 30;
  std::ostream* log = nullptr;  // progress and summary; nullptr for quiet
};

// Returns the manifest entries of every class up to max_stones, solved now or
// found complete on disk. Throws on I/O errors or damaged earlier tables.
std::vector<ManifestClass> generate_tables(const GenerateOptions& options);

}  // namespace tsivy
