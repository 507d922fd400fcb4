// `tsivy solve`: the whole game of a small board. Generates every class the start's
// material can reach (check/reachable.h says which boards fit), then gives the start's
// value with its principal line (as `tsivy play`), and counts the positions reachable
// from the start by legal play with their values (check/reachable.h).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "check/reachable.h"
#include "cli/commands.h"
#include "cli/probe_output.h"
#include "game/notation.h"
#include "indexing/material_index.h"
#include "serve/probe_json.h"
#include "solver/generate.h"
#include "runtime/resource_usage.h"

namespace tsivy::cli {
namespace {

struct SolveCommandOptions {
  std::string out;
  unsigned threads = 1;
  bool json = false;
  bool quiet = false;
  int max_turns = 1000;
  bool count_only = false;
};

double seconds_since(std::chrono::steady_clock::time_point began) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

// Positions of every class of the game (stones of the side to move, of the opponent),
// symmetric images apart: C(P, m) * C(P - m, n) summed, in floating point as on 5x9 it
// does not fit 64 bits.
double positions_of_the_game() {
  const auto choose = [](int n, int k) { return std::round(std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0))); };
  double total = 0;
  for (int m = 1; m <= kStonesPerSide; ++m)
    for (int n = 1; n <= kStonesPerSide; ++n) total += choose(kPoints, m) * choose(kPoints - m, n);
  return total;
}

std::string scientific(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", x);
  return text;
}

[[noreturn]] void refuse_large_board() {
  throw std::invalid_argument(
      "solve: the whole game of the " + board_name() + " board has " + scientific(positions_of_the_game()) +
      " positions (" + scientific(positions_of_the_game() / kSymmetries) + " up to symmetry) in classes up to " +
      std::to_string(2 * kStonesPerSide) + " stones: too many to solve and to count the reachable ones of here (solve "
      "handles boards of at most " + std::to_string(kReachableMaxPoints) + " points). `tsivy --board " + board_name() +
      " generate --max-stones N --out DIR` solves every class up to N stones (see `tsivy plan` for what N costs), and "
      "`tsivy probe`, `play` and `stats` read them");
}

std::string outcome_counts(const ReachableCount& count) {
  std::ostringstream out;
  out << count.by_outcome[static_cast<int>(Outcome::win)] << " wins, "
      << count.by_outcome[static_cast<int>(Outcome::draw)] << " draws, "
      << count.by_outcome[static_cast<int>(Outcome::loss)] << " losses";
  return out.str();
}

// --count-only: the reachable positions without tables or values.
void count_only(const SolveCommandOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  ReachableOptions reachable_options;
  reachable_options.threads = options.threads;
  reachable_options.log = options.quiet ? nullptr : &std::cerr;
  const ReachableCount reached = count_reachable(reachable_options);
  std::cout << board_name() << ": " << reached.positions
            << " positions reachable from the start by legal play (stones and colour to move; symmetric images "
               "counted apart), "
            << reached.up_to_symmetry << " counting the images under the board's " << kSymmetries
            << " symmetries once; " << reached.game_over << " of them with the game over\n";
  std::printf("Time: %.1f s; peak memory %.2f GiB\n", seconds_since(began),
              static_cast<double>(resource_usage().peak_rss_bytes) / (1u << 30));
}

void run_solve(const SolveCommandOptions& options) {
  if constexpr (!kReachableFits) refuse_large_board();
  if (options.count_only) return count_only(options);
  const auto began = std::chrono::steady_clock::now();
  GenerateOptions generate;
  generate.max_stones = 2 * kStonesPerSide;
  generate.out = options.out;
  generate.solve.threads = options.threads;
  generate.log = options.quiet ? nullptr : &std::cerr;
  generate_tables(generate);
  const double solving = seconds_since(began);

  const Position start = start_position();
  const Tables tables(options.out);

  const auto counting_began = std::chrono::steady_clock::now();
  ReachableOptions reachable_options;
  reachable_options.threads = options.threads;
  reachable_options.tables = TableDirectory::open(options.out);
  reachable_options.log = options.quiet ? nullptr : &std::cerr;
  const ReachableCount reached = count_reachable(reachable_options);
  const double counting = seconds_since(counting_began);
  const double peak_gib = static_cast<double>(resource_usage().peak_rss_bytes) / (1u << 30);

  if (options.json) {
    nlohmann::json out;
    out["board"] = board_name();
    out["tables"] = options.out;
    out["start"] = serve::line_json(tables, start, options.max_turns);
    out["reachable"] = {{"positions", reached.positions},
                        {"symmetric_images_counted", "apart"},
                        {"up_to_symmetry", reached.up_to_symmetry},
                        {"symmetries", kSymmetries},
                        {"game_over", reached.game_over},
                        {"wins", reached.by_outcome[static_cast<int>(Outcome::win)]},
                        {"draws", reached.by_outcome[static_cast<int>(Outcome::draw)]},
                        {"losses", reached.by_outcome[static_cast<int>(Outcome::loss)]},
                        {"classes_valued_by_search", reached.classes_from_lookup}};
    out["seconds"] = {{"solving", solving}, {"counting", counting}};
    out["peak_memory_bytes"] = resource_usage().peak_rss_bytes;
    std::cout << out.dump() << "\n";
    return;
  }

  const ProbeValue value = tables.probe(start.us, start.them);
  std::cout << board_name() << ": every class up to " << generate.max_stones << " stones solved in " << options.out
            << "\n";
  std::cout << "Start " << format_position(start) << ": " << value_text(value.wdl, value.depth)
            << " for the side to move (White)\n";
  const serve::PrincipalLine line = serve::principal_line(tables, start, options.max_turns);
  int n = 0;
  for (const serve::LineStep& step : line.steps)
    std::cout << "  " << ++n << ". " << step.turn.text << "  " << format_position(step.after) << "  "
              << value_text(step.value.wdl, step.value.depth) << "\n";
  if (line.end == serve::LineEnd::repetition) std::cout << "  (draw: the last position occurred for the third time)\n";
  if (line.end == serve::LineEnd::max_turns) std::cout << "  (stopped after " << options.max_turns << " turns)\n";
  std::cout << "Reachable from the start by legal play: " << reached.positions
            << " positions (stones and colour to move; symmetric images counted apart), " << reached.up_to_symmetry
            << " counting the images under the board's " << kSymmetries << " symmetries once; " << reached.game_over
            << " of them with the game over (the side to move has no stones)\n";
  std::cout << "Their values for the side to move: " << outcome_counts(reached) << " (from the value files";
  if (reached.classes_from_lookup > 0)
    std::cout << "; " << reached.classes_from_lookup << " classes without one resolved through the tables";
  std::cout << ")\n";
  std::printf("Time: %.1f s solving, %.1f s counting; peak memory %.2f GiB\n", solving, counting, peak_gib);
}

}  // namespace

void add_solve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Solve the whole game of a small board (at most " + std::to_string(kReachableMaxPoints) +
          " points: 3x3, 3x5, 5x3, 3x7, 7x3; with --board): generate every class the start's material reaches "
          "(resumable, as generate), then print the start's value and principal line, the number of positions "
          "reachable from the start by legal play (a position is the stones and the colour to move: the same "
          "stones with the other colour to move is another one; symmetric images are counted apart, and also "
          "once per symmetry class) and their wins, draws and losses for the side to move, read from the value "
          "files. Larger boards are refused: use generate --max-stones there");
  auto options = std::make_shared<SolveCommandOptions>();
  options->out = "tables-" + board_name();
  cmd->add_option("--out", options->out, "Table directory (created if missing; classes already there are kept)")
      ->capture_default_str();
  add_threads_option(*cmd, options->threads);
  cmd->add_flag("--json", options->json, "One JSON object on stdout: the start's value and line, the counts, the times");
  cmd->add_flag("--quiet", options->quiet, "No progress on stderr");
  cmd->add_option("--max-turns", options->max_turns, "Stop the principal line after this many turns")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_flag("--count-only", options->count_only,
                "Only count the positions reachable from the start: no tables, no values (--out unused)");
  cmd->callback([options] { run_solve(*options); });
}

}  // namespace tsivy::cli
