// The pieces of writing a table file, for writers that encode blocks in parallel and
// in different processes (the MPI solver: each rank its own blocks, FORMAT.md
// "Writing"). write_table is built on the same three pieces, so there is one encoder:
// plan the header from the value counts, encode each block on its own, assemble the
// header and block index from the blocks' sizes and checksums.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "io/table_file.h"
#include "io/table_writer.h"

namespace tsivy::io {

// The header of a table of `spec` with `entry_count` entries whose largest value that
// is not don't-care (io/dont_care.h) is `max_value`: bits per entry, block size and
// count. value_counts is left to the caller (the sum of the blocks' counts, which
// count the values stored, fill included). Throws std::invalid_argument as write_table.
TableHeader plan_table(const TableSpec& spec, std::uint64_t entry_count, std::uint16_t max_value,
                       const WriteOptions& options = {});
// The number of value counts a header of this kind and max value holds.
std::size_t value_counts_size(const TableHeader& header);

struct EncodedBlock {
  std::vector<std::uint8_t> bytes;  // one zstd frame
  std::uint64_t checksum = 0;       // XXH3-64 of bytes
};

// Packs and compresses blocks of one table. One per thread (it holds a zstd context).
class BlockEncoder {
 public:
  BlockEncoder(const TableHeader& header, const WriteOptions& options = {});
  ~BlockEncoder();
  BlockEncoder(const BlockEncoder&) = delete;
  BlockEncoder& operator=(const BlockEncoder&) = delete;
  BlockEncoder(BlockEncoder&&) noexcept;

  // `entries` are the entries of one block (format::entries_in_block of them); their
  // don't-care entries are filled block-locally (fill_dont_care) first. The bytes
  // depend only on the entries, the header and the zstd level. Adds the values stored
  // to `counts` (value_counts_size entries). Throws TableError naming `file` when zstd
  // fails.
  void encode(std::span<const std::uint8_t> entries, EncodedBlock& out, std::vector<std::uint64_t>& counts,
              const std::filesystem::path& file);
  void encode(std::span<const std::uint16_t> entries, EncodedBlock& out, std::vector<std::uint64_t>& counts,
              const std::filesystem::path& file);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Bytes 0 .. data offset of the file: header, value counts and block index, for
// blocks stored in order with these compressed sizes and checksums.
std::vector<std::uint8_t> encode_table_prefix(const TableHeader& header, std::span<const std::uint32_t> sizes,
                                              std::span<const std::uint64_t> checksums);

// File offset of every block (the data offset, then each block after the previous).
std::vector<std::uint64_t> block_offsets(const TableHeader& header, std::span<const std::uint32_t> sizes);

}  // namespace tsivy::io
