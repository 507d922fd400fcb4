// --board RxC: every board is its own build of tsivy (game/geometry.h), the others
// named tsivy-RxC and kept beside this one. The command line is read for --board
// before anything else; another board's command line is handed to that build.
#pragma once

#include <CLI/CLI.hpp>

namespace tsivy::cli {

// When argv asks for a board other than this build's, runs that board's build with
// the same arguments (and does not return); throws std::invalid_argument for a
// malformed board or one this installation was not built for.
void run_the_board_build_if_asked(int argc, char** argv);

// --board on a subcommand: documents the option; by the time the command is parsed
// it can only name this build's board.
void add_board_option(CLI::App& command);

}  // namespace tsivy::cli
