#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/commands.h"
#include "cli/memory_limit.h"
#include "cli/stats_json.h"
#include "game/notation.h"
#include "check/stats.h"

namespace tsivy::cli {

void add_stats_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("stats",
                                 "WIN/DRAW/LOSS counts per class (canonical positions and all raw positions), max "
                                 "depth with one deepest position (its FEN, for `tsivy play`) and depth histograms; "
                                 "class MvN has M stones for the side to move");
  auto dir = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_flag("--json", *json, "One JSON object per class per line");
  auto options = std::make_shared<StatsOptions>();
  add_threads_option(*cmd, options->threads);
  auto memory = std::make_shared<std::string>();
  add_memory_option(*cmd, *memory);
  cmd->add_flag("--resident", options->resident,
                "Hold the classes each pair's captures reach in memory (2 bytes a slot; one or two 7-stone classes "
                "at 8 stones) even where that exceeds --memory, so capture positions are resolved by array reads. "
                "Without it, stats does so for each pair that fits --memory");
  auto no_value_files = std::make_shared<bool>(false);
  cmd->add_flag("--no-value-files", *no_value_files,
                "Count every class as readers see the tables (capture positions resolved by search), even where "
                "`tsivy generate` left value files (DIR/values/), which stats otherwise reads: they hold every "
                "position's value, so nothing is searched");
  cmd->callback([dir, json, options, memory, no_value_files] {
    options->value_files = !*no_value_files;
    options->log = &std::cerr;
    options->memory = memory_limit(*memory);
    // Each class's line as soon as it is counted: at 8 stones a class takes minutes.
    options->on_class = [json, header = !*json](const ClassStats& s) mutable {
      if (header)
        std::cout << "class  canonical: win / draw / loss            raw: win / draw / loss                    max depth  deepest\n";
      header = false;
      if (*json) {
        std::cout << class_stats_json(s).dump() << "\n" << std::flush;
        return;
      }
      const nlohmann::json deepest = deepest_fen(s);
      char line[300];
      std::snprintf(line, sizeof line, "%-5s  %10llu %10llu %10llu   %12llu %12llu %12llu   %5d      %s\n",
                    to_string(s.material).c_str(), static_cast<unsigned long long>(s.canonical[2]),
                    static_cast<unsigned long long>(s.canonical[1]), static_cast<unsigned long long>(s.canonical[0]),
                    static_cast<unsigned long long>(s.raw[2]), static_cast<unsigned long long>(s.raw[1]),
                    static_cast<unsigned long long>(s.raw[0]), s.max_depth,
                    deepest.is_null() ? "-" : deepest.get<std::string>().c_str());
      std::cout << line << std::flush;
    };
    table_stats(TableDirectory::open(*dir), *options);
  });
}

}  // namespace tsivy::cli
