#include <iostream>

#include "cli/commands.h"
#include "runtime/communicator.h"
#include "solver/generate.h"

namespace tsivy::cli {

void add_generate_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("generate",
                                 "Solve every class with 2..N stones by retrograde analysis and write WDL and depth "
                                 "tables plus manifest.json to DIR, and each class's value files (every value, capture "
                                 "positions included) to DIR/values, from which larger classes are seeded without "
                                 "searching; re-running resumes at the first unfinished class. Runs alone or under "
                                 "mpirun/srun (one rank per process, --threads in each)");
  auto options = std::make_shared<GenerateOptions>();
  auto quiet = std::make_shared<bool>(false);
  auto out = std::make_shared<std::string>();
  cmd->add_option("--max-stones", options->max_stones, "Largest total number of stones")->required();
  cmd->add_option("--out", *out, "Table directory (created if missing)")->required();
  add_threads_option(*cmd, options->solve.threads);
  cmd->add_flag("--quiet", *quiet, "No progress or summary on stderr");
  cmd->add_option("--checkpoint-every", options->solve.checkpoint_every,
                  "Save the working state every SECONDS (at a depth-step boundary) in DIR/.checkpoint, each rank its "
                  "slice; a run started again with the same rank count resumes from it")
      ->check(CLI::NonNegativeNumber);
  // For tests and measurements: a thread's round of updates for every pair, instead of
  // one sized by the rank's share of each pair (solver/pair_solver.h,
  // default_updates_per_round); small values force many exchange rounds per depth step.
  cmd->add_option("--updates-per-round", options->solve.updates_per_round)->check(CLI::PositiveNumber)->group("");
  cmd->callback([options, quiet, out] {
    options->out = *out;
    options->log = *quiet ? nullptr : &std::cerr;
    // MPI only when a process manager started us (runtime/communicator.h), so a plain
    // run needs no MPI runtime at all.
    const std::unique_ptr<Communicator> comm = make_communicator();
    options->comm = comm.get();
    try {
      generate_tables(*options);
    } catch (const std::exception& e) {
      // The other ranks may be waiting in a collective: end the whole job.
      if (comm->size() > 1) comm->abort(e.what(), 1);
      throw;
    }
  });
}

}  // namespace tsivy::cli
