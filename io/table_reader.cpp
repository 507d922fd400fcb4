#include "io/table_reader.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/block_cache.h"
#include "io/format.h"
#include "io/posix_file.h"

namespace tsivy::io {
namespace {

// One decompression context per thread, shared by every reader the thread uses.
ZSTD_DCtx* thread_dctx() {
  thread_local std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  if (!ctx) throw std::bad_alloc();
  return ctx.get();
}

// Readers sharing a cache tell their blocks apart by this id in the key's upper half.
std::uint64_t next_reader_id() {
  static std::atomic<std::uint64_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

constexpr std::size_t kNominalBlockBytes = 16 << 10;  // shards a shared cache (FORMAT.md's default block)

}  // namespace

SharedBlockCache make_shared_block_cache(std::size_t capacity_bytes) {
  return std::make_shared<detail::BlockCache>(capacity_bytes, kNominalBlockBytes);
}

struct TableReader::Impl {
  std::filesystem::path file;
  detail::FileDescriptor fd;
  std::uint64_t file_size = 0;
  TableHeader header;
  std::vector<format::BlockEntry> blocks;
  SharedBlockCache cache;
  std::uint64_t key_base = next_reader_id() << 32;  // block b is cached under key_base | b

  std::uint64_t raw_size(std::uint32_t b) const {
    return format::packed_size(format::entries_in_block(header, b), header.bits_per_entry);
  }

  // Reads block b from the file, checks its checksum and decompresses it into `out`,
  // which ends up holding exactly the block's packed bytes.
  void load(std::uint32_t b, std::vector<std::uint8_t>& out) const {
    const format::BlockEntry& e = blocks[b];
    thread_local std::vector<std::uint8_t> compressed;
    compressed.resize(e.compressed_size);
    detail::read_exactly(fd.get(), compressed.data(), compressed.size(), e.offset, file);
    const std::uint64_t sum = format::checksum(compressed);
    if (sum != e.checksum)
      throw TableError(file, "block " + std::to_string(b) + " checksum mismatch: block data damaged");
    const std::uint64_t raw = raw_size(b);
    out.resize(raw);
    const std::size_t got = ZSTD_decompressDCtx(thread_dctx(), out.data(), out.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(got))
      throw TableError(file, "block " + std::to_string(b) + " does not decompress: " + ZSTD_getErrorName(got));
    if (got != raw)
      throw TableError(file, "block " + std::to_string(b) + " decompresses to " + std::to_string(got) +
                                 " bytes, expected " + std::to_string(raw));
  }

  // The blocks this thread used last, before the shared cache and its locks: random
  // probes that stay within a few blocks (a capture search, a seeding pass over one
  // region) then cost no lock at all. Holding a block here keeps it alive after the
  // shared cache drops it, which is safe (it is immutable) and bounded (kRecent per thread).
  static constexpr std::size_t kRecent = 64;
  struct Recent {
    std::uint64_t key = ~std::uint64_t{0};
    detail::BlockCache::Block block;
  };

  static Recent& recent_slot(std::uint64_t key) {
    thread_local std::array<Recent, kRecent> recent;
    return recent[(key ^ (key >> 29)) % kRecent];
  }

  // The packed bytes of block b; the reference lasts until this thread's next call.
  const std::vector<std::uint8_t>& cached(std::uint32_t b) const {
    const std::uint64_t key = key_base | b;
    Recent& r = recent_slot(key);
    if (r.key != key) {
      r.block = find_or_load(b);
      r.key = key;
    }
    return *r.block;
  }

  // The same without loading: nullptr when neither this thread nor the cache has it.
  const std::vector<std::uint8_t>* cached_only(std::uint32_t b) const {
    const std::uint64_t key = key_base | b;
    Recent& r = recent_slot(key);
    if (r.key != key) {
      detail::BlockCache::Block hit = cache->find(key);
      if (!hit) return nullptr;
      r.block = std::move(hit);
      r.key = key;
    }
    return r.block.get();
  }

  detail::BlockCache::Block find_or_load(std::uint32_t b) const {
    if (auto hit = cache->find(key_base | b)) return hit;
    auto data = std::make_shared<std::vector<std::uint8_t>>();
    load(b, *data);
    detail::BlockCache::Block block = std::move(data);
    cache->insert(key_base | b, block);
    return block;
  }

  void check_index(std::uint64_t index) const {
    if (index >= header.entry_count)
      throw std::out_of_range(file.string() + ": entry " + std::to_string(index) + " is past the table's " +
                              std::to_string(header.entry_count) + " entries");
  }

  template <class T>
  void read(std::uint64_t first, std::span<T> out) const {
    if (first > header.entry_count || out.size() > header.entry_count - first)
      throw std::out_of_range(file.string() + ": read of entries [" + std::to_string(first) + ", " +
                              std::to_string(first + out.size()) + ") past the table's " +
                              std::to_string(header.entry_count) + " entries");
    if (sizeof(T) == 1 && header.bits_per_entry == 16)
      throw std::invalid_argument(file.string() + ": 16-bit table read into 8-bit entries");
    std::vector<std::uint8_t> scratch;
    const std::uint64_t epb = header.entries_per_block;
    std::size_t done = 0;
    while (done < out.size()) {
      const std::uint64_t index = first + done;
      const auto b = static_cast<std::uint32_t>(index / epb);
      const std::uint64_t offset = index % epb;
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(out.size() - done, epb - offset));
      // A block someone already cached costs nothing; the rest are decompressed into
      // a scratch buffer and not cached, so a bulk read does not flush the cache.
      const detail::BlockCache::Block hit = cache->find(key_base | b);
      const std::uint8_t* packed = hit ? hit->data() : (load(b, scratch), scratch.data());
      format::unpack(packed, offset, header.bits_per_entry, out.subspan(done, n));
      done += n;
    }
  }
};

TableReader::TableReader(const std::filesystem::path& file, const ReaderOptions& options)
    : TableReader(file, SharedBlockCache{}) {
  impl_->cache = std::make_shared<detail::BlockCache>(
      options.cache_bytes, format::packed_size(impl_->header.entries_per_block, impl_->header.bits_per_entry));
}

TableReader::TableReader(const std::filesystem::path& file, SharedBlockCache cache) : impl_(std::make_unique<Impl>()) {
  Impl& r = *impl_;
  r.cache = std::move(cache);
  r.file = file;
  r.fd = detail::open_for_reading(file, r.file_size);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(std::min<std::uint64_t>(r.file_size, format::kHeaderSize)));
  detail::read_exactly(r.fd.get(), bytes.data(), bytes.size(), 0, file);
  format::DecodedHeader d = format::decode_header(bytes, r.file_size, file);
  r.header = std::move(d.header);
  // decode_header has checked that the metadata lies inside the file.
  const std::uint64_t metadata_end =
      format::data_offset(static_cast<std::uint32_t>(r.header.value_counts.size()), r.header.block_count);
  bytes.resize(static_cast<std::size_t>(metadata_end - format::kHeaderSize));
  detail::read_exactly(r.fd.get(), bytes.data(), bytes.size(), format::kHeaderSize, file);
  r.blocks = format::decode_metadata(bytes, r.header, d.metadata_checksum, r.file_size, file);
}

TableReader::~TableReader() = default;
TableReader::TableReader(TableReader&&) noexcept = default;
TableReader& TableReader::operator=(TableReader&&) noexcept = default;

const std::filesystem::path& TableReader::file() const { return impl_->file; }
const TableHeader& TableReader::header() const { return impl_->header; }
std::uint64_t TableReader::cache_hits() const { return impl_->cache->hits(); }
std::uint64_t TableReader::cache_misses() const { return impl_->cache->misses(); }

std::uint16_t TableReader::get(std::uint64_t index) const {
  const Impl& r = *impl_;
  r.check_index(index);
  const std::uint64_t epb = r.header.entries_per_block;
  const std::vector<std::uint8_t>& block = r.cached(static_cast<std::uint32_t>(index / epb));
  return format::unpack_one(block.data(), index % epb, r.header.bits_per_entry);
}

std::optional<std::uint16_t> TableReader::get_if_cached(std::uint64_t index) const {
  const Impl& r = *impl_;
  r.check_index(index);
  const std::uint64_t epb = r.header.entries_per_block;
  const std::vector<std::uint8_t>* block = r.cached_only(static_cast<std::uint32_t>(index / epb));
  if (!block) return std::nullopt;
  return format::unpack_one(block->data(), index % epb, r.header.bits_per_entry);
}

void TableReader::read(std::uint64_t first, std::span<std::uint8_t> out) const { impl_->read(first, out); }
void TableReader::read(std::uint64_t first, std::span<std::uint16_t> out) const { impl_->read(first, out); }

void TableReader::verify() const {
  const Impl& r = *impl_;
  const TableHeader& h = r.header;
  std::vector<std::uint64_t> counts(std::size_t{1} << h.bits_per_entry, 0);
  std::vector<std::uint8_t> packed;
  std::vector<std::uint16_t> values;
  for (std::uint32_t b = 0; b < h.block_count; ++b) {
    r.load(b, packed);
    const std::uint32_t n = format::entries_in_block(h, b);
    // Bits past the last entry must be zero, so that one table has one encoding.
    const std::uint64_t used_bits = std::uint64_t{n} * h.bits_per_entry;
    if (used_bits % 8 != 0 && (packed.back() >> (used_bits % 8)) != 0)
      throw TableError(r.file, "block " + std::to_string(b) + " has nonzero padding bits");
    values.resize(n);
    format::unpack(packed.data(), 0, h.bits_per_entry, std::span(values));
    for (std::uint16_t v : values) ++counts[v];
  }
  counts.resize(std::max(counts.size(), h.value_counts.size()), 0);
  for (std::size_t v = 0; v < counts.size(); ++v) {
    const std::uint64_t expected = v < h.value_counts.size() ? h.value_counts[v] : 0;
    if (counts[v] != expected)
      throw TableError(r.file, "value counts do not match the blocks: value " + std::to_string(v) + " occurs " +
                                   std::to_string(counts[v]) + " times, the header says " + std::to_string(expected));
  }
}

}  // namespace tsivy::io
