// A file descriptor that closes itself, and the read loop every table read needs
// (EINTR, short transfers). Internal to io/: writers use io/atomic_file.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace tsivy::io::detail {

class FileDescriptor {
 public:
  FileDescriptor() = default;
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.release()) {}
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() { reset(); }

  int get() const noexcept { return fd_; }
  int release() noexcept;
  // Closes now; returns false (errno set) when close reports an error.
  bool reset() noexcept;

 private:
  int fd_ = -1;
};

// Opens a regular file for reading without ever blocking (a FIFO or device under a
// table's name must not hang the reader). Throws TableError naming `file`.
FileDescriptor open_for_reading(const std::filesystem::path& file, std::uint64_t& size);

// Reads exactly `size` bytes at `offset`; throws TableError (naming `file`) on an I/O
// error or when the file ends first.
void read_exactly(int fd, void* into, std::size_t size, std::uint64_t offset, const std::filesystem::path& file);

// "<what>: <strerror(errno)>", for messages.
std::string describe_errno(const std::string& what);

}  // namespace tsivy::io::detail
