#include "solver/generate_report.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <ostream>

namespace tsivy {

void TotalStats::add(const SolveStats& s, double pair_seconds) {
  seconds += pair_seconds;
  seed += s.seed_seconds;
  seed_exchange += s.seed_exchange_seconds;
  seed_exchanged += s.seed_exchanged_bytes;
  propagate += s.propagate_seconds;
  frontier += s.frontier_seconds;
  exchange += s.exchange_seconds;
  exchanged += s.exchanged_bytes;
  positions += s.positions;
  if (s.working_bytes > peak_working) {
    peak_working = s.working_bytes;
    peak_slots = s.owned_slots;
  }
}

void TotalStats::finish(Communicator& comm) {
  std::array<std::uint64_t, 2> bytes{seed_exchanged, exchanged};
  comm.sum(bytes);
  seed_exchanged = bytes[0];
  exchanged = bytes[1];
}

void TotalStats::print(std::ostream& log, int ranks, unsigned threads) const {
  const auto share = [](double part, double whole) { return 100 * part / std::max(whole, 1e-9); };
  const auto per_position = [&](std::uint64_t bytes) {
    return static_cast<double>(bytes) / static_cast<double>(std::max<std::uint64_t>(positions, 1));
  };
  char line[600];
  std::snprintf(line, sizeof line,
                "solver: %d rank(s) x %u thread(s); solving %.2f s: seeding %.2f s, exchange %.2f s (%.1f %%, rank 0), "
                "%.2f bytes per position; propagation %.2f s, finding frontiers %.2f s (%.1f %%, rank 0), exchange "
                "%.2f s (%.1f %%, rank 0), %.2f bytes per position (bytes sent by all ranks per canonical position "
                "solved); working state %.3f bytes per slot (largest pair, rank 0)\n",
                ranks, threads, seconds, seed, seed_exchange, share(seed_exchange, seed), per_position(seed_exchanged),
                propagate, frontier, share(frontier, propagate), exchange, share(exchange, propagate),
                per_position(exchanged),
                static_cast<double>(peak_working) / static_cast<double>(std::max<std::uint64_t>(peak_slots, 1)));
  log << line;
}

void ProgressPrinter::operator()(const SolveProgress& p) {
  const double elapsed = meter_.seconds();
  if (p.phase == SolvePhase::seed) seed_seconds = elapsed;
  if (p.phase == SolvePhase::draws) propagate_seconds = elapsed - seed_seconds;
  if (!log_) return;
  if (!meter_.due(p.phase != last_phase_)) return;
  last_phase_ = p.phase;
  char line[256];
  if (p.phase == SolvePhase::seeding) {
    std::snprintf(line, sizeof line, "  %-9s seeding   slots scanned %12llu / %-12llu (%5.1f %%, rank 0)  %7.1f s\n",
                  pair_.c_str(), static_cast<unsigned long long>(p.resolved), static_cast<unsigned long long>(p.total),
                  100.0 * static_cast<double>(p.resolved) / static_cast<double>(std::max<std::uint64_t>(p.total, 1)),
                  elapsed);
    *log_ << line << std::flush;
    return;
  }
  std::snprintf(line, sizeof line, "  %-9s %-9s depth %4d  resolved %12llu / %-12llu  %7.1f s  %6.2f M pos/s\n",
                pair_.c_str(), to_string(p.phase).c_str(), p.depth, static_cast<unsigned long long>(p.resolved),
                static_cast<unsigned long long>(p.total), elapsed, p.total / std::max(elapsed, 1e-9) / 1e6);
  *log_ << line << std::flush;
}

void print_summary(std::ostream& log, const std::vector<ManifestClass>& classes) {
  log << "\nclass   canonical        wins       draws      losses  max depth  pair: seed s  propagate s\n";
  for (const ManifestClass& c : classes) {
    char line[200];
    std::snprintf(line, sizeof line, "%-5s %11llu %11llu %11llu %11llu %10d %13.2f %12.2f\n",
                  to_string(c.material).c_str(), static_cast<unsigned long long>(c.canonical),
                  static_cast<unsigned long long>(c.wins), static_cast<unsigned long long>(c.draws),
                  static_cast<unsigned long long>(c.losses), c.max_depth, c.seed_seconds, c.propagate_seconds);
    log << line;
  }
}

void print_pair_cost(std::ostream& log, const std::string& pair, double wall, double solving, const SolveStats& stats,
                     const ResourceUsage& before, const ResourceUsage& after) {
  char line[300];
  std::snprintf(line, sizeof line,
                "  %-9s done: %.1f s wall (solving %.1f s, of which seeding %.1f s; writing %.1f s), %.1f s CPU, "
                "smaller classes' share %.1f MB, rounds of %llu updates a thread, peak RSS so far %.2f GiB\n",
                pair.c_str(), wall, solving, stats.seed_seconds, wall - solving, after.cpu_seconds - before.cpu_seconds,
                static_cast<double>(stats.share_bytes) / 1e6, static_cast<unsigned long long>(stats.updates_per_round),
                static_cast<double>(after.peak_rss_bytes) / (1ull << 30));
  log << line << std::flush;
}

}  // namespace tsivy
