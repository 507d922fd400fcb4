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

#include "cli/checked_tables.h"
#include "cli/commands.h"
#include "cli/engine_protocol.h"
#include "cli/memory_size.h"
#include "game/notation.h"
#include "search/certificate.h"
#include "search/prover.h"
#include "solver/resource_usage.h"

namespace tsivy::cli {
namespace {

struct ProveOptions {
  std::string fen, tables, memory = "256M", out = "proof", check;
  std::string max_nodes, save_every = "300", progress_every = "5";
  bool resume = false, quiet = false;
};

const char* colour_word(Colour c) { return c == Colour::White ? "White" : "Black"; }

double mib(std::uint64_t bytes) { return static_cast<double>(bytes) / (1u << 20); }

std::string claim_text(const search::Certificate& c) {
  return std::string(colour_word(c.side)) + (c.claim == search::Goal::wins ? " wins" : " does not lose");
}

void print_check(const std::filesystem::path& file, const search::Certificate& c, const search::CheckReport& r) {
  std::cout << file.string() << ": valid: " << claim_text(c) << " from " << format_position(c.root) << "; "
            << r.positions << " positions, " << r.replies << " replies, " << r.leaves << " leaves"
            << (c.leaf_stones ? " (tables up to " + std::to_string(c.leaf_stones) + " stones)" : " (no tables)");
  if (c.claim == search::Goal::wins) std::cout << ", at most " << r.max_bound << " turns of " << colour_word(c.side) << " to the end";
  std::cout << "; " << std::filesystem::file_size(file) << " bytes\n";
}

void run_check(const ProveOptions& o) {
  const search::Certificate c = search::read_certificate(o.check);
  const std::unique_ptr<TableLookup> tables = o.tables.empty() ? nullptr : open_checked_tables(o.tables);
  search::CheckReport report;
  try {
    report = search::check_certificate(c, tables.get());
  } catch (const search::CertificateError& e) {
    throw search::CertificateError(o.check + ": does not hold: " + e.what());
  }
  print_check(o.check, c, report);
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
    print_check(file, c, search::check_certificate(c, tables.get()));
  }
  std::printf("Nodes %" PRIu64 ", time %.1f s, peak memory %.0f MiB (proof table %.0f MiB)\n", p.nodes, p.seconds,
              mib(resource_usage().peak_rss_bytes), mib(p.memory_bytes));
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
  cmd->callback([o] {
    if (!o->check.empty()) {
      if (!o->fen.empty() || o->resume || !o->max_nodes.empty())
        throw std::invalid_argument("prove: --check takes only --tables");
      run_check(*o);
    } else {
      run_prove(*o);
    }
  });
}

}  // namespace tsivy::cli
