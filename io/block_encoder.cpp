#include "io/block_encoder.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "io/dont_care.h"
#include "io/format.h"

namespace tsivy::io {

namespace {

int level_of(const WriteOptions& options) {
  const int level = options.zstd_level == 0 ? format::kDefaultZstdLevel : options.zstd_level;
  if (level < 1 || level > ZSTD_maxCLevel())
    throw std::invalid_argument("write_table: zstd level " + std::to_string(level) + " out of range");
  return level;
}

}  // namespace

TableHeader plan_table(const TableSpec& spec, std::uint64_t entry_count, std::uint16_t max_value,
                       const WriteOptions& options) {
  if (spec.kind != TableKind::wdl && spec.kind != TableKind::depth)
    throw std::invalid_argument("write_table: unknown table kind");
  level_of(options);
  TableHeader h;
  h.version = format::kVersion;
  h.spec = spec;
  h.entry_count = entry_count;
  h.max_value = max_value;
  if (spec.kind == TableKind::wdl && h.max_value > 3)
    throw std::invalid_argument("write_table: WDL value " + std::to_string(h.max_value) + " is not a code 0..3");
  h.bits_per_entry = format::bits_for(spec.kind, h.max_value);
  h.entries_per_block =
      options.entries_per_block == 0 ? default_entries_per_block(h.bits_per_entry) : options.entries_per_block;
  if (h.entries_per_block % format::kEntriesPerBlockMultiple != 0 || h.entries_per_block > format::kMaxEntriesPerBlock)
    throw std::invalid_argument("write_table: entries per block " + std::to_string(h.entries_per_block) +
                                " is not a multiple of 64 up to 2^24");
  const std::uint64_t blocks = (h.entry_count + h.entries_per_block - 1) / h.entries_per_block;
  if (blocks > UINT32_MAX) throw std::invalid_argument("write_table: too many blocks; raise entries_per_block");
  h.block_count = static_cast<std::uint32_t>(blocks);
  return h;
}

std::size_t value_counts_size(const TableHeader& h) {
  return h.spec.kind == TableKind::wdl ? format::kWdlValueCounts : std::size_t{h.max_value} + 1;
}

struct BlockEncoder::State {
  State(const TableHeader& h, int zstd_level) : header(h), level(zstd_level) {}
  TableHeader header;
  int level;
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> ctx{ZSTD_createCCtx(), &ZSTD_freeCCtx};
  std::vector<std::uint8_t> packed;
  // zstd writes here (room for its worst case), and the block gets a copy of exactly
  // its size: a writer holds all of a class's blocks until the file is written, and at
  // 8 stones worst-case capacity kept in every block would be gigabytes.
  std::vector<std::uint8_t> compressed;
  std::vector<std::uint8_t> filled8;
  std::vector<std::uint16_t> filled16;

  template <class T>
  std::vector<T>& filled() {
    if constexpr (sizeof(T) == 1) return filled8; else return filled16;
  }

  template <class T>
  void encode(std::span<const T> entries, EncodedBlock& out, std::vector<std::uint64_t>& counts,
              const std::filesystem::path& file) {
    std::vector<T>& block = filled<T>();
    block.assign(entries.begin(), entries.end());
    fill_dont_care(std::span<T>(block), header.spec.kind);
    for (const T v : block) ++counts.at(v);
    packed.resize(format::packed_size(block.size(), header.bits_per_entry));
    format::pack(std::span<const T>(block), header.bits_per_entry, packed.data());
    compressed.resize(ZSTD_compressBound(packed.size()));
    const std::size_t size =
        ZSTD_compressCCtx(ctx.get(), compressed.data(), compressed.size(), packed.data(), packed.size(), level);
    if (ZSTD_isError(size)) throw TableError(file, std::string("zstd compression failed: ") + ZSTD_getErrorName(size));
    out.bytes.assign(compressed.begin(), compressed.begin() + static_cast<std::ptrdiff_t>(size));
    out.checksum = format::checksum(out.bytes);
  }
};

BlockEncoder::BlockEncoder(const TableHeader& header, const WriteOptions& options)
    : state_(std::make_unique<State>(header, level_of(options))) {
  if (!state_->ctx) throw std::bad_alloc();
}
BlockEncoder::~BlockEncoder() = default;
BlockEncoder::BlockEncoder(BlockEncoder&&) noexcept = default;

void BlockEncoder::encode(std::span<const std::uint8_t> entries, EncodedBlock& out, std::vector<std::uint64_t>& counts,
                          const std::filesystem::path& file) {
  state_->encode(entries, out, counts, file);
}
void BlockEncoder::encode(std::span<const std::uint16_t> entries, EncodedBlock& out, std::vector<std::uint64_t>& counts,
                          const std::filesystem::path& file) {
  state_->encode(entries, out, counts, file);
}

std::vector<std::uint64_t> block_offsets(const TableHeader& header, std::span<const std::uint32_t> sizes) {
  std::vector<std::uint64_t> offsets(sizes.size());
  std::uint64_t offset = format::data_offset(static_cast<std::uint32_t>(header.value_counts.size()), header.block_count);
  for (std::size_t b = 0; b < sizes.size(); ++b) {
    offsets[b] = offset;
    offset += sizes[b];
  }
  return offsets;
}

std::vector<std::uint8_t> encode_table_prefix(const TableHeader& header, std::span<const std::uint32_t> sizes,
                                              std::span<const std::uint64_t> checksums) {
  if (sizes.size() != header.block_count || checksums.size() != header.block_count)
    throw std::invalid_argument("encode_table_prefix: one size and checksum per block expected");
  const std::vector<std::uint64_t> offsets = block_offsets(header, sizes);
  std::vector<format::BlockEntry> index(header.block_count);
  for (std::size_t b = 0; b < index.size(); ++b) index[b] = {offsets[b], sizes[b], checksums[b]};
  const std::vector<std::uint8_t> metadata = format::encode_metadata(header.value_counts, index);
  const auto head = format::encode_header(header, format::checksum(metadata));
  std::vector<std::uint8_t> prefix(head.size() + metadata.size());
  std::memcpy(prefix.data(), head.data(), head.size());
  if (!metadata.empty()) std::memcpy(prefix.data() + head.size(), metadata.data(), metadata.size());
  return prefix;
}

}  // namespace tsivy::io
