#include "io/table_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "io/block_encoder.h"
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
  std::vector<std::exception_ptr> errors(batch);
  for (std::uint32_t first = 0; first < h.block_count; first += batch) {
    const std::uint32_t count = std::min(batch, h.block_count - first);
    std::atomic<std::uint32_t> next{0};
    auto work = [&](BlockEncoder& encoder, std::vector<std::uint64_t>& stored) {
      for (std::uint32_t k; (k = next++) < count;) try {
        const std::uint32_t b = first + k;
        const std::uint64_t begin = std::uint64_t{b} * h.entries_per_block;
        encoder.encode(values.subspan(begin, format::entries_in_block(h, b)), compressed[k], stored, file);
      } catch (...) {  // e.g. bad_alloc: report it, never terminate
        errors[k] = std::current_exception();
      }
    };
    if (threads == 1 || count == 1) {
      work(encoders[0], counts[0]);
    } else {
      std::vector<std::jthread> pool;
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, std::ref(encoders[t]), std::ref(counts[t]));
    }
    for (std::uint32_t k = 0; k < count; ++k) {
      if (errors[k]) std::rethrow_exception(errors[k]);
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
