#include "solver/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "io/posix_file.h"

namespace tsivy {
namespace {

[[noreturn]] void fail_errno(const std::string& what) {
  throw CheckpointError(io::detail::describe_errno(what));
}

void sync_directory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0 || ::fsync(fd) != 0) {
    if (fd >= 0) ::close(fd);
    fail_errno("fsync of directory " + dir.string() + " failed");
  }
  ::close(fd);
}

}  // namespace

std::filesystem::path checkpoint_dir(const std::filesystem::path& tables) { return tables / ".checkpoint"; }

CheckpointWriter::CheckpointWriter(std::filesystem::path file) : file_(std::move(file)) {
  // Built with append: GCC 12 warns falsely (-Wrestrict) on "." + std::string.
  std::string name(".");
  name.append(file_.filename().string()).append(".").append(std::to_string(::getpid())).append(".tmp");
  temp_ = file_.parent_path() / name;
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) fail_errno("cannot create checkpoint file " + temp_.string());
}

CheckpointWriter::~CheckpointWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temp_.c_str());
}

void CheckpointWriter::put(const void* data, std::size_t size) {
  io::detail::write_exactly(fd_, data, size, offset_, temp_);
  offset_ += size;
}

void CheckpointWriter::commit() {
  if (::fsync(fd_) != 0) fail_errno("fsync of " + temp_.string() + " failed");
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail_errno("close of " + temp_.string() + " failed");
  if (::rename(temp_.c_str(), file_.c_str()) != 0) fail_errno("cannot rename " + temp_.string());
  committed_ = true;
  sync_directory(file_.parent_path());
}

CheckpointReader::CheckpointReader(const std::filesystem::path& file) : file_(file), in_(file, std::ios::binary) {
  std::error_code error;
  size_ = std::filesystem::file_size(file, error);
  if (!in_ || error) throw CheckpointError("checkpoint file " + file.string() + " cannot be read");
}

void CheckpointReader::get(void* data, std::size_t size) {
  if (size > size_ - at_) fail("is truncated");
  if (!in_.read(static_cast<char*>(data), static_cast<std::streamsize>(size))) fail("cannot be read to its end");
  at_ += size;
}

void CheckpointReader::fail(const std::string& what) const {
  throw CheckpointError("checkpoint file " + file_.string() + " " + what + "; remove " +
                        file_.parent_path().string() + " to start the pair afresh");
}

void write_text_atomically(const std::filesystem::path& file, const std::string& text) {
  CheckpointWriter out(file);
  out.put(text.data(), text.size());
  out.commit();
}

std::optional<std::string> read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace tsivy
