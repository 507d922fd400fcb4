// One function per `tsivy` subcommand; each registers its options and its action.
#pragma once

#include <CLI/CLI.hpp>

namespace tsivy::cli {

// --threads, defaulting to every core, shared by the commands that scan tables.
void add_threads_option(CLI::App& command, unsigned& threads);

void add_moves_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_probe_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_plan_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_search_command(CLI::App& app);
void add_engine_command(CLI::App& app);
void add_prove_command(CLI::App& app);

}  // namespace tsivy::cli
