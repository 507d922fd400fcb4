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
#include "lookup/value_code.h"
#include "parallel/parallel.h"
#include "solver/partition.h"

namespace tsivy {

namespace {

io::TableSpec spec_of(Material material, io::TableKind kind) {
  return {kind, static_cast<std::uint8_t>(material.us), static_cast<std::uint8_t>(material.them), index_scheme_id()};
}

// One kind of one class, from this rank's slice; entry(slot) gives the entry to store.
// The slots [first, last) of `material` this rank writes.
struct RankSlots {
  Material material;
  std::uint64_t first = 0, last = 0;
};

template <class T, class Entry>
io::TableHeader write_distributed(const std::filesystem::path& file, const io::TableSpec& spec, RankSlots slice,
                                  Communicator& comm, unsigned threads, const io::WriteOptions& options, Entry entry) {
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
                                     static_cast<std::uint16_t>(largest[0]), options);
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
  for (unsigned t = 0; t < workers; ++t) encoders.emplace_back(h, options);
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


// Both files of a class, named by file_of(kind), value(slot) giving each entry of this
// rank's slots.
template <class FileOf, class ValueOf>
std::array<io::TableHeader, 2> write_class_files(FileOf file_of, RankSlots slots, Communicator& comm,
                                                 unsigned threads, const io::WriteOptions& options, ValueOf value) {
  const Material m = slots.material;
  const io::TableHeader wdl = write_distributed<std::uint8_t>(
      file_of(io::TableKind::wdl), spec_of(m, io::TableKind::wdl), slots, comm, threads, options,
      [&](std::uint64_t s) { return static_cast<std::uint8_t>(value(s).outcome); });  // unused: don't-care
  const io::TableHeader depth = write_distributed<std::uint16_t>(
      file_of(io::TableKind::depth), spec_of(m, io::TableKind::depth), slots, comm, threads, options,
      [&](std::uint64_t s) {
        // No reader looks at the depth of a draw or of a don't-care entry.
        const Value v = value(s);
        return v.outcome == Outcome::win || v.outcome == Outcome::loss ? v.depth : io::kDontCareDepth;
      });
  return {wdl, depth};
}

// Value files are read once per pair that seeds from them, and written for every class:
// zstd's fastest level, as their bytes are no product (they take about twice the space).
io::WriteOptions value_file_options() {
  io::WriteOptions options;
  options.zstd_level = 1;
  return options;
}

void create_value_files_dir(const TableDirectory& dir, Communicator& comm) {
  if (comm.is_root()) std::filesystem::create_directories(dir.value_files_dir());
  comm.barrier();
}

}  // namespace

std::array<io::TableHeader, 2> write_solved_class(const TableDirectory& dir, const SolvedSlice& slice,
                                                  Communicator& comm, unsigned threads) {
  const auto file_of = [&](io::TableKind kind) { return dir.table_file(slice.material, kind); };
  return write_class_files(file_of, {slice.material, slice.first, slice.last}, comm, threads, io::WriteOptions{},
                           [&](std::uint64_t s) { return slice.stored_at(s); });
}

void write_value_files(const TableDirectory& dir, const SolvedSlice& slice, Communicator& comm,
                       unsigned threads) {
  create_value_files_dir(dir, comm);
  const auto file_of = [&](io::TableKind kind) { return dir.value_file(slice.material, kind); };
  write_class_files(file_of, {slice.material, slice.first, slice.last}, comm, threads,
                    value_file_options(), [&](std::uint64_t s) { return slice.at(s); });
}

void write_value_files(const TableDirectory& dir, Material material, std::uint64_t first, std::uint64_t last,
                       std::span<const std::uint16_t> values, Communicator& comm, unsigned threads) {
  const MaterialIndex& index = MaterialIndex::of(material);
  if (values.size() != last - first) throw std::logic_error("write_value_files: values do not cover the slots");
  create_value_files_dir(dir, comm);
  // Non-canonical slots hold meaningless values: they become don't-care.
  std::vector<std::uint64_t> canonical((last - first + 63) / 64, 0);
  parallel_for(0, canonical.size(), std::max(1u, threads), [&](std::uint64_t word_first, std::uint64_t word_last) {
    for_each_slot(index, first + word_first * 64, std::min(last, first + word_last * 64), [&](const SlotCursor& slot) {
      const std::uint64_t local = slot.slot() - first;
      if (slot.canonical()) canonical[local / 64] |= std::uint64_t{1} << (local % 64);
    });
  }, std::uint64_t{1} << 10);
  const auto file_of = [&](io::TableKind kind) { return dir.value_file(material, kind); };
  write_class_files(file_of, {material, first, last}, comm, threads, value_file_options(),
                    [&](std::uint64_t s) {
                      const std::uint64_t local = s - first;
                      if (!(canonical[local / 64] >> (local % 64) & 1)) return Value{Outcome::unused, 0};
                      return unpack_value(values[local]);
                    });
}

}  // namespace tsivy
