// A table directory records the board its tables are for (manifest.json's "board";
// absent in directories written before boards were a choice, which are 5x9). Every
// reader and the solver check it first, so that tables of another board are refused
// with the board named, instead of as files "of another index scheme".
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tsivy {

// The board DIR's manifest names ("5x9" for a manifest without one); nullopt when DIR
// has no readable manifest.
std::optional<std::string> recorded_board(const std::filesystem::path& dir);

// Throws std::invalid_argument naming both boards when DIR's manifest names a board
// other than this build's.
void check_board_of(const std::filesystem::path& dir);

}  // namespace tsivy
