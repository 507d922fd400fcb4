#include "solver/table_files.h"

#include <atomic>
#include <cstring>
#include <optional>

#include "io/atomic_file.h"
#include "io/block_encoder.h"
#include "io/format.h"
#include "io/table_reader.h"
#include "io/dont_care.h"
#include "io/table_writer.h"
#include "lookup/table_lookup.h"
#include "parallel/parallel.h"

namespace tsivy {

namespace {

io::TableSpec spec_of(Material material, io::TableKind kind) {
  return {kind, static_cast<std::uint8_t>(material.us), static_cast<std::uint8_t>(material.them), index_scheme_id()};
}

// Bytes of a vector of trivially copyable values, and back, for the communicator.
template <class T>
std::vector<std::uint8_t> to_bytes(const std::vector<T>& values) {
  std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}
template <class T>
void append_from_bytes(const std::vector<std::uint8_t>& bytes, std::vector<T>& values) {
  const std::size_t at = values.size();
  values.resize(at + bytes.size() / sizeof(T));
  if (!bytes.empty()) std::memcpy(values.data() + at, bytes.data(), bytes.size());
}

// One kind of one class, from this rank's slice; entry(slot) gives the entry to store.
template <class T, class Entry>
io::TableHeader write_distributed(const std::filesystem::path& file, const io::TableSpec& spec,
                                  const SolvedSlice& slice, Communicator& comm, unsigned threads, Entry entry) {
  // The largest value of the whole class that is not don't-care decides the header
  // (bits and block size); the value counts are those stored, fill included.
  // A pass over every slot of the slice (billions at 8 stones), so on all threads.
  std::atomic<std::uint64_t> largest_here{0};
  parallel_for(slice.first, slice.last, std::max(1u, threads), [&](std::uint64_t first, std::uint64_t last) {
    std::uint64_t m = 0;
    for (std::uint64_t s = first; s < last; ++s) {
      const T v = entry(s);
      if (!io::is_dont_care(v, spec.kind)) m = std::max<std::uint64_t>(m, v);
    }
    for (std::uint64_t seen = largest_here.load(); m > seen && !largest_here.compare_exchange_weak(seen, m);) {
    }
  }, std::uint64_t{1} << 20);
  std::vector<std::uint64_t> largest{largest_here.load()};
  comm.max(largest);
  io::TableHeader h = io::plan_table(spec, MaterialIndex::of(slice.material).slots(),
                                     static_cast<std::uint16_t>(largest[0]));
  if (slice.first < slice.last && slice.first % h.entries_per_block != 0)
    throw std::logic_error("write_solved_class: a rank's slots do not start at a block boundary");

  // This rank's blocks, each compressed by one thread.
  const std::uint64_t first_block = slice.first / h.entries_per_block;
  const std::uint64_t end_block = (slice.last + h.entries_per_block - 1) / h.entries_per_block;
  const std::uint64_t my_blocks = slice.first < slice.last ? end_block - first_block : 0;
  std::vector<io::EncodedBlock> blocks(my_blocks);
  const unsigned workers = std::max(1u, threads);
  std::vector<std::vector<std::uint64_t>> counts(workers, std::vector<std::uint64_t>(io::value_counts_size(h), 0));
  std::vector<io::BlockEncoder> encoders;
  for (unsigned t = 0; t < workers; ++t) encoders.emplace_back(h);
  std::vector<std::vector<T>> entries(workers);
  parallel_for(0, my_blocks, workers, [&](std::uint64_t k, std::uint64_t, unsigned t) {
    const auto b = static_cast<std::uint32_t>(first_block + k);
    const std::uint64_t begin = std::uint64_t{b} * h.entries_per_block;
    entries[t].resize(io::format::entries_in_block(h, b));
    for (std::size_t i = 0; i < entries[t].size(); ++i) entries[t][i] = entry(begin + i);
    encoders[t].encode(std::span<const T>(entries[t]), blocks[k], counts[t], file);
  }, 1);
  h.value_counts.assign(io::value_counts_size(h), 0);
  for (const auto& c : counts)
    for (std::size_t v = 0; v < c.size(); ++v) h.value_counts[v] += c[v];
  comm.sum(h.value_counts);

  // Every rank learns every block's size and checksum, so every rank knows its offsets.
  std::vector<std::uint32_t> my_sizes(my_blocks);
  std::vector<std::uint64_t> my_checksums(my_blocks);
  for (std::uint64_t k = 0; k < my_blocks; ++k) {
    my_sizes[k] = static_cast<std::uint32_t>(blocks[k].bytes.size());
    my_checksums[k] = blocks[k].checksum;
  }
  std::vector<std::uint32_t> sizes;
  std::vector<std::uint64_t> checksums;
  for (const auto& bytes : comm.all_gather(to_bytes(my_sizes))) append_from_bytes(bytes, sizes);
  for (const auto& bytes : comm.all_gather(to_bytes(my_checksums))) append_from_bytes(bytes, checksums);
  const std::vector<std::uint8_t> prefix = io::encode_table_prefix(h, sizes, checksums);
  const std::vector<std::uint64_t> offsets = io::block_offsets(h, sizes);

  // Rank 0 creates the temporary file and tells the others its name; each rank writes
  // its own blocks into it, and once all are durable rank 0 renames it into place.
  std::optional<io::AtomicFile> out;
  std::vector<std::uint8_t> name;
  if (comm.is_root()) {
    out.emplace(file);
    out->write_at(0, prefix.data(), prefix.size());
    const std::string temporary = out->temporary().filename().string();
    name.assign(temporary.begin(), temporary.end());
  }
  comm.broadcast(name);
  if (!comm.is_root())
    out.emplace(io::AtomicFile::join(file, file.parent_path() / std::string(name.begin(), name.end())));
  for (std::uint64_t k = 0; k < my_blocks; ++k)
    out->write_at(offsets[first_block + k], blocks[k].bytes.data(), blocks[k].bytes.size());
  out->sync();
  comm.barrier();  // every rank's blocks are durable
  if (comm.is_root()) out->commit();
  comm.barrier();  // the file is in place for everyone
  return h;
}

}  // namespace

std::array<io::TableHeader, 2> write_solved_class(const std::filesystem::path& dir, const SolvedSlice& slice,
                                                  Communicator& comm, unsigned threads) {
  const Material m = slice.material;
  const io::TableHeader wdl = write_distributed<std::uint8_t>(
      table_file(dir, m, io::TableKind::wdl), spec_of(m, io::TableKind::wdl), slice, comm, threads,
      [&](std::uint64_t s) { return static_cast<std::uint8_t>(slice.at(s).outcome); });  // unused: don't-care
  const io::TableHeader depth = write_distributed<std::uint16_t>(
      table_file(dir, m, io::TableKind::depth), spec_of(m, io::TableKind::depth), slice, comm, threads,
      [&](std::uint64_t s) {
        // No reader looks at the depth of a draw or of a don't-care entry.
        const Value v = slice.at(s);
        return v.outcome == Outcome::win || v.outcome == Outcome::loss ? v.depth : io::kDontCareDepth;
      });
  return {wdl, depth};
}

ClassTable read_class_table(const std::filesystem::path& dir, Material material) {
  ClassTable table{material, {}, {}};
  const io::TableReader wdl = open_class_file(dir, material, io::TableKind::wdl);
  table.wdl.resize(wdl.size());
  wdl.read(0, std::span<std::uint8_t>(table.wdl));
  const io::TableReader depth = open_class_file(dir, material, io::TableKind::depth);
  table.depth.resize(depth.size());
  depth.read(0, std::span<std::uint16_t>(table.depth));
  return table;
}

}  // namespace tsivy
