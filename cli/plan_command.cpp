// `tsivy plan`: memory per rank, disk and core-time of `tsivy generate` on P ranks of T
// threads, pair by pair, from the model in solver/plan_model.h.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "cli/commands.h"
#include "cli/memory_size.h"
#include "solver/plan_model.h"

namespace tsivy::cli {
namespace {

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
  return text;
}

std::string size(std::uint64_t bytes) {
  char text[32];
  const double b = static_cast<double>(bytes);
  if (b >= 1024.0 * (1ull << 30)) std::snprintf(text, sizeof text, "%.1f TiB", b / (1ull << 40));
  else if (b >= 1ull << 30) std::snprintf(text, sizeof text, "%.2f GiB", b / (1ull << 30));
  else std::snprintf(text, sizeof text, "%.1f MiB", b / (1ull << 20));
  return text;
}

struct Totals {
  std::uint64_t slots = 0, canonical = 0, wdl_bytes = 0, depth_bytes = 0;
  double core_seconds = 0;
  const PairPlan* largest = nullptr;  // the pair with the highest peak per rank
};

Totals totals_of(const std::vector<PairPlan>& pairs) {
  Totals t;
  for (const PairPlan& p : pairs) {
    t.slots += p.slots, t.canonical += p.canonical, t.wdl_bytes += p.wdl_bytes, t.depth_bytes += p.depth_bytes;
    t.core_seconds += p.core_seconds;
    if (!t.largest || p.peak_bytes() > t.largest->peak_bytes()) t.largest = &p;
  }
  return t;
}

nlohmann::ordered_json pair_json(const PairPlan& p) {
  return {{"pair", p.name},
          {"slots", p.slots},
          {"canonical_estimate", p.canonical},
          {"working_bytes_per_rank", p.working_bytes},
          {"resident_bytes_per_rank", p.resident_bytes},
          {"updates_per_round", p.updates_per_round},
          {"buffer_bytes_per_rank", p.buffer_bytes},
          {"process_bytes_per_rank", p.process_bytes},
          {"peak_bytes_per_rank", p.peak_bytes()},
          {"wdl_bytes_on_disk", p.wdl_bytes},
          {"depth_bytes_on_disk", p.depth_bytes},
          {"core_hours", p.core_seconds / 3600}};
}

}  // namespace

void add_plan_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "plan",
      "What `tsivy generate --max-stones N` needs on P MPI ranks of T threads, per pair and in total: index slots, "
      "memory per rank (working state, the resident classes the pair's captures reach, update buffers), disk and core-hours (estimates "
      "from measured figures, printed with the plan)");
  auto request = std::make_shared<PlanRequest>();
  auto memory = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--max-stones", request->max_stones, "Largest total number of stones (2..10 on 5x9; on a small board up to the start's material)")->required();
  cmd->add_option("--ranks", request->ranks, "MPI ranks (processes) of the job (default 1)");
  cmd->add_option("--threads", request->threads, "Threads per rank, generate's --threads (default 1)");
  cmd->add_option("--memory-per-rank", *memory,
                  "Memory each rank may use: bytes, or with K, M, G, T or KiB, MiB, GiB, TiB (powers of 1024, as "
                  "Slurm's --mem); warns about every pair that does not fit and names the smallest rank count that does");
  cmd->add_flag("--json", *json, "One JSON object: the request, the measured figures used, every pair and the totals");
  // The generate option of the same name (for tests that run both). Without it, each
  // pair's round is the solver's default for the rank's share of the pair.
  cmd->add_option("--updates-per-round", request->updates_per_round)->check(CLI::PositiveNumber)->group("");
  cmd->callback([request, memory, json] {
    if (request->max_stones < 2 || request->max_stones > kMaxStones)
      throw std::invalid_argument("plan: --max-stones must be between 2 and " + std::to_string(kMaxStones));
    if (request->ranks < 1 || request->ranks > (1u << 20))
      throw std::invalid_argument("plan: --ranks must be between 1 and 1048576");
    if (request->threads < 1 || request->threads > 1024)
      throw std::invalid_argument("plan: --threads must be between 1 and 1024");
    if (!memory->empty()) request->memory_per_rank = parse_memory_size(*memory, "--memory-per-rank");

    const std::vector<PairPlan> pairs = plan_pairs(*request);
    const Totals total = totals_of(pairs);
    const std::uint64_t peak = total.largest->peak_bytes();
    std::vector<const PairPlan*> too_big;
    std::optional<unsigned> fitting_ranks;
    if (request->memory_per_rank) {
      for (const PairPlan& p : pairs)
        if (p.peak_bytes() > *request->memory_per_rank) too_big.push_back(&p);
      if (!too_big.empty())
        fitting_ranks = smallest_ranks_that_fit(request->max_stones, request->threads, request->updates_per_round,
                                                *request->memory_per_rank);
    }
    const Measured& figures = measured();
    const double workers = static_cast<double>(request->ranks) * request->threads;

    if (*json) {
      nlohmann::ordered_json out{{"max_stones", request->max_stones},
                                 {"ranks", request->ranks},
                                 {"threads", request->threads}};
      out["memory_per_rank"] = request->memory_per_rank ? nlohmann::json(*request->memory_per_rank) : nlohmann::json();
      out["measured"] = {{"process_bytes", figures.process_bytes},
                         {"mpi_rank_bytes", figures.mpi_rank_bytes},
                         {"wdl_bytes_per_position", figures.wdl_bytes_per_position},
                         {"depth_bytes_per_position", figures.depth_bytes_per_position},
                         {"positions_per_core_second", figures.positions_per_core_second},
                         {"source", figures.source}};
      out["pairs"] = nlohmann::json::array();
      for (const PairPlan& p : pairs) out["pairs"].push_back(pair_json(p));
      out["total"] = {{"slots", total.slots},
                      {"canonical_estimate", total.canonical},
                      {"peak_bytes_per_rank", peak},
                      {"largest_pair", total.largest->name},
                      {"wdl_bytes_on_disk", total.wdl_bytes},
                      {"depth_bytes_on_disk", total.depth_bytes},
                      {"core_hours", total.core_seconds / 3600},
                      {"wall_hours", total.core_seconds / 3600 / workers}};
      out["fits"] = too_big.empty();
      out["smallest_ranks_that_fit"] = fitting_ranks ? nlohmann::json(*fitting_ranks) : nlohmann::json();
      std::cout << out.dump() << "\n";
    } else {
      std::printf("tsivy plan: every class of 2..%d stones on %u rank(s) x %u thread(s)", request->max_stones,
                  request->ranks, request->threads);
      if (request->memory_per_rank) std::printf(", %s per rank", gib(*request->memory_per_rank).c_str());
      std::printf("\nmemory per rank (the rank with most slots) = working state + its share of the classes the captures "
                  "reach + buffers + process\n");
      std::printf("%-9s %17s %11s %11s %10s %11s %10s %10s %11s\n", "pair", "slots", "working", "reached",
                  "buffers", "peak/rank", "WDL disk", "depth disk", "core-hours");
      for (const PairPlan& p : pairs)
        std::printf("%-9s %17llu %11s %11s %10s %11s %10s %10s %11.2f\n", p.name.c_str(),
                    static_cast<unsigned long long>(p.slots), size(p.working_bytes).c_str(),
                    size(p.resident_bytes).c_str(), size(p.buffer_bytes).c_str(), size(p.peak_bytes()).c_str(),
                    size(p.wdl_bytes).c_str(), size(p.depth_bytes).c_str(), p.core_seconds / 3600);
      std::printf("total     %17llu %57s %10s %10s %11.2f\n", static_cast<unsigned long long>(total.slots), "",
                  size(total.wdl_bytes).c_str(), size(total.depth_bytes).c_str(), total.core_seconds / 3600);
      std::printf("\npeak memory per rank: %s (%s); disk: %s; %.1f core-hours, %.1f h wall on %g cores if "
                  "every core kept busy\n",
                  gib(peak).c_str(), total.largest->name.c_str(), size(total.wdl_bytes + total.depth_bytes).c_str(),
                  total.core_seconds / 3600, total.core_seconds / 3600 / workers, workers);
      std::printf("estimates from: %s (%.3f WDL + %.3f depth bytes per canonical position, %.2f M positions/s per "
                  "core); canonical positions estimated as raw positions / %d symmetries\n",
                  figures.source, figures.wdl_bytes_per_position, figures.depth_bytes_per_position,
                  figures.positions_per_core_second / 1e6, kSymmetries);
    }
    for (const PairPlan* p : too_big)
      std::cerr << "tsivy plan: warning: " << p->name << " needs " << gib(p->peak_bytes()) << " per rank on "
                << request->ranks << " rank(s), more than --memory-per-rank " << gib(*request->memory_per_rank) << "\n";
    if (!too_big.empty()) {
      if (fitting_ranks)
        std::cerr << "tsivy plan: the smallest rank count at which every pair fits is " << *fitting_ranks << "\n";
      else {
        // What a rank holds at the most ranks tried, where its rounds are at their floor.
        const PairPlan least = plan_pair(pairs.back().material, kMostPlannedRanks, request->threads,
                                         request->updates_per_round);
        std::cerr << "tsivy plan: no rank count fits: every rank holds the process and its exchange buffers (at "
                     "least "
                  << gib(least.process_bytes + least.buffer_bytes)
                  << ") whatever the rank count; try fewer --threads per rank\n";
      }
    }
  });
}

}  // namespace tsivy::cli
