// `tsivy stats`: value counts and depth histograms of the tables in a directory.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "indexing/material_index.h"

namespace tsivy {

struct ClassStats {
  Material material{};
  // Indexed by Outcome code: loss, draw, win.
  std::array<std::uint64_t, 3> canonical{};  // one per symmetry class
  std::array<std::uint64_t, 3> raw{};        // every position, each symmetry class weighted by its size
  int max_depth = 0;
  // One position of the greatest depth, the one with the lowest slot (so every run
  // names the same); side to move first. Empty sets when the class has only draws.
  std::uint64_t deepest_us = 0, deepest_them = 0, deepest_slot = ~std::uint64_t{0};
  std::vector<std::uint64_t> wins_by_depth, losses_by_depth;  // canonical positions
};

// Reads every class listed in DIR/manifest.json (through the table reader) and counts.
// cache_bytes: decompressed blocks kept for resolving capture positions.
std::vector<ClassStats> table_stats(const std::filesystem::path& dir, unsigned threads,
                                    std::size_t cache_bytes = std::size_t{1} << 30);

}  // namespace tsivy
