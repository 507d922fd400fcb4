// What `tsivy probe` and `tsivy play` share: values as text and JSON, and the position
// after a turn, all from the C API's plain values.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tsivy/tsivy.hpp"

namespace tsivy::cli {

// "WIN 3", "DRAW", "LOSS 0".
inline std::string value_text(int wdl, int depth) {
  if (wdl == TSIVY_DRAW) return "DRAW";
  return std::string(wdl > 0 ? "WIN " : "LOSS ") + std::to_string(depth);
}

// {"wdl": "win"|"draw"|"loss", "depth": D or null for a draw}.
inline nlohmann::json value_json(int wdl, int depth) {
  return {{"wdl", wdl_name(wdl)}, {"depth", wdl == TSIVY_DRAW ? nlohmann::json(nullptr) : nlohmann::json(depth)}};
}

// The position a turn leads to, the other colour to move.
inline Sets after(const Sets& before, const tsivy_turn& turn) { return {turn.us, turn.them, !before.white_to_move}; }

}  // namespace tsivy::cli
