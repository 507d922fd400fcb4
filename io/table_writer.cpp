#include "io/table_writer.h"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "io/dont_care.h"
#include "io/format.h"
#include "io/posix_file.h"

namespace tsivy::io {
namespace {

using detail::describe_errno;
using detail::FileDescriptor;

// The temporary file a table is written to before it is renamed into place. Unless
// commit() succeeds, the destructor removes it.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path file) : file_(std::move(file)) {
    dir_ = file_.parent_path();
    if (dir_.empty()) dir_ = ".";
    static std::atomic<unsigned> counter{0};
    // O_EXCL: never reuse a name another writer (or a crashed one) left behind.
    for (int attempt = 0; attempt < 100 && fd_.get() < 0; ++attempt) {
      // Built with append: GCC 12 warns falsely (-Wrestrict) on "." + std::string.
      std::string name(".");
      name.append(file_.filename().string()).append(".").append(std::to_string(::getpid()));
      name.append(".").append(std::to_string(counter++)).append(".tmp");
      temp_ = dir_ / name;
      fd_ = FileDescriptor(::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
      if (fd_.get() < 0 && errno != EEXIST) break;
    }
    if (fd_.get() < 0) throw TableIoError(file_, describe_errno("cannot create temporary file " + temp_.string()));
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (!committed_) {
      fd_.reset();
      ::unlink(temp_.c_str());
    }
  }

  void write_at(std::uint64_t offset, const void* data, std::size_t size) {
    detail::write_exactly(fd_.get(), data, size, offset, temp_);
  }

  void commit() {
    if (::fsync(fd_.get()) != 0) throw TableIoError(file_, describe_errno("fsync of " + temp_.string() + " failed"));
    if (!fd_.reset()) throw TableIoError(file_, describe_errno("close of " + temp_.string() + " failed"));
    if (::rename(temp_.c_str(), file_.c_str()) != 0)
      throw TableIoError(file_, describe_errno("cannot rename " + temp_.string() + " into place"));
    committed_ = true;
    // The rename is durable only once the directory is synced. The file under its
    // final name is complete either way; a failure here is still reported.
    FileDescriptor dir(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() < 0 || ::fsync(dir.get()) != 0)
      throw TableIoError(file_, describe_errno("fsync of directory " + dir_.string() + " failed"));
  }

 private:
  std::filesystem::path file_, dir_, temp_;
  FileDescriptor fd_;
  bool committed_ = false;
};

template <class T>
struct CompressContext {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> ctx{ZSTD_createCCtx(), &ZSTD_freeCCtx};
  std::vector<T> filled;               // one block with its don't-care entries filled
  std::vector<std::uint8_t> packed;
  std::vector<std::uint64_t> counts;   // of the values stored, over the blocks this context encoded
};

template <class T>
TableHeader write(const std::filesystem::path& file, const TableSpec& spec, std::span<const T> values,
                  const WriteOptions& options) {
  if (spec.kind != TableKind::wdl && spec.kind != TableKind::depth)
    throw std::invalid_argument("write_table: unknown table kind");
  const int level = options.zstd_level == 0 ? format::kDefaultZstdLevel : options.zstd_level;
  if (level < 1 || level > ZSTD_maxCLevel())
    throw std::invalid_argument("write_table: zstd level " + std::to_string(level) + " out of range");

  TableHeader h;
  h.version = format::kVersion;
  h.spec = spec;
  h.entry_count = values.size();
  // Don't-care entries only ever copy stored values, so the largest value stored is the
  // largest value given that is not don't-care; it decides the bits per entry.
  h.max_value = 0;
  for (T v : values)
    if (!is_dont_care(v, spec.kind) && v > h.max_value) h.max_value = v;
  if (spec.kind == TableKind::wdl && h.max_value > 3)
    throw std::invalid_argument("write_table: WDL value " + std::to_string(h.max_value) + " is not a code 0..3");
  const std::size_t value_count_len = spec.kind == TableKind::wdl ? format::kWdlValueCounts : std::size_t{h.max_value} + 1;
  h.bits_per_entry = format::bits_for(spec.kind, h.max_value);
  h.entries_per_block =
      options.entries_per_block == 0 ? default_entries_per_block(h.bits_per_entry) : options.entries_per_block;
  if (h.entries_per_block % format::kEntriesPerBlockMultiple != 0 || h.entries_per_block > format::kMaxEntriesPerBlock)
    throw std::invalid_argument("write_table: entries per block " + std::to_string(h.entries_per_block) +
                                " is not a multiple of 64 up to 2^24");
  const std::uint64_t blocks = (h.entry_count + h.entries_per_block - 1) / h.entries_per_block;
  if (blocks > UINT32_MAX) throw std::invalid_argument("write_table: too many blocks; raise entries_per_block");
  h.block_count = static_cast<std::uint32_t>(blocks);

  AtomicFile out(file);
  std::vector<format::BlockEntry> index(h.block_count);
  std::uint64_t offset = format::data_offset(static_cast<std::uint32_t>(value_count_len), h.block_count);

  // Blocks are compressed a batch at a time (each by one thread, so the bytes do not
  // depend on the thread count) and written in order.
  const unsigned threads = std::max(1u, options.threads);
  const std::uint32_t batch = threads * 8;
  std::vector<CompressContext<T>> contexts(threads);
  for (auto& c : contexts) {
    if (!c.ctx) throw std::bad_alloc();
    c.counts.assign(value_count_len, 0);
  }
  std::vector<std::vector<std::uint8_t>> compressed(batch);
  std::vector<std::string> errors(batch);
  for (std::uint32_t first = 0; first < h.block_count; first += batch) {
    const std::uint32_t count = std::min(batch, h.block_count - first);
    std::atomic<std::uint32_t> next{0};
    auto work = [&](CompressContext<T>& c) {
      for (std::uint32_t k; (k = next++) < count;) try {
        const std::uint32_t b = first + k;
        const std::uint64_t begin = std::uint64_t{b} * h.entries_per_block;
        const auto n = format::entries_in_block(h, b);
        const auto given = values.subspan(begin, n);
        c.filled.assign(given.begin(), given.end());
        fill_dont_care(std::span<T>(c.filled), spec.kind);
        for (T v : c.filled) ++c.counts[v];
        c.packed.resize(format::packed_size(n, h.bits_per_entry));
        format::pack(std::span<const T>(c.filled), h.bits_per_entry, c.packed.data());
        auto& z = compressed[k];
        z.resize(ZSTD_compressBound(c.packed.size()));
        const std::size_t size = ZSTD_compressCCtx(c.ctx.get(), z.data(), z.size(), c.packed.data(), c.packed.size(), level);
        if (ZSTD_isError(size)) {
          errors[k] = ZSTD_getErrorName(size);
          z.clear();
        } else {
          z.resize(size);
        }
      } catch (const std::exception& e) {  // e.g. bad_alloc: report it, never terminate
        errors[k] = e.what();
      }
    };
    if (threads == 1 || count == 1) {
      work(contexts[0]);
    } else {
      std::vector<std::jthread> pool;
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, std::ref(contexts[t]));
    }
    for (std::uint32_t k = 0; k < count; ++k) {
      if (!errors[k].empty()) throw TableError(file, "zstd compression failed: " + errors[k]);
      const auto& z = compressed[k];
      index[first + k] = {offset, static_cast<std::uint32_t>(z.size()), format::checksum(z)};
      out.write_at(offset, z.data(), z.size());
      offset += z.size();
    }
  }

  h.value_counts.assign(value_count_len, 0);
  for (const auto& c : contexts)
    for (std::size_t v = 0; v < value_count_len; ++v) h.value_counts[v] += c.counts[v];
  const std::vector<std::uint8_t> metadata = format::encode_metadata(h.value_counts, index);
  out.write_at(format::kHeaderSize, metadata.data(), metadata.size());
  const auto header = format::encode_header(h, format::checksum(metadata));
  out.write_at(0, header.data(), header.size());
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
