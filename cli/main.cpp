// The `tsivy` command: generate, probe and check Fanorona endgame tables.
#include <algorithm>
#include <exception>
#include <thread>
#include <iostream>

#include "cli/board_dispatch.h"
#include "cli/commands.h"
#include "cli/isa_dispatch.h"
#include "game/geometry.h"
#include "tsivy/tsivy.h"

namespace tsivy::cli {

void add_threads_option(CLI::App& command, unsigned& threads) {
  threads = std::max(1u, std::thread::hardware_concurrency());
  command.add_option("--threads", threads, "Worker threads (default: all cores)")->check(CLI::Range(1u, 1024u));
}

}  // namespace tsivy::cli

int main(int argc, char** argv) {
  CLI::App app{"tsivy: Fanorona endgame tablebases (positions in the notation of docs/notation.md)"};
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       [] {
                         return std::string("tsivy ") + TSIVY_VERSION_STRING + ", board " + tsivy::board_name() +
                                ", instruction set " + tsivy::cli::isa_description();
                       },
                       "Print the version, the board and the instruction set of this build, then exit");
  tsivy::cli::add_moves_command(app);
  tsivy::cli::add_perft_command(app);
  tsivy::cli::add_generate_command(app);
  tsivy::cli::add_verify_command(app);
  tsivy::cli::add_stats_command(app);
  tsivy::cli::add_probe_command(app);
  tsivy::cli::add_play_command(app);
  tsivy::cli::add_info_command(app);
  tsivy::cli::add_serve_command(app);
  tsivy::cli::add_plan_command(app);
  tsivy::cli::add_solve_command(app);
  tsivy::cli::add_search_command(app);
  tsivy::cli::add_engine_command(app);
  tsivy::cli::add_prove_command(app);
  // --board before the subcommand or after it: both pick the build (board_dispatch.h).
  tsivy::cli::add_board_option(app);
  for (CLI::App* command : app.get_subcommands({})) tsivy::cli::add_board_option(*command);
  try {
    tsivy::cli::run_the_board_build_if_asked(argc, argv);
    // After the board's: another board's build makes its own choice.
    tsivy::cli::run_the_best_isa_build(argv);
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    // Every command reports bad input by throwing; the user gets one line and a non-zero exit.
    std::cerr << "tsivy: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
