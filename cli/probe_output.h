// What `tsivy probe` and `tsivy play` share for their text output; their JSON is built
// in serve/probe_json.h, which the web API uses too.
#pragma once

#include <string>

#include "tsivy/tsivy.hpp"

namespace tsivy::cli {

// "WIN 3", "DRAW", "LOSS 0".
inline std::string value_text(int wdl, int depth) {
  if (wdl == TSIVY_DRAW) return "DRAW";
  return std::string(wdl > 0 ? "WIN " : "LOSS ") + std::to_string(depth);
}

}  // namespace tsivy::cli
