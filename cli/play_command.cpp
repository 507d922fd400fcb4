// `tsivy play`: the principal line under perfect play, from a position to the end of
// the game, through libtsivy's C API (tsivy.hpp) like `tsivy probe`.
#include <iostream>

#include "cli/commands.h"
#include "cli/probe_output.h"
#include "game/notation.h"
#include "serve/probe_json.h"

namespace tsivy::cli {

void add_play_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a position out under perfect play: the principal line to the end of the game");
  auto dir = std::make_shared<std::string>();
  auto fen = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto max_turns = std::make_shared<int>(200);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--fen", *fen, "Position, e.g. \"9/6B2/4W4/2W6/9 w\"")->required();
  cmd->add_option("--max-turns", *max_turns, "Stop a line after this many turns (a won line always ends; a drawn one at the third repetition)")
      ->check(CLI::Range(1, 100000));
  cmd->add_flag("--json", *json, "One JSON object: the start's value and the line, each turn with the position after it");
  cmd->callback([dir, fen, json, max_turns] {
    const Position start = parse_position(*fen);
    const Tables tables(*dir);
    if (*json) {
      std::cout << serve::line_json(tables, start, *max_turns).dump() << "\n";
      return;
    }
    const ProbeValue value = tables.probe(start.us, start.them);
    std::cout << format_position(start) << ": " << value_text(value.wdl, value.depth) << " for the side to move\n";
    int n = 0;
    const serve::PrincipalLine line = serve::principal_line(tables, start, *max_turns);
    for (const serve::LineStep& step : line.steps)
      std::cout << ++n << ". " << step.turn.text << "  " << format_position(step.after) << "  "
                << value_text(step.value.wdl, step.value.depth) << "\n";
    if (line.end == serve::LineEnd::repetition) std::cout << "(draw: the last position occurred for the third time)\n";
    if (line.end == serve::LineEnd::max_turns) std::cout << "(stopped after " << *max_turns << " turns)\n";
  });
}

}  // namespace tsivy::cli
