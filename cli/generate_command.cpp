#include <iostream>

#include "cli/commands.h"
#include "solver/generate.h"

namespace tsivy::cli {

void add_generate_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("generate",
                                 "Solve every class with 2..N stones by retrograde analysis and write WDL and depth "
                                 "tables plus manifest.json to DIR; re-running resumes at the first unfinished class");
  auto options = std::make_shared<GenerateOptions>();
  auto quiet = std::make_shared<bool>(false);
  auto out = std::make_shared<std::string>();
  cmd->add_option("--max-stones", options->max_stones, "Largest total number of stones")->required();
  cmd->add_option("--out", *out, "Table directory (created if missing)")->required();
  add_threads_option(*cmd, options->threads);
  cmd->add_flag("--quiet", *quiet, "No progress or summary on stderr");
  cmd->callback([options, quiet, out] {
    options->out = *out;
    options->log = *quiet ? nullptr : &std::cerr;
    generate_tables(*options);
  });
}

}  // namespace tsivy::cli
