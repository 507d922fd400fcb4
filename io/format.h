// The on-disk layout of a table file, version 2 (FORMAT.md is the spec; this header
// is its one implementation). Pure functions over bytes: no I/O here. The writer,
// the reader and the tests all build on these, so the layout lives in one place.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "io/table_file.h"

namespace tsivy::io::format {

inline constexpr std::array<std::uint8_t, 8> kMagic = {'T', 'S', 'I', 'V', 'Y', 'T', 'B', 0x1A};
// Version 2: entries nobody reads hold fill values (FORMAT.md, "Don't-care entries").
// Version 1 files stored every value and are refused, with a word on why.
inline constexpr std::uint16_t kVersion = 2;

// Fixed header: byte offsets of every field (all integers little-endian).
inline constexpr std::size_t kHeaderSize = 128;
inline constexpr std::size_t kMagicAt = 0;               // 8 bytes
inline constexpr std::size_t kVersionAt = 8;             // u16
inline constexpr std::size_t kKindAt = 10;               // u8
inline constexpr std::size_t kBitsPerEntryAt = 11;       // u8
inline constexpr std::size_t kMAt = 12;                  // u8
inline constexpr std::size_t kNAt = 13;                  // u8
inline constexpr std::size_t kIndexSchemeAt = 16;        // u64
inline constexpr std::size_t kEntryCountAt = 24;         // u64
inline constexpr std::size_t kEntriesPerBlockAt = 32;    // u32
inline constexpr std::size_t kBlockCountAt = 36;         // u32
inline constexpr std::size_t kMaxValueAt = 40;           // u16
inline constexpr std::size_t kValueCountsLenAt = 44;     // u32
inline constexpr std::size_t kMetadataChecksumAt = 48;   // u64
inline constexpr std::size_t kHeaderChecksumAt = 120;    // u64, over bytes [0, 120)
// Bytes 14-15, 42-43 and 56-119 are reserved and must be zero.

// Block index entry: offset u64, compressed size u32, reserved u32 (zero), checksum u64.
inline constexpr std::size_t kIndexEntrySize = 24;

// Limits a reader enforces, so a damaged header cannot ask for absurd allocations.
inline constexpr std::uint32_t kEntriesPerBlockMultiple = 64;
inline constexpr std::uint32_t kMaxEntriesPerBlock = 1u << 24;
inline constexpr std::uint32_t kMaxValueCounts = 65536;
inline constexpr std::uint32_t kWdlValueCounts = 4;

// Defaults the writer uses (FORMAT.md, "Choice of block size and level").
inline constexpr std::uint32_t kDefaultBlockBytes = 16384;  // uncompressed, packed
inline constexpr int kDefaultZstdLevel = 12;

struct BlockEntry {
  std::uint64_t offset = 0;
  std::uint32_t compressed_size = 0;
  std::uint64_t checksum = 0;  // XXH3-64 of the compressed bytes
};

// XXH3-64 (seed 0), the checksum of header, metadata and blocks.
std::uint64_t checksum(std::span<const std::uint8_t> bytes);

template <class T>
void store_le(std::uint8_t* at, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * i));
}
template <class T>
T load_le(const std::uint8_t* at) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(static_cast<T>(at[i]) << (8 * i));
  return value;
}

// Section offsets, derived from the header: value counts follow the header, the
// block index follows the value counts, the blocks follow the index.
constexpr std::uint64_t value_counts_offset() { return kHeaderSize; }
constexpr std::uint64_t block_index_offset(std::uint32_t value_counts_len) {
  return kHeaderSize + 8ull * value_counts_len;
}
constexpr std::uint64_t data_offset(std::uint32_t value_counts_len, std::uint32_t block_count) {
  return block_index_offset(value_counts_len) + std::uint64_t{kIndexEntrySize} * block_count;
}

// Bytes of `entries` packed at `bits` per entry (the last byte zero-padded).
constexpr std::uint64_t packed_size(std::uint64_t entries, unsigned bits) { return (entries * bits + 7) / 8; }

// Number of entries in block `block` of a table with this header.
std::uint32_t entries_in_block(const TableHeader& header, std::uint32_t block);

// The bits per entry a table of this kind with this largest value is stored at.
std::uint8_t bits_for(TableKind kind, std::uint16_t max_value);

// Header bytes for `header` (whose fields the caller has made consistent), with the
// header checksum filled in.
std::array<std::uint8_t, kHeaderSize> encode_header(const TableHeader& header, std::uint64_t metadata_checksum);

// Value counts and block index as they are stored (the bytes the metadata checksum
// covers).
std::vector<std::uint8_t> encode_metadata(const std::vector<std::uint64_t>& value_counts,
                                          std::span<const BlockEntry> blocks);

// Decodes and validates the header: magic, version, header checksum, every field's
// range and the consistency of the fields with each other and with `file_size`.
// Throws TableError naming `file`.
struct DecodedHeader {
  TableHeader header;
  std::uint64_t metadata_checksum = 0;
};
DecodedHeader decode_header(std::span<const std::uint8_t> bytes, std::uint64_t file_size,
                            const std::filesystem::path& file);

// Decodes the value counts and block index (the bytes that follow the header),
// checks the metadata checksum, the value counts against the header and every block's
// offset and size against the file. Fills header.value_counts; returns the index.
std::vector<BlockEntry> decode_metadata(std::span<const std::uint8_t> bytes, TableHeader& header,
                                        std::uint64_t metadata_checksum, std::uint64_t file_size,
                                        const std::filesystem::path& file);

// Packs values[i] into out at `bits` per entry: 2-bit codes four to a byte, lowest
// bits first; 8-bit as bytes; 16-bit little-endian. out must hold packed_size bytes.
template <class T>
void pack(std::span<const T> values, unsigned bits, std::uint8_t* out);

inline std::uint16_t unpack_one(const std::uint8_t* packed, std::uint64_t i, unsigned bits) {
  switch (bits) {
    case 2: return static_cast<std::uint16_t>((packed[i >> 2] >> (2 * (i & 3))) & 3u);
    case 8: return packed[i];
    default: return load_le<std::uint16_t>(packed + 2 * i);
  }
}

// out[k] = entry first + k of the packed block, for every k.
template <class T>
void unpack(const std::uint8_t* packed, std::uint64_t first, unsigned bits, std::span<T> out);

}  // namespace tsivy::io::format
