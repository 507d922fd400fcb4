// Writing a table file: one call, atomic (a complete file under the final name, or
// nothing). Layout and defaults: FORMAT.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

#include "io/table_file.h"

namespace tsivy::io {

struct WriteOptions {
  // Entries per block: a multiple of 64, at most 2^24. 0 picks the default, a fixed
  // number of packed bytes per block whatever the bits per entry (FORMAT.md).
  std::uint32_t entries_per_block = 0;
  // zstd level, 1..ZSTD_maxCLevel(). 0 picks the default (FORMAT.md).
  int zstd_level = 0;
  // Threads compressing blocks. The file is byte-identical for any number.
  unsigned threads = 1;
};

// Writes `values` (entry i = values[i]) as the table `spec` to `file` and returns the
// header written. WDL values must be Wdl codes (0..3), where `unused` marks an entry
// nobody reads; in a depth table kDontCareDepth marks one (io/dont_care.h). Those are
// stored as whatever compresses best (fill_dont_care), so a WDL table never stores
// `unused`. Depth tables are stored at 8 bits per entry, or 16 when the largest value
// that is not don't-care exceeds 255. The value counts in the header count the values
// stored.
//
// Atomic (io/atomic_file.h): on any failure the temporary file is removed and `file`
// is left as it was.
//
// Throws std::invalid_argument for a value or option out of range, FileWriteError when
// the operating system refuses the write. Thread-safe for distinct files.
TableHeader write_table(const std::filesystem::path& file, const TableSpec& spec,
                        std::span<const std::uint8_t> values, const WriteOptions& options = {});
TableHeader write_table(const std::filesystem::path& file, const TableSpec& spec,
                        std::span<const std::uint16_t> values, const WriteOptions& options = {});

// The entries per block the writer picks by default at this many bits per entry.
std::uint32_t default_entries_per_block(unsigned bits_per_entry);

// A multiple of default_entries_per_block at every width the tables use (65536: the
// 2-bit WDL block of 16 KiB, 4x the 8-bit depth block, 8x the 16-bit one): a range of
// slots that starts at a multiple of it covers whole blocks of any table file.
inline constexpr std::uint64_t kWholeBlocksAlignment = 65536;

}  // namespace tsivy::io
