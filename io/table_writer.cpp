#include "io/table_writer.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "io/atomic_file.h"
#include "io/block_encoder.h"
#include "io/dont_care.h"
#include "io/format.h"
#include "parallel/parallel.h"

namespace tsivy::io {
namespace {

template <class T>
TableHeader write(const std::filesystem::path& file, const TableSpec& spec, std::span<const T> values,
                  const WriteOptions& options) {
  // Don't-care entries only ever copy stored values, so the largest value stored is the
  // largest value given that is not don't-care; it decides the bits per entry.
  std::uint16_t max_value = 0;
  for (T v : values)
    if (!is_dont_care(v, spec.kind) && v > max_value) max_value = v;
  TableHeader h = plan_table(spec, values.size(), max_value, options);
  const std::size_t value_count_len = value_counts_size(h);

  AtomicFile out(file);
  std::vector<std::uint32_t> sizes(h.block_count);
  std::vector<std::uint64_t> checksums(h.block_count);
  std::uint64_t offset = format::data_offset(static_cast<std::uint32_t>(value_count_len), h.block_count);

  // Blocks are compressed a batch at a time (each by one thread, so the bytes do not
  // depend on the thread count) and written in order.
  const unsigned threads = std::max(1u, options.threads);
  const std::uint32_t batch = threads * 8;
  std::vector<BlockEncoder> encoders;
  std::vector<std::vector<std::uint64_t>> counts(threads, std::vector<std::uint64_t>(value_count_len, 0));
  for (unsigned t = 0; t < threads; ++t) encoders.emplace_back(h, options);
  std::vector<EncodedBlock> compressed(batch);
  for (std::uint32_t first = 0; first < h.block_count; first += batch) {
    const std::uint32_t count = std::min(batch, h.block_count - first);
    parallel_for(0, count, threads, [&](std::uint64_t k, std::uint64_t, unsigned t) {
      const auto b = static_cast<std::uint32_t>(first + k);
      const std::uint64_t begin = std::uint64_t{b} * h.entries_per_block;
      encoders[t].encode(values.subspan(begin, format::entries_in_block(h, b)), compressed[k], counts[t], file);
    }, 1);
    for (std::uint32_t k = 0; k < count; ++k) {
      const auto& z = compressed[k];
      sizes[first + k] = static_cast<std::uint32_t>(z.bytes.size());
      checksums[first + k] = z.checksum;
      out.write_at(offset, z.bytes.data(), z.bytes.size());
      offset += z.bytes.size();
    }
  }

  h.value_counts.assign(value_count_len, 0);
  for (const auto& c : counts)
    for (std::size_t v = 0; v < value_count_len; ++v) h.value_counts[v] += c[v];
  const std::vector<std::uint8_t> prefix = encode_table_prefix(h, sizes, checksums);
  out.write_at(0, prefix.data(), prefix.size());
  out.commit();
  return h;
}

}  // namespace

std::uint32_t default_entries_per_block(unsigned bits_per_entry) {
  return format::kDefaultBlockBytes * 8 / bits_per_entry;
}

TableHeader write_table(const std::filesystem::path& file, const TableSpec& spec, std::span<const std::uint8_t> values,
                        const WriteOptions& options) {
  return write(file, spec, values, options);
}

TableHeader write_table(const std::filesystem::path& file, const TableSpec& spec,
                        std::span<const std::uint16_t> values, const WriteOptions& options) {
  return write(file, spec, values, options);
}

}  // namespace tsivy::io
