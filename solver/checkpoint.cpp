#include "solver/checkpoint.h"

#include <fstream>
#include <iterator>
#include <new>

#include <xxhash.h>

namespace tsivy {

RunningChecksum::RunningChecksum() : state_(XXH3_createState()) {
  if (!state_) throw std::bad_alloc();
  XXH3_64bits_reset(state_);
}

RunningChecksum::~RunningChecksum() { XXH3_freeState(state_); }

void RunningChecksum::add(const void* data, std::size_t size) { XXH3_64bits_update(state_, data, size); }

std::uint64_t RunningChecksum::value() const { return XXH3_64bits_digest(state_); }

CheckpointWriter::CheckpointWriter(std::filesystem::path file) : out_(std::move(file)) {}

void CheckpointWriter::put(const void* data, std::size_t size) {
  out_.write_at(offset_, data, size);
  checksum_.add(data, size);
  offset_ += size;
}

void CheckpointWriter::commit() {
  const std::uint64_t checksum = checksum_.value();
  out_.write_at(offset_, &checksum, sizeof checksum);
  out_.commit();
}

CheckpointReader::CheckpointReader(const std::filesystem::path& file) : file_(file), in_(file, std::ios::binary) {
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(file, error);
  if (!in_ || error) throw CheckpointError("checkpoint file " + file.string() + " cannot be read");
  if (bytes < sizeof(std::uint64_t)) fail("is truncated");
  size_ = bytes - sizeof(std::uint64_t);
}

void CheckpointReader::get(void* data, std::size_t size) {
  if (size > size_ - at_) fail("is truncated");
  if (!in_.read(static_cast<char*>(data), static_cast<std::streamsize>(size))) fail("cannot be read to its end");
  checksum_.add(data, size);
  at_ += size;
}

void CheckpointReader::finish() {
  if (!at_end()) fail("holds more than this pair's state");
  std::uint64_t stored = 0;
  if (!in_.read(reinterpret_cast<char*>(&stored), sizeof stored)) fail("cannot be read to its end");
  if (stored != checksum_.value()) fail("is damaged (its checksum differs from its content)");
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
