#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "game/movegen.h"
#include "game/notation.h"

namespace tsivy::cli {

void add_moves_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "List the legal turns of a position, each with the position it leads to");
  auto fen = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--fen", *fen, "Position of the board (see --board), e.g. its start \"" + format_position(start_position()) + "\"")
      ->required();
  cmd->add_flag("--json", *json, "One JSON object per turn: {\"turn\": ..., \"result\": ...}");
  cmd->callback([fen, json] {
    const Position position = parse_position(*fen);
    const std::vector<Turn> turns = generate_turns(position);
    for (const Turn& turn : turns) {
      if (*json)
        std::cout << nlohmann::json{{"turn", turn.notation}, {"result", format_position(turn.result)}}.dump() << "\n";
      else
        std::cout << turn.notation << "  " << format_position(turn.result) << "\n";
    }
    if (!*json) std::cerr << turns.size() << " turns\n";
  });
}

}  // namespace tsivy::cli
