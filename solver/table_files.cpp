#include "solver/table_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "io/block_encoder.h"
#include "io/format.h"
#include "io/posix_file.h"
#include "io/table_reader.h"
#include "io/dont_care.h"
#include "io/table_writer.h"
#include "lookup/table_lookup.h"
#include "solver/parallel.h"

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

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what) {
  throw io::TableError(file, io::detail::describe_errno(what));
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
  {
    std::atomic<std::uint64_t> next{0};
    std::exception_ptr error;
    std::mutex mutex;
    auto work = [&](unsigned t) {
      try {
        io::BlockEncoder encoder(h);
        std::vector<T> entries;
        for (std::uint64_t k; (k = next++) < my_blocks;) {
          const auto b = static_cast<std::uint32_t>(first_block + k);
          const std::uint64_t begin = std::uint64_t{b} * h.entries_per_block;
          entries.resize(io::format::entries_in_block(h, b));
          for (std::size_t i = 0; i < entries.size(); ++i) entries[i] = entry(begin + i);
          encoder.encode(std::span<const T>(entries), blocks[k], counts[t], file);
        }
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        next = my_blocks;
      }
    };
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < workers; ++t) pool.emplace_back(work, t);
    work(0);
    pool.clear();
    if (error) std::rethrow_exception(error);
  }
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

  // Rank 0 creates the temporary file (a hidden name with its process id, which the
  // next start removes if this run dies) and tells the others its name.
  std::filesystem::path dir = file.parent_path();
  if (dir.empty()) dir = ".";
  std::vector<std::uint8_t> name;
  io::detail::FileDescriptor fd;
  if (comm.is_root()) {
    std::string temp(".");
    temp.append(file.filename().string()).append(".").append(std::to_string(::getpid())).append(".tmp");
    fd = io::detail::FileDescriptor(::open((dir / temp).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (fd.get() < 0) fail(file, "cannot create temporary file " + (dir / temp).string());
    io::detail::write_exactly(fd.get(), prefix.data(), prefix.size(), 0, dir / temp);
    name.assign(temp.begin(), temp.end());
  }
  comm.broadcast(name);
  const std::filesystem::path temp = dir / std::string(name.begin(), name.end());
  if (!comm.is_root()) {
    fd = io::detail::FileDescriptor(::open(temp.c_str(), O_WRONLY | O_CLOEXEC));
    if (fd.get() < 0) fail(file, "cannot open temporary file " + temp.string());
  }
  for (std::uint64_t k = 0; k < my_blocks; ++k)
    io::detail::write_exactly(fd.get(), blocks[k].bytes.data(), blocks[k].bytes.size(), offsets[first_block + k], temp);
  if (::fsync(fd.get()) != 0) fail(file, "fsync of " + temp.string() + " failed");
  if (!fd.reset()) fail(file, "close of " + temp.string() + " failed");
  comm.barrier();  // every rank's blocks are durable
  if (comm.is_root()) {
    if (::rename(temp.c_str(), file.c_str()) != 0) fail(file, "cannot rename " + temp.string() + " into place");
    io::detail::FileDescriptor d(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (d.get() < 0 || ::fsync(d.get()) != 0) fail(file, "fsync of directory " + dir.string() + " failed");
  }
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
