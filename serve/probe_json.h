// The JSON answers about a position: its value with every turn's value (`tsivy probe
// --json`, GET /api/probe) and its principal line (`tsivy play --json`, GET /api/line).
// Built here once, from the C API's plain values, so the command and the web API can
// never drift apart.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "game/position.h"
#include "lookup/outcome.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::serve {

// {"wdl": "win"|"draw"|"loss", "depth": D or null for a draw} (lookup/outcome.h's words).
nlohmann::json value_json(const Value& value);
// The same from the C API's numbers (tsivy.h).
nlohmann::json value_json(int wdl, int depth);

// The value of a turn for the side that made it, from the position it led to, where the
// tables reach that position; nullopt above them ("not in the tables").
std::optional<Value> maker_value(const Tables& tables, const Position& after);

// The position a turn of the C API leads to (its sets are the next mover's), the other
// colour to move.
inline Position after(const Position& before, const tsivy_turn& turn) { return {turn.us, turn.them, other(before.to_move)}; }

// {"fen", "wdl", "depth", "best": turn or null, "turns": [{"turn", "wdl", "depth", "fen"}]},
// best first, each turn's value seen from the side that makes it.
nlohmann::json probe_json(const Tables& tables, const Position& position);

// One turn of the principal line: the turn, the position after it and that position's
// value for its side to move.
struct LineStep {
  tsivy_turn turn;
  Position after;
  ProbeValue value;
};

// Why a principal line stops: the side to move has no turn (the game is over), a
// position occurs for the third time (a draw by the rules: a drawn line always gets
// there), or max_turns was reached first.
enum class LineEnd { no_turn, repetition, max_turns };
const char* line_end_name(LineEnd end);  // "no turn", "repetition", "max_turns"

struct PrincipalLine {
  std::vector<LineStep> steps;
  LineEnd end = LineEnd::no_turn;
};

// The best turn, then the best reply, and so on: a won or lost line ends when the loser
// has no turn (depth 0); a drawn line ends when a position occurs for the third time,
// unless max_turns comes first.
PrincipalLine principal_line(const Tables& tables, const Position& start, int max_turns);

// {"fen", "wdl", "depth", "line": [{"turn", "fen", "wdl", "depth"}], "end": line_end_name}:
// the start's value, its principal line and why the line stops there.
nlohmann::json line_json(const Tables& tables, const Position& start, int max_turns);

}  // namespace tsivy::serve
