// A table directory records the board its tables are for (manifest.json's "board";
// absent in directories written before boards were a choice, which are 5x9). Opening a
// directory (TableDirectory::open) checks it first, so that tables of another board are
// refused with the board named, instead of as files "of another index scheme".
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace tsivy {

// Tables of another board than this build's. The probe library opens them through
// that board's library (probe/board_library.h); everything else refuses them.
class OtherBoardError : public std::invalid_argument {
 public:
  OtherBoardError(const std::filesystem::path& dir, std::string board);
  // The board the directory's manifest names, e.g. "3x3".
  const std::string& board() const { return board_; }

 private:
  std::string board_;
};

// Throws OtherBoardError, naming both boards, when `recorded` (the board DIR's manifest
// names) is not this build's.
void check_board(const std::filesystem::path& dir, const std::string& recorded);

}  // namespace tsivy
