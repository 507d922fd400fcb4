#include "io/table_file.h"

#include <unistd.h>

#include <cerrno>
#include <vector>

#define XXH_STATIC_LINKING_ONLY  // XXH64_state_t on the stack
#include <xxhash.h>

#include "io/posix_file.h"

namespace tsivy::io {

TableError::TableError(const std::filesystem::path& file, const std::string& problem)
    : std::runtime_error(file.string() + ": " + problem), file_(file) {}

std::uint64_t file_checksum(const std::filesystem::path& file) {
  std::uint64_t size = 0;
  detail::FileDescriptor fd = detail::open_for_reading(file, size);
  XXH64_state_t state;
  XXH64_reset(&state, 0);
  std::vector<char> buffer(1 << 20);
  for (;;) {
    const ssize_t got = ::read(fd.get(), buffer.data(), buffer.size());
    if (got < 0) {
      if (errno == EINTR) continue;
      throw TableIoError(file, detail::describe_errno("read failed"));
    }
    if (got == 0) break;
    XXH64_update(&state, buffer.data(), static_cast<std::size_t>(got));
  }
  return XXH64_digest(&state);
}

}  // namespace tsivy::io
