#include "io/format.h"

#include <zstd.h>

#include <xxhash.h>

#include <string>

namespace tsivy::io::format {
namespace {

std::string hex(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = kDigits[v & 15];
  return s;
}

bool all_zero(std::span<const std::uint8_t> bytes) {
  for (std::uint8_t b : bytes)
    if (b != 0) return false;
  return true;
}

}  // namespace

std::uint64_t checksum(std::span<const std::uint8_t> bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::uint32_t entries_in_block(const TableHeader& header, std::uint32_t block) {
  const std::uint64_t first = std::uint64_t{block} * header.entries_per_block;
  const std::uint64_t left = header.entry_count - first;
  return static_cast<std::uint32_t>(left < header.entries_per_block ? left : header.entries_per_block);
}

std::uint8_t bits_for(TableKind kind, std::uint16_t max_value) {
  if (kind == TableKind::wdl) return 2;
  return max_value > 255 ? 16 : 8;
}

std::array<std::uint8_t, kHeaderSize> encode_header(const TableHeader& h, std::uint64_t metadata_checksum) {
  std::array<std::uint8_t, kHeaderSize> b{};
  std::copy(kMagic.begin(), kMagic.end(), b.begin() + kMagicAt);
  store_le<std::uint16_t>(&b[kVersionAt], h.version);
  b[kKindAt] = static_cast<std::uint8_t>(h.spec.kind);
  b[kBitsPerEntryAt] = h.bits_per_entry;
  b[kMAt] = h.spec.m;
  b[kNAt] = h.spec.n;
  store_le<std::uint64_t>(&b[kIndexSchemeAt], h.spec.index_scheme);
  store_le<std::uint64_t>(&b[kEntryCountAt], h.entry_count);
  store_le<std::uint32_t>(&b[kEntriesPerBlockAt], h.entries_per_block);
  store_le<std::uint32_t>(&b[kBlockCountAt], h.block_count);
  store_le<std::uint16_t>(&b[kMaxValueAt], h.max_value);
  store_le<std::uint32_t>(&b[kValueCountsLenAt], static_cast<std::uint32_t>(h.value_counts.size()));
  store_le<std::uint64_t>(&b[kMetadataChecksumAt], metadata_checksum);
  store_le<std::uint64_t>(&b[kHeaderChecksumAt], checksum(std::span(b).first(kHeaderChecksumAt)));
  return b;
}

std::vector<std::uint8_t> encode_metadata(const std::vector<std::uint64_t>& value_counts,
                                          std::span<const BlockEntry> blocks) {
  std::vector<std::uint8_t> b(8 * value_counts.size() + kIndexEntrySize * blocks.size());
  std::uint8_t* at = b.data();
  for (std::uint64_t c : value_counts) {
    store_le<std::uint64_t>(at, c);
    at += 8;
  }
  for (const BlockEntry& e : blocks) {
    store_le<std::uint64_t>(at, e.offset);
    store_le<std::uint32_t>(at + 8, e.compressed_size);
    store_le<std::uint32_t>(at + 12, 0);
    store_le<std::uint64_t>(at + 16, e.checksum);
    at += kIndexEntrySize;
  }
  return b;
}

DecodedHeader decode_header(std::span<const std::uint8_t> bytes, std::uint64_t file_size,
                            const std::filesystem::path& file) {
  auto fail = [&](const std::string& problem) { throw TableError(file, problem); };
  if (file_size < kHeaderSize || bytes.size() < kHeaderSize)
    fail("truncated: file is " + std::to_string(file_size) + " bytes, shorter than the " +
         std::to_string(kHeaderSize) + "-byte header");
  const std::uint8_t* b = bytes.data();
  // Magic and version first: a file of another kind or a later version may lay out
  // the rest differently, so its checksum would say nothing useful.
  if (!std::equal(kMagic.begin(), kMagic.end(), b + kMagicAt)) fail("bad magic: not a tsivy table file");
  const auto version = load_le<std::uint16_t>(b + kVersionAt);
  if (version == 1)
    fail("format version 1, written before tables left capture positions to the lookup; this reader knows "
         "version " + std::to_string(kVersion) + ": generate the tables again");
  if (version != kVersion)
    fail("unsupported format version " + std::to_string(version) + " (this reader knows version " +
         std::to_string(kVersion) + ")");
  const auto stored = load_le<std::uint64_t>(b + kHeaderChecksumAt);
  const auto computed = checksum(bytes.first(kHeaderChecksumAt));
  if (stored != computed)
    fail("header checksum mismatch (stored " + hex(stored) + ", computed " + hex(computed) + ")");
  if (!all_zero(bytes.subspan(14, 2)) || !all_zero(bytes.subspan(42, 2)) || !all_zero(bytes.subspan(56, 64)))
    fail("reserved header bytes are not zero");

  DecodedHeader d;
  TableHeader& h = d.header;
  h.version = version;
  const std::uint8_t kind = b[kKindAt];
  if (kind > 1) fail("unknown table kind " + std::to_string(kind));
  h.spec.kind = static_cast<TableKind>(kind);
  h.spec.m = b[kMAt];
  h.spec.n = b[kNAt];
  h.spec.index_scheme = load_le<std::uint64_t>(b + kIndexSchemeAt);
  h.entry_count = load_le<std::uint64_t>(b + kEntryCountAt);
  h.entries_per_block = load_le<std::uint32_t>(b + kEntriesPerBlockAt);
  h.block_count = load_le<std::uint32_t>(b + kBlockCountAt);
  h.max_value = load_le<std::uint16_t>(b + kMaxValueAt);
  h.bits_per_entry = b[kBitsPerEntryAt];
  const auto counts_len = load_le<std::uint32_t>(b + kValueCountsLenAt);
  d.metadata_checksum = load_le<std::uint64_t>(b + kMetadataChecksumAt);

  if (h.spec.kind == TableKind::wdl && h.max_value > 3)
    fail("max value " + std::to_string(h.max_value) + " is not a WDL code");
  if (h.bits_per_entry != bits_for(h.spec.kind, h.max_value))
    fail("bits per entry " + std::to_string(h.bits_per_entry) + " does not fit kind and max value " +
         std::to_string(h.max_value) + " (expected " + std::to_string(bits_for(h.spec.kind, h.max_value)) + ")");
  const std::uint32_t expected_len =
      h.spec.kind == TableKind::wdl ? kWdlValueCounts : std::uint32_t{h.max_value} + 1;
  if (counts_len != expected_len)
    fail("value count length " + std::to_string(counts_len) + " does not match kind and max value (expected " +
         std::to_string(expected_len) + ")");
  if (h.entries_per_block == 0 || h.entries_per_block % kEntriesPerBlockMultiple != 0 ||
      h.entries_per_block > kMaxEntriesPerBlock)
    fail("entries per block " + std::to_string(h.entries_per_block) + " is not a multiple of " +
         std::to_string(kEntriesPerBlockMultiple) + " in [" + std::to_string(kEntriesPerBlockMultiple) + ", " +
         std::to_string(kMaxEntriesPerBlock) + "]");
  const std::uint64_t blocks_needed =
      h.entry_count / h.entries_per_block + (h.entry_count % h.entries_per_block != 0 ? 1 : 0);
  if (blocks_needed != h.block_count)
    fail("block count " + std::to_string(h.block_count) + " does not match entry count " +
         std::to_string(h.entry_count) + " at " + std::to_string(h.entries_per_block) + " entries per block (expected " +
         std::to_string(blocks_needed) + ")");
  const std::uint64_t index_end = data_offset(counts_len, h.block_count);
  if (index_end > file_size)
    fail("truncated: value counts and block index end at byte " + std::to_string(index_end) + ", past the end of the file (" +
         std::to_string(file_size) + " bytes)");
  h.value_counts.resize(counts_len);
  return d;
}

std::vector<BlockEntry> decode_metadata(std::span<const std::uint8_t> bytes, TableHeader& h,
                                        std::uint64_t metadata_checksum, std::uint64_t file_size,
                                        const std::filesystem::path& file) {
  auto fail = [&](const std::string& problem) { throw TableError(file, problem); };
  const std::size_t counts_len = h.value_counts.size();
  if (bytes.size() != data_offset(static_cast<std::uint32_t>(counts_len), h.block_count) - kHeaderSize)
    fail("internal: metadata size does not match the header");
  const auto computed = checksum(bytes);
  if (computed != metadata_checksum)
    fail("metadata checksum mismatch: value counts or block index damaged (stored " + hex(metadata_checksum) +
         ", computed " + hex(computed) + ")");

  const std::uint8_t* at = bytes.data();
  std::uint64_t total = 0;
  std::uint16_t largest = 0;
  for (std::size_t v = 0; v < counts_len; ++v, at += 8) {
    const auto c = load_le<std::uint64_t>(at);
    h.value_counts[v] = c;
    if (c > h.entry_count - total)
      fail("value counts sum to more than the entry count " + std::to_string(h.entry_count));
    total += c;
    if (c != 0) largest = static_cast<std::uint16_t>(v);
  }
  if (total != h.entry_count)
    fail("value counts sum to " + std::to_string(total) + ", not the entry count " + std::to_string(h.entry_count));
  if (largest != h.max_value)
    fail("max value " + std::to_string(h.max_value) + " does not match the value counts (largest value present " +
         std::to_string(largest) + ")");

  std::vector<BlockEntry> blocks(h.block_count);
  std::uint64_t expected = data_offset(static_cast<std::uint32_t>(counts_len), h.block_count);
  for (std::uint32_t i = 0; i < h.block_count; ++i, at += kIndexEntrySize) {
    BlockEntry& e = blocks[i];
    e.offset = load_le<std::uint64_t>(at);
    e.compressed_size = load_le<std::uint32_t>(at + 8);
    e.checksum = load_le<std::uint64_t>(at + 16);
    const std::string name = "block " + std::to_string(i) + " ";
    if (load_le<std::uint32_t>(at + 12) != 0) fail(name + "index entry has nonzero reserved bytes");
    if (e.offset >= file_size)
      fail(name + "offset " + std::to_string(e.offset) + " is past the end of the file (" + std::to_string(file_size) +
           " bytes)");
    if (e.offset != expected)
      fail(name + "offset " + std::to_string(e.offset) + " does not follow the previous block (expected " +
           std::to_string(expected) + ")");
    const std::uint64_t raw = packed_size(entries_in_block(h, i), h.bits_per_entry);
    if (e.compressed_size == 0 || e.compressed_size > ZSTD_compressBound(raw))
      fail(name + "compressed size " + std::to_string(e.compressed_size) + " is impossible for " + std::to_string(raw) +
           " uncompressed bytes");
    if (e.compressed_size > file_size - e.offset)
      fail("truncated: " + name + "at offset " + std::to_string(e.offset) + " with size " +
           std::to_string(e.compressed_size) + " runs past the end of the file (" + std::to_string(file_size) + " bytes)");
    expected = e.offset + e.compressed_size;
  }
  if (expected != file_size)
    fail("file has " + std::to_string(file_size - expected) + " bytes after the last block (ends at " +
         std::to_string(expected) + ", file is " + std::to_string(file_size) + " bytes)");
  return blocks;
}

template <class T>
void pack(std::span<const T> values, unsigned bits, std::uint8_t* out) {
  const std::size_t n = values.size();
  switch (bits) {
    case 2: {
      std::size_t i = 0;
      for (; i + 4 <= n; i += 4)
        *out++ = static_cast<std::uint8_t>(values[i] | values[i + 1] << 2 | values[i + 2] << 4 | values[i + 3] << 6);
      if (i < n) {
        unsigned byte = 0;
        for (unsigned k = 0; i < n; ++i, ++k) byte |= unsigned{values[i]} << (2 * k);
        *out = static_cast<std::uint8_t>(byte);
      }
      break;
    }
    case 8:
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(values[i]);
      break;
    default:
      for (std::size_t i = 0; i < n; ++i) store_le<std::uint16_t>(out + 2 * i, values[i]);
  }
}

template <class T>
void unpack(const std::uint8_t* packed, std::uint64_t first, unsigned bits, std::span<T> out) {
  switch (bits) {
    case 2: {
      std::size_t k = 0;
      auto one = [&](std::size_t at) {
        const std::uint64_t i = first + at;
        out[at] = static_cast<T>((packed[i >> 2] >> (2 * (i & 3))) & 3u);
      };
      for (; k < out.size() && ((first + k) & 3) != 0; ++k) one(k);  // up to a byte boundary
      // Then whole bytes, four entries each: the bulk read's hot loop.
      for (const std::uint8_t* byte = packed + ((first + k) >> 2); k + 4 <= out.size(); k += 4, ++byte) {
        const unsigned b = *byte;
        out[k] = static_cast<T>(b & 3u);
        out[k + 1] = static_cast<T>((b >> 2) & 3u);
        out[k + 2] = static_cast<T>((b >> 4) & 3u);
        out[k + 3] = static_cast<T>(b >> 6);
      }
      for (; k < out.size(); ++k) one(k);
      break;
    }
    case 8:
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = packed[first + k];
      break;
    default:
      for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = static_cast<T>(load_le<std::uint16_t>(packed + 2 * (first + k)));
  }
}

template void pack<std::uint8_t>(std::span<const std::uint8_t>, unsigned, std::uint8_t*);
template void pack<std::uint16_t>(std::span<const std::uint16_t>, unsigned, std::uint8_t*);
template void unpack<std::uint8_t>(const std::uint8_t*, std::uint64_t, unsigned, std::span<std::uint8_t>);
template void unpack<std::uint16_t>(const std::uint8_t*, std::uint64_t, unsigned, std::span<std::uint16_t>);

}  // namespace tsivy::io::format
