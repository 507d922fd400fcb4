#include "table_dir/board_record.h"

#include "game/geometry.h"
#include "table_dir/manifest.h"

namespace tsivy {

OtherBoardError::OtherBoardError(const std::filesystem::path& dir, std::string board)
    : std::invalid_argument(dir.string() + " holds tables of the " + board + " board (its " + Manifest::kFileName +
                            " says so), not of " + board_name() + " (tsivy reads them with --board " + board + ")"),
      board_(std::move(board)) {}

void check_board(const std::filesystem::path& dir, const std::string& recorded) {
  if (recorded != board_name()) throw OtherBoardError(dir, recorded);
}

}  // namespace tsivy
