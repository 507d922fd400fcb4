// GET /api/search's answer: the engine's result in notation (docs/explorer.md).
#pragma once

#include <nlohmann/json.hpp>

#include "game/position.h"
#include "search/engine.h"

namespace tsivy::serve {

// {"fen", "best": turn or null, "score": hundredths of a stone for the side to move,
//  "score_text": search::score_text, "depth", "nodes", "time_ms", "pv": [turns],
//  "from_tables": bool, "table": {"wdl", "depth"} (the root's value when from_tables)
//  or null, "end": null}
nlohmann::json search_json(const Position& root, const search::SearchResult& result);

}  // namespace tsivy::serve
