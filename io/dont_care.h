// Entries nobody reads ("don't care": positions with a capture, whose value the lookup
// finds by search; unused index slots; the depth of a draw) are given, when a table is
// written, whatever value compresses best. FORMAT.md, "Don't-care entries".
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

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

// Replaces the don't-care entries of one block in place ("bridge" fill): a gap between
// two equal stored values takes that value, so the run goes on unbroken; every other
// gap (between different values, or at either end of the block) takes the block's most
// common stored value, so that what remains is long runs of one value with the other
// values standing out alone, which zstd encodes cheaply (FORMAT.md, "Choice of the
// fill"). A block of don't-cares only becomes zeros. Looking only inside the block keeps
// the result independent of who encodes which blocks (one process or many ranks).
template <class T>
void fill_dont_care(std::span<T> block, TableKind kind) {
  thread_local std::vector<std::uint32_t> counts;
  counts.clear();
  for (T v : block) {
    if (is_dont_care(v, kind)) continue;
    if (counts.size() <= v) counts.resize(std::size_t{v} + 1, 0);
    ++counts[v];
  }
  const T common = static_cast<T>(std::max_element(counts.begin(), counts.end()) - counts.begin());
  const T fill_ends = counts.empty() ? T{0} : common;
  std::size_t gap = 0;                            // first don't-care of the current gap
  std::size_t previous = block.size();            // last stored entry before it; none yet
  for (std::size_t i = 0; i <= block.size(); ++i) {
    if (i < block.size() && is_dont_care(block[i], kind)) continue;
    const bool bridged = i < block.size() && previous < block.size() && block[previous] == block[i];
    for (std::size_t k = gap; k < i; ++k) block[k] = bridged ? block[i] : fill_ends;
    previous = i;
    gap = i + 1;
  }
}

}  // namespace tsivy::io
