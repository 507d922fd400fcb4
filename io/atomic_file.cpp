#include "io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <utility>

#include "io/posix_file.h"

namespace tsivy::io {
namespace {

// Throws FileWriteError for `file` with errno as the operating system left it.
[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what) {
  throw FileWriteError(file, what, errno);
}

// Whether `text` is one or more decimal digits.
bool is_number(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

FileWriteError::FileWriteError(const std::filesystem::path& file, const std::string& problem, int error_number)
    : std::runtime_error(file.string() + ": " + problem + ": " + std::strerror(error_number)),
      file_(file),
      error_number_(error_number) {}

std::filesystem::path temporary_path_for(const std::filesystem::path& file) {
  static std::atomic<std::uint64_t> counter{0};
  // Built with append: GCC 12 warns falsely (-Wrestrict) on "." + std::string.
  std::string name(".");
  name.append(file.filename().string()).append(".").append(std::to_string(::getpid()));
  name.append(".").append(std::to_string(counter++)).append(".tmp");
  return file.parent_path() / name;
}

bool is_temporary_name(std::string_view name) {
  constexpr std::string_view kSuffix = ".tmp";
  if (!name.starts_with('.') || !name.ends_with(kSuffix)) return false;
  name.remove_suffix(kSuffix.size());
  // What is left: ".<target>.<pid>.<n>", the target's own name not empty.
  const std::size_t n_at = name.rfind('.');
  if (n_at == std::string_view::npos || !is_number(name.substr(n_at + 1))) return false;
  name = name.substr(0, n_at);
  const std::size_t pid_at = name.rfind('.');
  return pid_at != std::string_view::npos && pid_at > 1 && is_number(name.substr(pid_at + 1));
}

AtomicFile::AtomicFile(std::filesystem::path file) : file_(std::move(file)), creator_(true) {
  // O_EXCL: never write into a name another writer (or a killed one) left behind; a
  // name taken is passed over for the next.
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary_ = temporary_path_for(file_);
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd_ >= 0) return;
    if (errno != EEXIST) break;
  }
  fail(file_, "cannot create temporary file " + temporary_.string());
}

AtomicFile::AtomicFile(std::filesystem::path file, std::filesystem::path temporary, int fd, bool creator)
    : file_(std::move(file)), temporary_(std::move(temporary)), fd_(fd), creator_(creator) {}

AtomicFile AtomicFile::join(std::filesystem::path file, std::filesystem::path temporary) {
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(file, "cannot open temporary file " + temporary.string());
  return AtomicFile(std::move(file), std::move(temporary), fd, false);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : file_(std::move(other.file_)),
      temporary_(std::move(other.temporary_)),
      fd_(std::exchange(other.fd_, -1)),
      creator_(std::exchange(other.creator_, false)),
      committed_(other.committed_) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (creator_ && !committed_) ::unlink(temporary_.c_str());
}

void AtomicFile::write_at(std::uint64_t offset, const void* data, std::size_t size) {
  if (fd_ < 0) throw std::logic_error("AtomicFile::write_at after sync() of " + temporary_.string());
  const auto* at = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t put = ::pwrite(fd_, at, size, static_cast<off_t>(offset));
    if (put < 0) {
      if (errno == EINTR) continue;
      fail(file_, "write failed at offset " + std::to_string(offset) + " of " + temporary_.string());
    }
    at += put;
    size -= static_cast<std::size_t>(put);
    offset += static_cast<std::uint64_t>(put);
  }
}

void AtomicFile::sync() {
  if (fd_ < 0) return;
  if (::fsync(fd_) != 0) fail(file_, "fsync of " + temporary_.string() + " failed");
  // Linux closes the descriptor even when close fails (also on EINTR): never retry.
  if (::close(std::exchange(fd_, -1)) != 0) fail(file_, "close of " + temporary_.string() + " failed");
}

void AtomicFile::commit() {
  if (!creator_) throw std::logic_error("AtomicFile::commit on a joined writer of " + file_.string());
  sync();
  if (::rename(temporary_.c_str(), file_.c_str()) != 0)
    fail(file_, "cannot rename " + temporary_.string() + " into place");
  committed_ = true;
  // The file under its final name is complete either way; a failure here still says
  // that the rename may not survive a crash.
  std::filesystem::path dir = file_.parent_path();
  if (dir.empty()) dir = ".";
  const detail::FileDescriptor d(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (d.get() < 0 || ::fsync(d.get()) != 0) fail(file_, "fsync of directory " + dir.string() + " failed");
}

void write_text_atomically(const std::filesystem::path& file, std::string_view contents) {
  AtomicFile out(file);
  out.write_at(0, contents.data(), contents.size());
  out.commit();
}

}  // namespace tsivy::io
