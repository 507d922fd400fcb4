#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/memory_limit.h"
#include "cli/memory_size.h"
#include "cli/stats_json.h"
#include "io/atomic_file.h"
#include "runtime/communicator.h"
#include "check/verify.h"

namespace tsivy::cli {

void add_verify_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("verify",
                                 "Re-check every value by forward search one turn deep: each class's value files "
                                 "(DIR/values, capture positions included) against their successors' values, smallest "
                                 "class first, and the table files' entries against the value files; plus file "
                                 "checksums and value counts. Where a class's value files are missing, not the size the "
                                 "manifest lists or damaged, that class's table files are checked against their "
                                 "successors as before, values resolved by search. Exits 1 on any mismatch");
  auto options = std::make_shared<VerifyOptions>();
  auto dir = std::make_shared<std::string>();
  auto only = std::make_shared<std::vector<std::string>>();
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--class", *only,
                  "Only this class, e.g. 3v2 (3 stones for the side to move); repeat for several. The value "
                  "files of the classes left out (the smaller ones, a mirror class not named) are then trusted "
                  "as verified by an earlier run");
  auto memory = std::make_shared<std::string>();
  add_memory_option(*cmd, *memory);
  cmd->add_flag("--resident", options->resident,
                "Hold the pair being verified and the classes its captures reach in memory (2 bytes a slot "
                "on every rank: 12.7 GiB for 3v5+5v3) even where that exceeds --memory. Without it, verify does "
                "so for each pair that fits --memory, and reads a pair that does not from the table files "
                "(slower: capture positions resolved by search, its value files not checked)");
  add_threads_option(*cmd, options->threads);
  cmd->add_option("--max-reported", options->max_reported, "Mismatches printed per class (all are counted)");
  auto stats_file = std::make_shared<std::string>();
  cmd->add_option("--stats-json", *stats_file,
                  "Also write each verified class's statistics to this file, one JSON line per class as "
                  "`tsivy stats --json` prints them, from the same scan (at 8 stones, instead of a second pass)");
  auto cache = std::make_shared<std::string>("1G");
  cmd->add_option("--cache", *cache,
                  "Decompressed blocks kept for the successors' lookups, e.g. 12G. Verify runs fastest when "
                  "the mirror class and the classes one stone smaller fit (3 bytes a slot)")
      ->capture_default_str();
  cmd->callback([options, dir, only, cache, memory, stats_file] {
    options->cache_bytes = parse_memory_size(*cache, "--cache");
    options->memory = memory_limit(*memory);
    for (const std::string& text : *only) options->only.push_back(parse_material(text));
    options->tables = TableDirectory::open(*dir);  // after the options: a bad option is said first
    options->log = &std::cerr;
    options->errors = &std::cout;
    // Under mpirun every rank checks its share of each class (as generate divides it).
    const std::unique_ptr<Communicator> comm = make_communicator();
    options->comm = comm.get();
    std::vector<ClassStats> stats;
    if (!stats_file->empty()) options->stats = &stats;
    VerifyResult result;
    try {
      result = verify_tables(*options);
    } catch (const std::exception& e) {
      // The other ranks may wait in a collective: end the whole job, naming the cause.
      if (comm->size() > 1) comm->abort(e.what(), 1);
      throw;
    }
    if (comm->is_root() && !stats_file->empty()) {
      // Whole or not at all.
      std::string lines;
      for (const ClassStats& s : stats) lines += class_stats_json(s).dump() + "\n";
      io::write_text_atomically(*stats_file, lines);
    }
    if (comm->is_root())
      std::cout << "verified " << result.classes << " classes, " << result.positions << " positions: "
                << result.mismatches << " mismatches\n";
    // Every rank has the summed counts; rank 0 alone reports (mpirun passes its exit code on).
    if (result.mismatches && comm->is_root()) throw std::runtime_error("verification failed");
  });
}

}  // namespace tsivy::cli
