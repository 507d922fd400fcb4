// What the programs that learn from self-play games (bench/selfplay, bench/spsa_tune)
// share around the game itself: their common flags and their tables.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "bench/self_play_game.h"

namespace tsivy::search {

struct SelfPlaySettings {
  SelfPlayRules rules;
  std::uint64_t seed = 1;
  int jobs = 1;
  std::string tables;
};

// The flags of `settings`; `unit` is what the program plays ("game", or "pair" of games).
inline void add_self_play_flags(CLI::App& app, SelfPlaySettings& settings, const std::string& unit) {
  SelfPlayRules& rules = settings.rules;
  app.add_option("--nodes", rules.nodes, "node limit of each searched turn")->check(CLI::PositiveNumber);
  app.add_option("--random-turns", rules.random_turns, "each " + unit + " opens with 1 to this many random turns")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-turns", rules.max_turns, "a game still going after this many turns is a draw")
      ->check(CLI::PositiveNumber);
  app.add_option("--seed", settings.seed, unit + " k is played from seed + k");
  app.add_option("--jobs", settings.jobs, unit + "s played at once")->check(CLI::Range(1, 256));
  app.add_option("--tables", settings.tables, "a table directory: games end with its value once it covers them")
      ->check(CLI::ExistingDirectory);
}

// The tables of `settings` (none when it names none), set in its rules.
inline std::unique_ptr<TableLookup> open_self_play_tables(SelfPlaySettings& settings) {
  if (settings.tables.empty()) return nullptr;
  auto tables = std::make_unique<TableLookup>(TableDirectory::open(settings.tables));
  settings.rules.tables = tables.get();
  settings.rules.max_stones = tables->listing().max_complete_stones();
  return tables;
}

}  // namespace tsivy::search
