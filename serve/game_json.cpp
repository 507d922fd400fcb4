#include "serve/game_json.h"

#include <algorithm>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/repetition.h"
#include "serve/probe_json.h"

namespace tsivy::serve {
namespace {

const char* colour_name(Colour c) { return c == Colour::White ? "white" : "black"; }

// Order outside the tables: a known win first (the quickest first), then what the
// tables cannot tell (it may be anything), then draws, then losses (the longest first).
long rank(const nlohmann::json& turn) {
  if (turn["wdl"].is_null()) return -1;
  const std::string& wdl = turn["wdl"].get_ref<const std::string&>();
  if (wdl == "win") return -100000L + turn["depth"].get<long>();
  if (wdl == "draw") return 0;
  return 100000L - turn["depth"].get<long>();
}

// Every legal turn of a position outside the tables, valued where its result is inside.
nlohmann::json turns_outside(const Tables& tables, const Position& position) {
  std::vector<nlohmann::json> scored;
  for (const Turn& t : generate_turns(position)) {
    nlohmann::json entry = {{"turn", t.notation}, {"wdl", nullptr}, {"depth", nullptr}};
    if (count(t.result.occupied()) <= tables.max_stones()) {
      const ProbeValue after = tables.probe(t.result.us, t.result.them);
      // The value for the maker of the turn: the opponent's, turned round, one turn longer.
      const int wdl = -after.wdl;
      entry.update(value_json(wdl, wdl == TSIVY_DRAW ? -1 : after.depth + 1));
    }
    entry["fen"] = format_position(t.result);
    scored.push_back(std::move(entry));
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return rank(a) < rank(b); });
  return scored;
}

}  // namespace

nlohmann::json game_end_json(const GameRecord& game) {
  const Position& p = game.current();
  const auto end = [](const char* reason, const char* winner) {
    return nlohmann::json{{"reason", reason}, {"winner", winner ? nlohmann::json(winner) : nlohmann::json(nullptr)}};
  };
  if (game.ends_by_repetition()) return end("repetition", nullptr);
  if (!p.us) return end("no stones", colour_name(other(p.to_move)));
  if (!p.them) return end("no stones", colour_name(p.to_move));
  if (!has_capture(p) && !has_paika(p)) return end("no turn", colour_name(other(p.to_move)));
  return nullptr;
}

nlohmann::json game_json(const Tables& tables, const GameRecord& game) {
  const Position& position = game.current();
  const int stones = count(position.occupied());
  nlohmann::json out;
  if (stones <= tables.max_stones()) {
    out = probe_json(tables, sets_of(position));
    out["in_tables"] = true;
  } else {
    out = {{"fen", format_position(position)}, {"wdl", nullptr}, {"depth", nullptr}, {"best", nullptr},
           {"in_tables", false}, {"turns", turns_outside(tables, position)}};
  }
  out["stones"] = stones;
  out["max_stones"] = tables.max_stones();
  out["occurrences"] = occurrences(game.positions, position);
  out["end"] = game_end_json(game);
  return out;
}

}  // namespace tsivy::serve
