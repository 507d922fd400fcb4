#include "serve/probe_json.h"

namespace tsivy::serve {

nlohmann::json value_json(int wdl, int depth) {
  return {{"wdl", wdl_name(wdl)}, {"depth", wdl == TSIVY_DRAW ? nlohmann::json(nullptr) : nlohmann::json(depth)}};
}

nlohmann::json probe_json(const Tables& tables, const Sets& position) {
  const ProbeValue value = tables.probe(position);
  const std::vector<tsivy_turn> turns = tables.turns(position);
  nlohmann::json scored = nlohmann::json::array();
  for (const tsivy_turn& t : turns) {
    nlohmann::json entry = value_json(t.wdl, t.depth);
    entry["turn"] = t.text;
    entry["fen"] = format_fen(after(position, t));
    scored.push_back(entry);
  }
  nlohmann::json out = value_json(value.wdl, value.depth);
  out["fen"] = format_fen(position);
  out["best"] = turns.empty() ? nlohmann::json(nullptr) : nlohmann::json(turns.front().text);
  out["turns"] = scored;
  return out;
}

std::vector<LineStep> principal_line(const Tables& tables, Sets start, int max_turns) {
  std::vector<LineStep> line;
  Sets position = start;
  for (int n = 1; n <= max_turns; ++n) {
    const std::vector<tsivy_turn> turns = tables.turns(position);
    if (turns.empty()) break;
    position = after(position, turns.front());
    line.push_back({turns.front(), position, tables.probe(position)});
  }
  return line;
}

nlohmann::json line_json(const Tables& tables, const Sets& start, int max_turns) {
  nlohmann::json line = nlohmann::json::array();
  for (const LineStep& step : principal_line(tables, start, max_turns)) {
    nlohmann::json entry = value_json(step.value.wdl, step.value.depth);
    entry["turn"] = step.turn.text;
    entry["fen"] = format_fen(step.after);
    line.push_back(entry);
  }
  const ProbeValue value = tables.probe(start);
  nlohmann::json out = value_json(value.wdl, value.depth);
  out["fen"] = format_fen(start);
  out["line"] = line;
  return out;
}

}  // namespace tsivy::serve
