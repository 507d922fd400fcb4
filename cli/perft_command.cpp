#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "game/notation.h"
#include "game/perft.h"

namespace tsivy::cli {

void add_perft_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count turn sequences and distinct positions for every depth 1..N");
  auto fen = std::make_shared<std::string>();
  auto depth = std::make_shared<int>(0);
  auto json = std::make_shared<bool>(false);
  // The start of the board of this build (5x9 unless --board says otherwise).
  cmd->add_option("--fen", *fen, "Root position (default: the start position of the board)")
      ->default_val(format_position(start_position()));
  cmd->add_option("--depth", *depth, "Deepest level, in turns")->required()->check(CLI::Range(1, 64));
  cmd->add_flag("--json", *json, "One JSON object per depth: {\"depth\": d, \"turns\": T, \"positions\": P}");
  cmd->callback([fen, depth, json] {
    const Position root = parse_position(*fen);
    const auto start = std::chrono::steady_clock::now();
    for (const PerftLevel& level : perft(root, *depth)) {
      if (*json)
        std::cout << nlohmann::json{{"depth", level.depth}, {"turns", level.turns}, {"positions", level.positions}}.dump() << "\n";
      else
        std::cout << "depth " << level.depth << "  turns " << level.turns << "  positions " << level.positions << "\n";
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (!*json) std::cerr << "perft: " << elapsed.count() << " s\n";
  });
}

}  // namespace tsivy::cli
