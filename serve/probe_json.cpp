#include "serve/probe_json.h"

#include "game/game.h"
#include "game/notation.h"

namespace tsivy::serve {

nlohmann::json value_json(const Value& value) {
  return {{"wdl", outcome_word(value.outcome)},
          {"depth", value.outcome == Outcome::draw ? nlohmann::json(nullptr) : nlohmann::json(value.depth)}};
}

nlohmann::json value_json(int wdl, int depth) { return value_json(value_of_wdl(wdl, depth)); }

std::optional<Value> maker_value(const Tables& tables, const Position& after) {
  if (count(after.occupied()) > tables.max_stones()) return std::nullopt;
  const ProbeValue value = tables.probe(after.us, after.them);
  return turn_value(value_of_wdl(value.wdl, value.depth));
}

nlohmann::json probe_json(const Tables& tables, const Position& position) {
  const ProbeValue value = tables.probe(position.us, position.them);
  const std::vector<tsivy_turn> turns = tables.turns(position.us, position.them);
  nlohmann::json scored = nlohmann::json::array();
  for (const tsivy_turn& t : turns) {
    nlohmann::json entry = value_json(t.wdl, t.depth);
    entry["turn"] = t.text;
    entry["fen"] = format_position(after(position, t));
    scored.push_back(entry);
  }
  nlohmann::json out = value_json(value.wdl, value.depth);
  out["fen"] = format_position(position);
  out["best"] = turns.empty() ? nlohmann::json(nullptr) : nlohmann::json(turns.front().text);
  out["turns"] = scored;
  return out;
}

PrincipalLine principal_line(const Tables& tables, const Position& start, int max_turns) {
  PrincipalLine line;
  Position position = start;
  // The line as a game, for game/'s repetition rule.
  Game game(start);
  for (;;) {
    const std::vector<tsivy_turn> turns = tables.turns(position.us, position.them);
    if (turns.empty()) {
      line.end = LineEnd::no_turn;
      break;
    }
    if (static_cast<int>(line.steps.size()) == max_turns) {
      line.end = LineEnd::max_turns;
      break;
    }
    position = after(position, turns.front());
    line.steps.push_back({turns.front(), position, tables.probe(position.us, position.them)});
    game.play(turns.front().text);
    if (game.ended_by_repetition()) {
      line.end = LineEnd::repetition;
      break;
    }
  }
  return line;
}

const char* line_end_name(LineEnd end) {
  switch (end) {
    case LineEnd::no_turn: return "no turn";
    case LineEnd::repetition: return "repetition";
    case LineEnd::max_turns: return "max_turns";
  }
  return "?";
}

nlohmann::json line_json(const Tables& tables, const Position& start, int max_turns) {
  const PrincipalLine principal = principal_line(tables, start, max_turns);
  nlohmann::json line = nlohmann::json::array();
  for (const LineStep& step : principal.steps) {
    nlohmann::json entry = value_json(step.value.wdl, step.value.depth);
    entry["turn"] = step.turn.text;
    entry["fen"] = format_position(step.after);
    line.push_back(entry);
  }
  const ProbeValue value = tables.probe(start.us, start.them);
  nlohmann::json out = value_json(value.wdl, value.depth);
  out["fen"] = format_position(start);
  out["line"] = line;
  out["end"] = line_end_name(principal.end);
  return out;
}

}  // namespace tsivy::serve
