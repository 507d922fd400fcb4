#include "table_dir/board_record.h"

#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "game/geometry.h"
#include "table_dir/manifest.h"

namespace tsivy {

std::optional<std::string> recorded_board(const std::filesystem::path& dir) {
  std::ifstream in(dir / Manifest::kFileName);
  if (!in) return std::nullopt;
  // A damaged manifest is Manifest::load's to report; here it records no board.
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  const auto board = j.find("board");
  if (board == j.end()) return std::string("5x9");
  return board->is_string() ? std::optional(board->get<std::string>()) : std::nullopt;
}

void check_board_of(const std::filesystem::path& dir) {
  const std::optional<std::string> board = recorded_board(dir);
  if (!board || *board == board_name()) return;
  throw std::invalid_argument(dir.string() + " holds tables of the " + *board + " board (its " + Manifest::kFileName +
                              " says so), not of " + board_name() + " (tsivy reads them with --board " + *board + ")");
}

}  // namespace tsivy
