// `tsivy prove`: a position's value (the start by default) proved by proof-number
// search with the tables at its leaves, each answer with a certificate that the
// command then checks; `tsivy prove --check FILE` checks a certificate on its own
// (docs/prover.md).
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/checked_tables.h"
#include "cli/commands.h"
#include "cli/engine_protocol.h"
#include "cli/memory_size.h"
#include "game/notation.h"
#include "search/certificate.h"
#include "search/certificate_pruning.h"
#include "search/frontier.h"
#include "search/prover.h"
#include "runtime/resource_usage.h"

namespace tsivy::cli {
namespace {

struct ProveOptions {
  std::string fen, tables, memory = "256M", out = "proof", check;
  std::string max_nodes, save_every = "300", progress_every = "5";
  bool resume = false, quiet = false;
  // A proof in pieces (search/frontier.h).
  std::string frontier, claim, budget = "1000000", seconds, stop_after, runs, lease = "120";
  bool status = false;
  std::vector<std::string> prune;
};

const char* colour_word(Colour c) { return c == Colour::White ? "White" : "Black"; }

double mib(std::uint64_t bytes) { return static_cast<double>(bytes) / (1u << 20); }

std::string claim_text(const search::Certificate& c) {
  return std::string(colour_word(c.side)) + (c.claim == search::Goal::wins ? " wins" : " does not lose");
}

void print_check(const std::filesystem::path& file, const search::Certificate& c, const search::CheckReport& r) {
  std::cout << file.string() << ": valid: " << claim_text(c) << " from " << format_position(c.root) << "; ";
  if (r.certificates > 1) std::cout << r.certificates << " certificates, ";
  std::cout << r.positions << " positions, " << r.replies << " replies, " << r.leaves << " leaves"
            << (c.leaf_stones ? " (tables up to " + std::to_string(c.leaf_stones) + " stones)" : " (no tables)");
  if (c.claim == search::Goal::wins) std::cout << ", at most " << r.max_bound << " turns of " << colour_word(c.side) << " to the end";
  std::cout << "; " << std::filesystem::file_size(file) << " bytes";
  if (r.certificates > 1) std::cout << " (" << r.bytes << " in all)";
  std::cout << "\n";
}

void run_check(const ProveOptions& o) {
  const search::Certificate c = search::read_certificate(o.check);
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  search::CheckReport report;
  try {
    report = search::CertificateChecker(tables.get()).check_file(o.check);
  } catch (const search::CertificateError& e) {
    throw search::CertificateError(o.check + ": does not hold: " + e.what());
  }
  print_check(o.check, c, report);
}

// Prunes certificates in place (search/certificate_pruning.h): each pruned one is checked
// before it replaces the file, and a file that does not hold is left as it is.
void run_prune(const ProveOptions& o) {
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  search::CertificateChecker checker(tables.get());
  std::size_t before_total = 0, after_total = 0;
  for (const std::string& name : o.prune) {
    const std::filesystem::path file(name);
    search::Certificate c = search::read_certificate(file);
    if (c.leaf_stones && !tables)
      throw std::invalid_argument(name + ": its leaves are positions of up to " + std::to_string(c.leaf_stones) +
                                  " stones: --tables is needed to prune it");
    try {
      checker.check(c, file.parent_path());
    } catch (const search::CertificateError& e) {
      throw search::CertificateError(name + ": does not hold, not pruned: " + e.what());
    }
    const std::uintmax_t bytes_before = std::filesystem::file_size(file);
    const search::PruneReport r = search::prune_certificate(
        c, [&](const Position& p) { return search::certificate_leaf_value(p, c.leaf_stones, tables.get()); });
    checker.check(c, file.parent_path());  // a CertificateError here is a bug of the pruning: nothing is written
    if (r.positions_after < r.positions_before) search::write_certificate(file, c);
    const std::uintmax_t bytes_after = std::filesystem::file_size(file);
    before_total += bytes_before;
    after_total += bytes_after;
    std::cout << name << ": " << r.positions_before << " -> " << r.positions_after << " positions (" << r.turns_changed
              << " turns changed), " << bytes_before << " -> " << bytes_after << " bytes\n";
  }
  if (o.prune.size() > 1)
    std::cout << o.prune.size() << " certificates: " << before_total << " -> " << after_total << " bytes\n";
}

void print_progress(const search::ProverProgress& p) {
  std::fprintf(stderr,
               "phase %d (%s %s): nodes %" PRIu64 "  root pn %u dn %u  %.0f nodes/s  table hits %" PRIu64
               "  memory %.0f MiB of %.0f MiB (%" PRIu64 " entries)  first turns %d: %d proved, %d disproved  %.0f s\n",
               p.phase, colour_word(p.attacker), search::goal_name(p.goal), p.nodes, p.root.pn, p.root.dn, p.nodes_per_second,
               p.table_hits, mib(p.entries * sizeof(search::ProofEntry)), mib(p.memory_bytes), p.entries, p.first_turns.turns,
               p.first_turns.proved, p.first_turns.disproved, p.seconds);
}

void run_prove(const ProveOptions& o) {
  search::ProverOptions options;
  options.root = o.fen.empty() ? start_position() : parse_position(o.fen);
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  if (tables && tables->listing().max_complete_stones() == 0)
    throw std::invalid_argument("prove: " + o.tables + " holds no complete set of classes (every class up to some stones)");
  options.tables = tables.get();
  options.memory_bytes = parse_memory_size(o.memory, "--memory");
  if (options.memory_bytes < (1u << 20)) throw std::invalid_argument("prove: --memory must be at least 1M");
  options.out = o.out;
  options.resume = o.resume;
  if (!o.max_nodes.empty())
    options.max_nodes = static_cast<std::uint64_t>(command_line_number(o.max_nodes, 1, std::numeric_limits<std::int64_t>::max(), "prove", "--max-nodes"));
  options.save_every = std::chrono::seconds(command_line_number(o.save_every, 1, 1000000, "prove", "--save-every"));
  options.progress_every = std::chrono::seconds(command_line_number(o.progress_every, 1, 1000000, "prove", "--progress-every"));
  if (!o.quiet) {
    options.on_progress = print_progress;
    options.log = [](const std::string& line) { std::cerr << "prove: " << line << "\n"; };
  }

  const search::ProverResult result = search::run_prover(options);
  const search::ProverProgress& p = result.last;
  if (!result.finished) {
    std::cout << "Unsettled after " << p.nodes << " nodes (" << static_cast<int>(p.seconds) << " s): phase " << p.phase << " ("
              << colour_word(p.attacker) << " " << search::goal_name(p.goal) << "), root pn " << p.root.pn << " dn " << p.root.dn
              << "; state saved in " << search::prover_state_file(o.out).string() << ", --resume continues\n";
    return;
  }
  std::cout << board_name() << " " << format_position(options.root) << ": " << to_string(result.value) << " for the side to move ("
            << colour_word(options.root.to_move) << ")"
            << (tables ? ", tables up to " + std::to_string(tables->listing().max_complete_stones()) + " stones" : ", no tables")
            << "\n";
  for (const std::filesystem::path& file : result.certificates) {
    const search::Certificate c = search::read_certificate(file);
    print_check(file, c, search::CertificateChecker(tables.get()).check_file(file));
  }
  std::printf("Nodes %" PRIu64 ", time %.1f s, peak memory %.0f MiB (proof table %.0f MiB)\n", p.nodes, p.seconds,
              mib(resource_usage().peak_rss_bytes), mib(p.memory_bytes));
}

// "white-does-not-lose" and the like.
std::pair<Colour, search::Goal> parse_claim(const std::string& text) {
  for (Colour side : {Colour::White, Colour::Black})
    for (search::Goal goal : {search::Goal::wins, search::Goal::does_not_lose}) {
      const std::string name = std::string(side == Colour::White ? "white-" : "black-") + search::goal_name(goal);
      if (text == name) return {side, goal};
    }
  throw std::invalid_argument("prove: --claim must be white-wins, white-does-not-lose, black-wins or black-does-not-lose, not '" +
                              printable(text) + "'");
}

void run_frontier(const ProveOptions& o) {
  const std::filesystem::path dir = o.frontier;
  if (o.status) {
    std::cout << search::frontier_status(dir);
    return;
  }
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  const search::FrontierFiles files(dir);
  if (!files.exists()) {
    if (o.claim.empty())
      throw std::invalid_argument("prove: " + dir.string() + " holds no frontier yet: --claim (e.g. white-does-not-lose) begins one");
    const auto [side, goal] = parse_claim(o.claim);
    const Position root = o.fen.empty() ? start_position() : parse_position(o.fen);
    search::create_frontier(dir, root, side, goal, tables.get());
    if (!o.quiet) std::cerr << "prove: began the frontier " << dir.string() << "\n";
  } else {
    const search::FrontierHeader h = files.header();
    if (!o.fen.empty() && parse_position(o.fen) != h.root)
      throw std::invalid_argument("prove: the frontier " + dir.string() + " proves from " + format_position(h.root) + ", not --fen");
    if (!o.claim.empty() && parse_claim(o.claim) != std::pair{h.side, h.claim})
      throw std::invalid_argument("prove: the frontier " + dir.string() + " claims " + std::string(colour_word(h.side)) + " " +
                                  search::goal_name(h.claim) + ", not --claim " + o.claim);
  }
  search::FrontierOptions options;
  options.dir = dir;
  options.tables = tables.get();
  options.memory_bytes = parse_memory_size(o.memory, "--memory");
  if (options.memory_bytes < (1u << 20)) throw std::invalid_argument("prove: --memory must be at least 1M");
  const auto limit = std::numeric_limits<std::int64_t>::max();
  options.budget_nodes = static_cast<std::uint64_t>(command_line_number(o.budget, 0, limit, "prove", "--budget"));
  if (!o.seconds.empty()) options.budget_seconds = static_cast<double>(command_line_number(o.seconds, 1, 100000000, "prove", "--seconds"));
  if (options.budget_nodes == 0 && options.budget_seconds == 0)
    throw std::invalid_argument("prove: a subproblem needs a budget: --budget N (nodes) or --seconds S");
  if (!o.stop_after.empty())
    options.stop_after_seconds = static_cast<double>(command_line_number(o.stop_after, 1, 100000000, "prove", "--stop-after"));
  if (!o.runs.empty()) options.stop_after_runs = static_cast<std::uint64_t>(command_line_number(o.runs, 1, limit, "prove", "--runs"));
  options.claim_lease = std::chrono::seconds(command_line_number(o.lease, 2, 1000000, "prove", "--lease"));
  if (!o.quiet) options.log = [](const std::string& line) { std::cerr << "prove: " << line << "\n"; };
  const search::FrontierRunReport report = search::work_on_frontier(options);
  std::printf("This run: %zu df-pn runs, %zu settled, %zu expanded, %" PRIu64 " nodes in %.0f s (%.0f nodes/s)\n", report.runs,
              report.settled, report.expanded, report.nodes, report.seconds,
              report.seconds > 0 ? static_cast<double>(report.nodes) / report.seconds : 0.0);
  std::cout << search::frontier_status(dir);
  if (const std::filesystem::path root = search::frontier_root_certificate(dir); !root.empty()) {
    const search::Certificate c = search::read_certificate(root);
    print_check(root, c, search::CertificateChecker(tables.get()).check_file(root));
  }
}

}  // namespace

void add_prove_command(CLI::App& app) {
  auto o = std::make_shared<ProveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "prove", "Prove a position's value (the start by default) by proof-number search, with certificates; or check one");
  cmd->add_option("--fen", o->fen, "The position (default: the start)");
  cmd->add_option("--tables", o->tables, "Table directory: positions it covers are leaves (default: none)")->type_name("DIR");
  cmd->add_option("--memory", o->memory, "The proof table's memory, e.g. 512M, 4G")->type_name("SIZE")->default_str("256M");
  cmd->add_option("--out", o->out, "Directory for the certificates and the saved state")->type_name("DIR")->default_str("proof");
  cmd->add_flag("--resume", o->resume, "Continue the proof whose state --out holds");
  cmd->add_option("--check", o->check, "Check this certificate (with --tables when it has table leaves) and prove nothing")->type_name("FILE");
  cmd->add_option("--max-nodes", o->max_nodes, "Stop after this many nodes, saving the state (default: no limit)")->type_name("N");
  cmd->add_option("--save-every", o->save_every, "Seconds between saves of the state")->type_name("S")->default_str("300");
  cmd->add_option("--progress-every", o->progress_every, "Seconds between progress lines")->type_name("S")->default_str("5");
  cmd->add_flag("--quiet", o->quiet, "No progress lines");
  cmd->add_option("--frontier", o->frontier,
                  "A proof in pieces kept in this folder: begun with --claim, then worked on by any number of runs "
                  "(processes, ranks, array tasks) at once; each subproblem gets df-pn with a budget and is expanded a level "
                  "when that runs out")
      ->type_name("DIR");
  cmd->add_option("--claim", o->claim, "With --frontier, to begin one: white-does-not-lose, black-does-not-lose, white-wins or black-wins")
      ->type_name("CLAIM");
  cmd->add_option("--budget", o->budget, "With --frontier: nodes of a subproblem's df-pn run (doubled for each earlier run; 0: none)")
      ->type_name("N")
      ->default_str("1000000");
  cmd->add_option("--seconds", o->seconds, "With --frontier: seconds of a subproblem's df-pn run (default: no limit)")->type_name("S");
  cmd->add_option("--stop-after", o->stop_after, "With --frontier: stop this run after S seconds (default: when the root is settled)")
      ->type_name("S");
  cmd->add_option("--runs", o->runs, "With --frontier: stop this run after N df-pn runs")->type_name("N");
  cmd->add_option("--lease", o->lease,
                  "With --frontier: seconds a claim on a subproblem lasts unless renewed (a killed worker's is free after it)")
      ->type_name("S")
      ->default_str("120");
  cmd->add_flag("--status", o->status, "With --frontier: print where the proof stands and work on nothing");
  cmd->add_option("--prune", o->prune,
                  "Prune these certificates in place to a smaller strategy (with --tables when they have table leaves); "
                  "each is checked before and after, and rewritten only when smaller")
      ->type_name("FILE...");
  cmd->callback([o] {
    if (!o->frontier.empty()) {
      if (!o->check.empty() || o->resume || !o->max_nodes.empty() || !o->prune.empty())
        throw std::invalid_argument("prove: --frontier does not take --check, --prune, --resume or --max-nodes");
      run_frontier(*o);
    } else if (!o->claim.empty() || o->status || !o->seconds.empty() || !o->stop_after.empty() || !o->runs.empty()) {
      throw std::invalid_argument("prove: --claim, --status, --seconds, --stop-after and --runs go with --frontier");
    } else if (!o->prune.empty()) {
      if (!o->check.empty() || !o->fen.empty() || o->resume || !o->max_nodes.empty())
        throw std::invalid_argument("prove: --prune takes only --tables");
      run_prune(*o);
    } else if (!o->check.empty()) {
      if (!o->fen.empty() || o->resume || !o->max_nodes.empty())
        throw std::invalid_argument("prove: --check takes only --tables");
      run_check(*o);
    } else {
      run_prove(*o);
    }
  });
}

}  // namespace tsivy::cli
