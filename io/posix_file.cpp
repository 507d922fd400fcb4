#include "io/posix_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "io/table_file.h"

namespace tsivy::io::detail {

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    reset();
    fd_ = other.release();
  }
  return *this;
}

int FileDescriptor::release() noexcept {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

bool FileDescriptor::reset() noexcept {
  if (fd_ < 0) return true;
  // Linux closes the descriptor even when close fails (also on EINTR): never retry.
  const int rc = ::close(fd_);
  fd_ = -1;
  return rc == 0;
}

std::string describe_errno(const std::string& what) { return what + ": " + std::strerror(errno); }

FileDescriptor open_for_reading(const std::filesystem::path& file, std::uint64_t& size) {
  FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) throw TableIoError(file, describe_errno("cannot open"));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw TableIoError(file, describe_errno("cannot stat"));
  if (!S_ISREG(st.st_mode)) throw TableError(file, "not a regular file");
  size = static_cast<std::uint64_t>(st.st_size);
  return fd;
}

void read_exactly(int fd, void* into, std::size_t size, std::uint64_t offset, const std::filesystem::path& file) {
  auto* at = static_cast<char*>(into);
  while (size > 0) {
    const ssize_t got = ::pread(fd, at, size, static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw TableIoError(file, describe_errno("read failed at offset " + std::to_string(offset)));
    }
    if (got == 0)
      throw TableError(file, "truncated: file ends at offset " + std::to_string(offset) + " while " +
                                 std::to_string(size) + " more bytes were expected (file changed after opening?)");
    at += got;
    size -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
}

}  // namespace tsivy::io::detail
