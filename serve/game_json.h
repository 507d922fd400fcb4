// GET /api/game's answer: the position a game has reached, with every legal turn, also
// above the tables' stone count (from the rules, game/movegen.h), each valued by the
// tables where its result lies inside them; and whether the game is over, and why.
#pragma once

#include <nlohmann/json.hpp>

#include "serve/game_record.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::serve {

// {"fen", "stones", "in_tables", "wdl", "depth", "best", "turns": [{"turn", "fen", "wdl",
//  "depth"}], "occurrences", "end"}:
// - inside the tables, wdl / depth / best and the turns are those of /api/probe (best first);
// - outside, wdl, depth and best are null, and each turn has the tables' value of its
//   result for its maker where that result is inside them, else wdl and depth null ("not
//   in the tables"); known wins come first, then the turns not in the tables (in the
//   generator's order), then draws, then losses;
// - occurrences: how often the position occurs in the game (the third time is a draw);
// - end: null while the game goes on, else {"reason": "repetition" | "no stones" |
//   "no turn", "winner": "white" | "black" | null}. A side to move without stones has
//   lost, also when the other side has none either (rules.md: LOSS in 0, as /api/probe).
nlohmann::json game_json(const Tables& tables, const Game& game);

// The end of the game at its current position, or null (the "end" above).
nlohmann::json game_end_json(const Game& game);

}  // namespace tsivy::serve
