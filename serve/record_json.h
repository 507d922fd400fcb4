// GET /api/record's answer: a whole game as the page loads it from a game record (a
// copied text or a link): every turn checked by serve/game_record.h, with the position
// after each, so that the page can step through the game without asking again.
#pragma once

#include <nlohmann/json.hpp>

#include "serve/game_record.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::serve {

// {"positions": [{"fen", "turn", "wdl", "depth"}], "end"}: the first position (turn,
// wdl and depth null), then the one after each turn, with the turn's value for its maker
// where the tables reach the position it leads to (else wdl and depth null, "not in the
// tables"), as in /api/game's turn list; end as game_json.h's.
nlohmann::json record_json(const Tables& tables, const Game& game);

}  // namespace tsivy::serve
