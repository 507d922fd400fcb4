// Reading a table file: the one reader the solver's seeding, `verify` and the probe
// library share. It never trusts the file: the header, the value counts and every
// block's offset and size are checked against each other and the file size when it
// opens, and each block's checksum and size when it is decompressed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>

#include "io/table_file.h"

namespace tsivy::io {

namespace detail {
class BlockCache;
}
// A cache of decompressed blocks that several readers share, so that one memory budget
// covers a whole table directory however many files are open. Thread-safe.
using SharedBlockCache = std::shared_ptr<detail::BlockCache>;
SharedBlockCache make_shared_block_cache(std::size_t capacity_bytes);

struct ReaderOptions {
  // Bytes of decompressed blocks kept for random access, shared by all threads using
  // the reader. 0 caches nothing (every get() decompresses its block).
  std::size_t cache_bytes = std::size_t{32} << 20;
};

class TableReader {
 public:
  // Opens and validates `file` (header, value counts, block index; not the blocks
  // themselves). Throws TableError naming the file and what is wrong.
  explicit TableReader(const std::filesystem::path& file, const ReaderOptions& options = {});
  // The same, keeping its blocks in `cache`, shared with other readers.
  TableReader(const std::filesystem::path& file, SharedBlockCache cache);
  ~TableReader();
  // Movable (a moved-from reader may only be destroyed or assigned to), not copyable.
  TableReader(TableReader&&) noexcept;
  TableReader& operator=(TableReader&&) noexcept;

  const std::filesystem::path& file() const;
  const TableHeader& header() const;
  std::uint64_t size() const { return header().entry_count; }

  // Entry `index`, decompressing only its block (through the cache). Thread-safe.
  // Throws std::out_of_range for index >= size(), TableError for a damaged block.
  std::uint16_t get(std::uint64_t index) const;

  // Entry `index` when its block is in the cache; nullopt, without touching the disk,
  // when it is not. Thread-safe. Throws std::out_of_range for index >= size().
  std::optional<std::uint16_t> get_if_cached(std::uint64_t index) const;

  // out[k] = entry first + k for every k, block by block, bypassing the cache (a bulk
  // read would only flush it). Thread-safe. Throws std::out_of_range when the range
  // passes size(), std::invalid_argument for 8-bit `out` on a 16-bit table, and
  // TableError for a damaged block.
  void read(std::uint64_t first, std::span<std::uint8_t> out) const;
  void read(std::uint64_t first, std::span<std::uint16_t> out) const;

  // Decompresses every block, checking its checksum, its size and its zero padding,
  // and recounts the values against the header's value counts. Throws TableError for
  // the first problem found.
  void verify() const;

  // Counters of the shared block cache since opening (for benchmarks and tuning). A
  // read served by the blocks a thread used last touches neither.
  std::uint64_t cache_hits() const;
  std::uint64_t cache_misses() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tsivy::io
