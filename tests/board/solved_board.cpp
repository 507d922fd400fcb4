#include "tests/board/solved_board.h"

#include <unistd.h>

#include <memory>
#include <string>
#include <system_error>

#include "indexing/material_index.h"
#include "solver/generate.h"

namespace tsivy::testing {
namespace {

// Removes the directory when the process ends.
struct ScratchDirectory {
  std::filesystem::path path;
  ScratchDirectory()
      : path(std::filesystem::temp_directory_path() /
             ("tsivy-board-" + board_name() + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

}  // namespace

const std::filesystem::path& solved_board_tables() {
  static const std::unique_ptr<ScratchDirectory> dir = [] {
    auto scratch = std::make_unique<ScratchDirectory>();
    GenerateOptions options;
    options.max_stones = 2 * kStonesPerSide;
    options.out = scratch->path;
    options.solve.threads = 2;
    generate_tables(options);
    return scratch;
  }();
  return dir->path;
}

}  // namespace tsivy::testing
