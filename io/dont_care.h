// Entries nobody reads ("don't care": positions with a capture, whose value the lookup
// finds by search; unused index slots; the depth of a draw) are given, when a table is
// written, whatever value compresses best. FORMAT.md, "Don't-care entries".
#pragma once

#include <cstdint>
#include <span>

#include "io/table_file.h"

namespace tsivy::io {

// What a caller of write_table passes for an entry that may hold anything: the `unused`
// code in a WDL table, this value in a depth table.
inline constexpr std::uint16_t kDontCareDepth = 0xFFFF;

template <class T>
constexpr bool is_dont_care(T value, TableKind kind) {
  // Compared as 16-bit values: an 8-bit depth array has no marker (255 is a depth).
  return kind == TableKind::wdl ? value == static_cast<T>(Wdl::unused)
                                : static_cast<std::uint16_t>(value) == kDontCareDepth && sizeof(T) >= 2;
}

// Replaces the don't-care entries of one block in place. Each one repeats the last
// stored entry before it, and those before the block's first stored entry repeat that
// one, so that runs of equal values only break where two stored values differ: the
// fewest runs possible, which is what zstd encodes cheaply. A block of don't-cares
// only becomes zeros. Looking only inside the block keeps the result independent of
// who encodes which blocks (one process or many ranks write the same bytes).
template <class T>
void fill_dont_care(std::span<T> block, TableKind kind) {
  std::size_t first = 0;
  while (first < block.size() && is_dont_care(block[first], kind)) ++first;
  const T lead = first < block.size() ? block[first] : T{0};
  for (std::size_t i = 0; i < first; ++i) block[i] = lead;
  for (std::size_t i = first + (first < block.size() ? 1 : 0); i < block.size(); ++i)
    if (is_dont_care(block[i], kind)) block[i] = block[i - 1];
}

}  // namespace tsivy::io
