// Table files: the types every user of io/ shares. One file holds one kind (WDL or
// depth) of one material class (m, n) as a dense array of small unsigned entries,
// indexed by whatever scheme the caller names. The on-disk layout is in FORMAT.md;
// io/ knows nothing of positions, only of entries.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace tsivy::io {

// Raised for a table file that cannot be written, cannot be read, or is not a valid
// table: wrong magic or version, a header field out of range, an offset past the end,
// a checksum mismatch, a short read. what() is "<file>: <what is wrong>".
class TableError : public std::runtime_error {
 public:
  TableError(const std::filesystem::path& file, const std::string& problem);
  const std::filesystem::path& file() const noexcept { return file_; }

 private:
  std::filesystem::path file_;
};

// The subset of TableError where the operating system refused (open, stat, read or
// write failed with an errno), as opposed to a file that is readable but not a valid
// table: callers report the two differently.
class TableIoError : public TableError {
 public:
  using TableError::TableError;
};

enum class TableKind : std::uint8_t { wdl = 0, depth = 1 };

// The 2-bit codes of a WDL table, from the side to move. `unused` marks entries
// nobody reads (unused index slots); positions with a capture may hold any code.
enum class Wdl : std::uint8_t { loss = 0, draw = 1, win = 2, unused = 3 };

// What the caller says about a table; the writer derives everything else.
struct TableSpec {
  TableKind kind = TableKind::wdl;
  std::uint8_t m = 0;  // stones of the side to move
  std::uint8_t n = 0;  // stones of the opponent
  // Opaque identifier of the index scheme that maps positions to entries; io/ only
  // stores and returns it. A reader compares it with the scheme it expects.
  std::uint64_t index_scheme = 0;
};

// Everything a header says, as decoded and validated by the reader.
struct TableHeader {
  std::uint16_t version = 0;
  TableSpec spec;
  std::uint64_t entry_count = 0;
  std::uint32_t entries_per_block = 0;
  std::uint32_t block_count = 0;
  std::uint8_t bits_per_entry = 0;  // 2 for WDL, 8 or 16 for depth
  // Largest value stored: the largest WDL code present, or the maximum depth
  // (0 for an empty table).
  std::uint16_t max_value = 0;
  // value_counts[v] = number of entries holding v. Four counts for WDL (indexed by
  // Wdl code), max_value + 1 for depth. Sums to entry_count.
  std::vector<std::uint64_t> value_counts;
};

// xxHash64 (seed 0) of the whole file's bytes, for manifests. Throws TableError when
// the file cannot be read.
std::uint64_t file_checksum(const std::filesystem::path& file);

}  // namespace tsivy::io
