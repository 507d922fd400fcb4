// `tsivy probe`: a position's value and every turn's value, best first. Goes through
// libtsivy's C API (tsivy.hpp), the same path as every outside user of the tables.
#include <iostream>

#include "cli/commands.h"
#include "cli/probe_output.h"
#include "game/notation.h"
#include "serve/probe_json.h"

namespace tsivy::cli {

void add_probe_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("probe", "Look a position up in the tables: its value and every turn's value, best first");
  auto dir = std::make_shared<std::string>();
  auto fen = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--fen", *fen, "Position, e.g. \"9/6B2/4W4/2W6/9 w\"")->required();
  cmd->add_flag("--json", *json, "One JSON object: value, depth, best turn and the scored turns");
  cmd->callback([dir, fen, json] {
    const Position position = parse_position(*fen);
    const Tables tables(*dir);
    if (*json) {
      std::cout << serve::probe_json(tables, position).dump() << "\n";
      return;
    }
    const ProbeValue value = tables.probe(position.us, position.them);
    std::cout << format_position(position) << ": " << value_text(value.wdl, value.depth) << " for the side to move\n";
    for (const tsivy_turn& t : tables.turns(position.us, position.them)) std::cout << "  " << t.text << "  " << value_text(t.wdl, t.depth) << "\n";
  });
}

}  // namespace tsivy::cli
