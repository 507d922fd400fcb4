// Files of a checkpoint (`generate --checkpoint-every`): each rank saves its slice of
// a pair's working state at a depth-step boundary into DIR/.checkpoint/, every file
// atomically (io/atomic_file.h) and ending in the XXH3-64 of what comes before it, so
// that a damaged byte is refused, not resumed from. What a slice holds is the solver's
// business (pair_solver.cpp); this is the byte plumbing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/atomic_file.h"

struct XXH3_state_s;  // the xxHash library's streaming state, its header kept out of this one

namespace tsivy {

// Raised for a checkpoint that cannot be used: damaged, truncated, another layout.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The checksum of a file's bytes so far, fed as they are written or read (XXH3-64,
// seed 0, as the tables' own checksum: io/format.h).
class RunningChecksum {
 public:
  RunningChecksum();
  ~RunningChecksum();
  RunningChecksum(const RunningChecksum&) = delete;
  RunningChecksum& operator=(const RunningChecksum&) = delete;
  void add(const void* data, std::size_t size);
  std::uint64_t value() const;

 private:
  XXH3_state_s* state_;
};

// Writes one file sequentially through io::AtomicFile; commit() appends the checksum
// and makes the file durable under its final name. Without commit() the temporary file
// is removed. The operating system's refusals are io::FileWriteError.
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
  RunningChecksum checksum_;
};

// Reads a file written by CheckpointWriter; every read checks it stays inside the file.
// Streams: an 8-stone slice is as large as the working state it is read into (13 GiB
// for 3v5+5v3 on one rank), so it is never held in memory a second time; the checksum
// is therefore known only at the end: finish() checks it, and what was read before is
// not to be used unless finish() returns (a refused checkpoint ends the run).
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
  // Everything before the checksum has been read.
  bool at_end() const { return at_ == size_; }
  // Refuses a file with bytes left unread or whose checksum differs from its content.
  void finish();
  [[noreturn]] void fail(const std::string& what) const;

 private:
  std::filesystem::path file_;
  std::ifstream in_;
  std::uint64_t size_ = 0, at_ = 0;  // size_: the bytes before the checksum
  RunningChecksum checksum_;
};

// A small text file, written atomically (io/atomic_file.h) / read back (nullopt when
// absent).
using io::write_text_atomically;
std::optional<std::string> read_text(const std::filesystem::path& file);

}  // namespace tsivy
