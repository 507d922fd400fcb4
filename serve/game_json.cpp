#include "serve/game_json.h"

#include <algorithm>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/game.h"
#include "serve/probe_json.h"

namespace tsivy::serve {
namespace {

const char* colour_name(Colour c) { return c == Colour::White ? "white" : "black"; }

// Every legal turn of a position outside the tables, valued where its result is inside.
nlohmann::json turns_outside(const Tables& tables, const Position& position) {
  struct Scored {
    nlohmann::json entry;
    long rank;
  };
  std::vector<Scored> scored;
  for (const Turn& t : generate_turns(position)) {
    nlohmann::json entry = {{"turn", t.notation}, {"wdl", nullptr}, {"depth", nullptr}};
    const std::optional<Value> value = maker_value(tables, t.result);
    if (value) entry.update(value_json(*value));
    entry["fen"] = format_position(t.result);
    scored.push_back({std::move(entry), best_first(value.value_or(Value{}))});
  }
  // lookup/outcome.h's order: a known win first, then what the tables cannot tell, then
  // draws, then losses.
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.rank < b.rank; });
  nlohmann::json out = nlohmann::json::array();
  for (Scored& s : scored) out.push_back(std::move(s.entry));
  return out;
}

}  // namespace

nlohmann::json game_end_json(const Game& game) {
  const Position& p = game.current();
  const auto end = [](const char* reason, const char* winner) {
    return nlohmann::json{{"reason", reason}, {"winner", winner ? nlohmann::json(winner) : nlohmann::json(nullptr)}};
  };
  if (game.ended_by_repetition()) return end("repetition", nullptr);
  if (!p.us) return end("no stones", colour_name(other(p.to_move)));
  if (!p.them) return end("no stones", colour_name(p.to_move));
  if (!has_capture(p) && !has_paika(p)) return end("no turn", colour_name(other(p.to_move)));
  return nullptr;
}

nlohmann::json game_json(const Tables& tables, const Game& game) {
  const Position& position = game.current();
  const int stones = count(position.occupied());
  nlohmann::json out;
  if (stones <= tables.max_stones()) {
    out = probe_json(tables, position);
    out["in_tables"] = true;
  } else {
    out = {{"fen", format_position(position)}, {"wdl", nullptr}, {"depth", nullptr}, {"best", nullptr},
           {"in_tables", false}, {"turns", turns_outside(tables, position)}};
  }
  out["stones"] = stones;
  out["max_stones"] = tables.max_stones();
  out["occurrences"] = occurrences(game.positions(), position);
  out["end"] = game_end_json(game);
  return out;
}

}  // namespace tsivy::serve
