// `tsivy play`: the principal line under perfect play, from a position to the end of
// the game, through libtsivy's C API (tsivy.hpp) like `tsivy probe`.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/probe_output.h"

namespace tsivy::cli {

void add_play_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a position out under perfect play: the principal line to the end of the game");
  auto dir = std::make_shared<std::string>();
  auto fen = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto max_turns = std::make_shared<int>(200);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--fen", *fen, "Position, e.g. \"9/6B2/4W4/2W6/9 w\"")->required();
  cmd->add_option("--max-turns", *max_turns, "Stop a drawn line after this many turns (a won line always ends)")
      ->check(CLI::Range(1, 100000));
  cmd->add_flag("--json", *json, "One JSON object: the start's value and the line, each turn with the position after it");
  cmd->callback([dir, fen, json, max_turns] {
    Sets position = parse_fen(*fen);
    const Tables tables(*dir);
    const ProbeValue start = tables.probe(position);
    const std::string start_text = format_fen(position);
    // Each entry: the turn, the position after it and that position's value for its
    // side to move. A won or lost line ends when the loser has no turn (depth 0); a
    // drawn line never ends, so it stops after --max-turns.
    nlohmann::json line = nlohmann::json::array();
    if (!*json) std::cout << start_text << ": " << value_text(start.wdl, start.depth) << " for the side to move\n";
    for (int n = 1; n <= *max_turns; ++n) {
      const std::vector<tsivy_turn> turns = tables.turns(position);
      if (turns.empty()) break;
      const tsivy_turn& best = turns.front();
      position = after(position, best);
      const ProbeValue now = tables.probe(position);
      const std::string text = format_fen(position);
      if (*json) {
        nlohmann::json entry = value_json(now.wdl, now.depth);
        entry["turn"] = best.text;
        entry["fen"] = text;
        line.push_back(entry);
      } else {
        std::cout << n << ". " << best.text << "  " << text << "  " << value_text(now.wdl, now.depth) << "\n";
      }
    }
    if (*json) {
      nlohmann::json out = value_json(start.wdl, start.depth);
      out["fen"] = start_text;
      out["line"] = line;
      std::cout << out.dump() << "\n";
    }
  });
}

}  // namespace tsivy::cli
