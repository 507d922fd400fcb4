// Writing a file atomically: whoever opens it by its name finds the old file or the
// whole new one, never a part, also after a crash. Every file tsivy writes goes
// through here: table files, the manifest, checkpoints.
//
// The bytes go to a hidden temporary file beside the target, which is fsynced, renamed
// over the target, and the directory fsynced (the rename is durable only then). Several
// processes (MPI ranks) may write one file: one creates the temporary, the others join
// it and write their own parts at their own offsets, and the creator commits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tsivy::io {

// The operating system refused while a file was being written: creating, writing,
// syncing or renaming failed. The message is "<file>: <what failed>: <errno's text>".
// A file that could not be written, not a damaged one, so it is no TableError.
class FileWriteError : public std::runtime_error {
 public:
  FileWriteError(const std::filesystem::path& file, const std::string& problem, int error_number);
  const std::filesystem::path& file() const noexcept { return file_; }
  int error_number() const noexcept { return error_number_; }  // the errno value

 private:
  std::filesystem::path file_;
  int error_number_;
};

// The temporary a writer in this process writes `file` into: ".<name>.<pid>.<n>.tmp"
// in the same directory (the rename must not cross file systems), n counting the
// temporaries this process named. Hidden, so no reader of the directory takes it for
// a table.
std::filesystem::path temporary_path_for(const std::filesystem::path& file);

// Whether a file name (no directory) has the form temporary_path_for gives: what a
// writer left behind when it was killed before committing.
bool is_temporary_name(std::string_view name);

class AtomicFile {
 public:
  // Creates a new temporary for `file` (never reusing one that exists, which another
  // writer may still be writing). Throws FileWriteError.
  explicit AtomicFile(std::filesystem::path file);
  // Opens the temporary `temporary` that another AtomicFile of `file` created (in
  // another process), to write this process's part into it. Only the creator commits;
  // a joined writer calls sync() before it does. Throws FileWriteError.
  static AtomicFile join(std::filesystem::path file, std::filesystem::path temporary);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  // Closes the temporary; unless commit() succeeded, the creator also removes it, so
  // an abandoned write leaves the target as it was and no temporary behind.
  ~AtomicFile();

  const std::filesystem::path& file() const noexcept { return file_; }
  const std::filesystem::path& temporary() const noexcept { return temporary_; }

  // Writes all of `data` at `offset` of the temporary. Throws FileWriteError.
  void write_at(std::uint64_t offset, const void* data, std::size_t size);
  // Makes this writer's bytes durable (fsync) and closes the temporary: nothing more
  // can be written. Throws FileWriteError.
  void sync();
  // The creator's last step: sync(), rename the temporary over the target, fsync the
  // directory. Throws FileWriteError; std::logic_error when called on a joined writer.
  void commit();

 private:
  AtomicFile(std::filesystem::path file, std::filesystem::path temporary, int fd, bool creator);

  std::filesystem::path file_, temporary_;
  int fd_ = -1;
  bool creator_ = false, committed_ = false;
};

// Writes `contents` (text or any bytes) as the whole of `file`, atomically. Throws
// FileWriteError.
void write_text_atomically(const std::filesystem::path& file, std::string_view contents);

}  // namespace tsivy::io
