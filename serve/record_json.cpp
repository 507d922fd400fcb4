#include "serve/record_json.h"

#include "game/notation.h"
#include "serve/game_json.h"
#include "serve/probe_json.h"

namespace tsivy::serve {

nlohmann::json record_json(const Tables& tables, const Game& game) {
  nlohmann::json positions = nlohmann::json::array();
  const auto played = game.positions();
  for (std::size_t ply = 0; ply < played.size(); ++ply) {
    const Position& position = played[ply];
    nlohmann::json entry = {{"fen", format_position(position)}, {"turn", nullptr}, {"wdl", nullptr}, {"depth", nullptr}};
    if (ply > 0) {
      entry["turn"] = turn_text(game.turns()[ply - 1]);
      if (const std::optional<Value> value = maker_value(tables, position)) entry.update(value_json(*value));
    }
    positions.push_back(std::move(entry));
  }
  return {{"positions", std::move(positions)}, {"end", game_end_json(game)}};
}

}  // namespace tsivy::serve
