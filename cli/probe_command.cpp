#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "game/notation.h"
#include "probe/table_probe.h"

namespace tsivy::cli {

void add_probe_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("probe", "Look a position up in the tables: its value and every turn's value, best first");
  auto dir = std::make_shared<std::string>();
  auto fen = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--fen", *fen, "Position, e.g. \"9/6B2/4W4/2W6/9 w\"")->required();
  cmd->add_flag("--json", *json, "One JSON object: value, depth and the scored turns");
  cmd->callback([dir, fen, json] {
    const Position position = parse_position(*fen);
    const TableProbe probe(*dir);
    const Value value = probe.value(position);
    const auto turns = probe.scored_turns(position);
    if (*json) {
      nlohmann::json scored = nlohmann::json::array();
      for (const ScoredTurn& t : turns)
        scored.push_back({{"turn", t.turn.notation}, {"value", to_string(t.value.outcome)}, {"depth", t.value.depth}});
      std::cout << nlohmann::json{{"position", format_position(position)},
                                  {"value", to_string(value.outcome)},
                                  {"depth", value.depth},
                                  {"turns", scored}}
                       .dump()
                << "\n";
      return;
    }
    std::cout << format_position(position) << ": " << to_string(value) << " for the side to move\n";
    for (const ScoredTurn& t : turns) std::cout << "  " << t.turn.notation << "  " << to_string(t.value) << "\n";
  });
}

}  // namespace tsivy::cli
