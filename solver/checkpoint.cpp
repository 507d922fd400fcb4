#include "solver/checkpoint.h"

#include <fstream>
#include <iterator>

namespace tsivy {


CheckpointWriter::CheckpointWriter(std::filesystem::path file) : out_(std::move(file)) {}

void CheckpointWriter::put(const void* data, std::size_t size) {
  out_.write_at(offset_, data, size);
  offset_ += size;
}

void CheckpointWriter::commit() { out_.commit(); }

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

std::optional<std::string> read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace tsivy
