// `tsivy search`: the engine's search on one position, one line per iteration, then the
// turn it plays (docs/engine.md; the same lines as `tsivy engine` writes).
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <limits>
#include <optional>
#include <string>

#include "cli/checked_tables.h"
#include "cli/commands.h"
#include "cli/engine_protocol.h"
#include "cli/hash_budget.h"
#include "cli/search_text.h"
#include "game/notation.h"
#include "search/engine.h"

namespace tsivy::cli {
namespace {

struct SearchOptions {
  std::string fen, tables, hash = "64", threads = "1";
  std::optional<std::string> movetime, depth, nodes;
  bool json = false;
};

// The limits asked for; a search with none would never end, so none means 1 s.
search::Limits read_limits(const SearchOptions& o) {
  search::Limits limits;
  if (o.depth) limits.depth = static_cast<int>(command_line_number(*o.depth, 1, protocol::kMaxDepth, "search", "--depth"));
  if (o.nodes)
    limits.nodes = static_cast<std::uint64_t>(command_line_number(*o.nodes, 1, std::numeric_limits<std::int64_t>::max(), "search", "--nodes"));
  if (o.movetime)
    limits.movetime = std::chrono::milliseconds(command_line_number(*o.movetime, 1, protocol::kMaxMovetimeMs, "search", "--movetime"));
  if (!o.depth && !o.nodes && !o.movetime) limits.movetime = std::chrono::milliseconds(1000);
  return limits;
}

nlohmann::json iteration_json(const search::Iteration& it) {
  return {{"depth", it.depth},
          {"score", search::score_text(it.score)},
          {"nodes", it.nodes},
          {"nps", nodes_per_second(it.nodes, it.elapsed)},
          {"time_ms", milliseconds(it.elapsed)},
          {"pv", turn_texts(it.pv)}};
}

void run(const SearchOptions& o) {
  const Position root = parse_position(o.fen);
  const search::Limits limits = read_limits(o);
  const auto mib = static_cast<std::size_t>(command_line_number(o.hash, 1, protocol::kMaxHashMib, "search", "--hash"));
  check_hash_fits(mib, 0);
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  const int threads = static_cast<int>(command_line_number(o.threads, 1, search::kMaxThreads, "search", "--threads"));
  search::Engine engine(search::EngineOptions{.hash_mib = mib, .tables = tables.get(), .threads = threads});

  nlohmann::json iterations = nlohmann::json::array();
  std::optional<Move> iteration_turn;  // the last completed iteration's
  const search::SearchResult r = engine.search(root, {}, limits, [&](const search::Iteration& it) {
    if (!is_searched_iteration(it)) return;
    if (!it.pv.empty()) iteration_turn = it.pv.front();
    if (o.json)
      iterations.push_back(iteration_json(it));
    else
      std::cout << info_line(it).substr(5) << std::endl;  // as the engine's info line, without "info "
  });

  // The search went on without the tables; the user must know its answer is not theirs.
  if (!r.table_error.empty()) std::cerr << "tsivy: warning: a table file failed during the search, which went on without the tables: "
                                        << r.table_error << "\n";
  if (o.json) {
    nlohmann::json out = {{"fen", format_position(root)},
                          {"iterations", iterations},
                          {"best", r.best ? nlohmann::json(turn_text(*r.best)) : nlohmann::json(nullptr)},
                          {"score", search::score_text(r.score)},
                          {"depth", r.depth},
                          {"nodes", r.nodes},
                          {"nps", nodes_per_second(r.nodes, r.elapsed)},
                          {"time_ms", milliseconds(r.elapsed)},
                          {"pv", turn_texts(r.pv)},
                          {"tables", nullptr}};
    if (r.from_tables)
      out["tables"] = {{"wdl", outcome_word(r.table_value.outcome)},
                       {"depth", r.table_value.outcome == Outcome::draw ? nlohmann::json(nullptr) : nlohmann::json(r.table_value.depth)}};
    std::cout << out.dump() << "\n";
    return;
  }
  if (r.from_tables) std::cout << table_info_line(r).substr(5) << "\n";
  if (!r.best) {
    std::cout << "best none: the side to move has no turn, it has lost\n";
    return;
  }
  std::cout << "best " << turn_text(*r.best) << "  score " << search::score_text(r.score) << "  depth " << r.depth << "  nodes "
            << r.nodes << "  time " << milliseconds(r.elapsed) << " ms" << (r.from_tables ? "  (tables)" : "")
            << (iteration_turn && *iteration_turn != *r.best ? "  (the best so far of the iteration cut short)" : "") << "\n";
}

}  // namespace

void add_search_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("search", "Search a position with the engine: one line per iteration, then the best turn");
  auto o = std::make_shared<SearchOptions>();
  cmd->add_option("--fen", o->fen, "Position, e.g. the start \"" + format_position(start_position()) + "\"")->type_name("FEN")->required();
  cmd->add_option("--movetime", o->movetime, "Stop after MS milliseconds (the default, 1000, when no limit is given)")->type_name("MS");
  cmd->add_option("--depth", o->depth, "Stop after the iteration of this depth, in turns (1 to 128)")->type_name("D");
  cmd->add_option("--nodes", o->nodes, "Stop after this many nodes, counted once the first iteration is complete")->type_name("N");
  cmd->add_option("--tables", o->tables, "Table directory for the leaves and the root (default: none)")->type_name("DIR");
  cmd->add_option("--hash", o->hash, "Transposition table in MiB, 1 to 65536")->type_name("MB")->default_str("64");
  cmd->add_option("--threads", o->threads,
                  "Threads of the search, 1 to 256: they share the transposition table (Lazy SMP); with more than one, "
                  "a depth or node limit no longer gives the same result every time")
      ->type_name("N")
      ->default_str("1");
  cmd->add_flag("--json", o->json, "One JSON object: the iterations, the best turn, its score and the tables' value");
  cmd->callback([o] { run(*o); });
}

}  // namespace tsivy::cli
