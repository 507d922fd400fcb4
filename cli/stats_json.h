// The JSON of one class's statistics: one line per class of `tsivy stats --json` and of
// `tsivy verify --stats-json FILE`, built here once for both.
#pragma once

#include <nlohmann/json.hpp>

#include "check/stats.h"

namespace tsivy::cli {

// {"class", "canonical": {"win", "draw", "loss"}, "raw": {...}, "max_depth", "deepest",
//  "wins_by_depth", "losses_by_depth"}
nlohmann::json class_stats_json(const ClassStats& stats);

// One position of the class's greatest depth as a FEN, White to move (a class fixes only
// which side moves), or null when every position is a draw.
nlohmann::json deepest_fen(const ClassStats& stats);

}  // namespace tsivy::cli
