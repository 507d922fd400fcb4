// Files of a checkpoint (`generate --checkpoint-every`): each rank saves its slice of
// a pair's working state at a depth-step boundary into DIR/.checkpoint/, every file
// atomically (io/atomic_file.h). What a slice holds is the solver's business
// (pair_solver.cpp); this is the byte plumbing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/atomic_file.h"

namespace tsivy {

// Raised for a checkpoint that cannot be used: damaged, truncated, another layout.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes one file sequentially through io::AtomicFile; commit() makes it durable under
// its final name. Without commit() the temporary file is removed. The operating
// system's refusals are io::FileWriteError.
class CheckpointWriter {
 public:
  explicit CheckpointWriter(std::filesystem::path file);
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;
  void put(const void* data, std::size_t size);
  template <class T>
  void put(const T& value) { put(&value, sizeof value); }
  template <class T>
  void put_vector(const std::vector<T>& values) {
    put(static_cast<std::uint64_t>(values.size()));
    if (!values.empty()) put(values.data(), values.size() * sizeof(T));
  }
  void commit();

 private:
  io::AtomicFile out_;
  std::uint64_t offset_ = 0;
};

// Reads a file written by CheckpointWriter; every read checks it stays inside the file.
// Streams: an 8-stone slice is as large as the working state it is read into (13 GiB
// for 3v5+5v3 on one rank), so it is never held in memory a second time.
class CheckpointReader {
 public:
  explicit CheckpointReader(const std::filesystem::path& file);
  void get(void* data, std::size_t size);
  template <class T>
  T get() {
    T value{};
    get(&value, sizeof value);
    return value;
  }
  template <class T>
  void get_vector(std::vector<T>& values, std::uint64_t expected_size) {
    const auto size = get<std::uint64_t>();
    if (size != expected_size) fail("holds " + std::to_string(size) + " entries where " + std::to_string(expected_size) + " belong");
    values.resize(size);
    if (size) get(values.data(), size * sizeof(T));
  }
  template <class T>
  void get_vector(std::vector<T>& values) {
    const auto size = get<std::uint64_t>();
    if (size > (size_ - at_) / sizeof(T)) fail("is truncated");
    values.resize(size);
    if (size) get(values.data(), size * sizeof(T));
  }
  bool at_end() const { return at_ == size_; }
  [[noreturn]] void fail(const std::string& what) const;

 private:
  std::filesystem::path file_;
  std::ifstream in_;
  std::uint64_t size_ = 0, at_ = 0;
};

// A small text file, written atomically (io/atomic_file.h) / read back (nullopt when
// absent).
using io::write_text_atomically;
std::optional<std::string> read_text(const std::filesystem::path& file);

}  // namespace tsivy
