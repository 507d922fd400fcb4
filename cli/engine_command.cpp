// `tsivy engine`: the engine protocol (docs/engine.md) on stdin and stdout.
#include <iostream>
#include <string>

#include "cli/checked_tables.h"
#include "cli/commands.h"
#include "cli/engine_protocol.h"
#include "cli/hash_budget.h"
#include "cli/engine_session.h"

namespace tsivy::cli {

void add_engine_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("engine", "Play through the engine protocol on stdin and stdout (docs/engine.md)");
  auto dir = std::make_shared<std::string>();
  auto hash = std::make_shared<std::string>("64");
  auto threads = std::make_shared<std::string>("1");
  cmd->add_option("--tables", *dir, "Table directory for the search's leaves and the root (the Tables option; default none)")->type_name("DIR");
  cmd->add_option("--hash", *hash, "Transposition table in MiB, 1 to 65536 (the Hash option)")->type_name("MB")->default_str("64");
  cmd->add_option("--threads", *threads, "Threads of each search, 1 to 256, sharing the transposition table (the Threads option)")
      ->type_name("N")
      ->default_str("1");
  cmd->callback([dir, hash, threads] {
    const auto mib = static_cast<std::size_t>(command_line_number(*hash, 1, protocol::kMaxHashMib, "engine", "--hash"));
    const int thread_count = static_cast<int>(command_line_number(*threads, 1, search::kMaxThreads, "engine", "--threads"));
    check_hash_fits(mib, 0);
    // A bad directory on the command line ends the command, as for every other one; the
    // same directory through setoption is an error line and the engine keeps running.
    EngineSession session(std::cout, mib, dir->empty() ? nullptr : open_checked_tables(*dir), *dir, thread_count);
    std::string line;
    while (std::getline(std::cin, line))
      if (!session.handle(line)) return;
    session.finish();  // end of input: as quit
  });
}

}  // namespace tsivy::cli
