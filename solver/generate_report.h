// What `tsivy generate` reports (solver/generate.h): a progress line now and then while
// a pair is solved, one line per finished pair, the table of classes at the end, and
// the generation bench's figures. Rank 0 only; the solving itself is generate.cpp's.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "runtime/progress_meter.h"
#include "runtime/resource_usage.h"
#include "table_dir/manifest.h"

namespace tsivy {

// The figures the generation bench reports: where seeding and propagation spend their
// time, and how much each exchanges between ranks.
struct TotalStats {
  double seconds = 0, seed = 0, seed_exchange = 0, propagate = 0, frontier = 0, exchange = 0;
  std::uint64_t seed_exchanged = 0, exchanged = 0, positions = 0, peak_working = 0, peak_slots = 0;
  void add(const SolveStats& s, double pair_seconds);
  // Sums the bytes over the ranks (collective).
  void finish(Communicator& comm);
  void print(std::ostream& log, int ranks, unsigned threads) const;
};

// A pair's progress lines (SolveOptions::on_progress): at most about one a second, and
// always at a phase change (the one progress meter, runtime/progress_meter.h). Also keeps
// how long seeding and propagation took. `log` null: keeps the times only.
class ProgressPrinter {
 public:
  ProgressPrinter(std::ostream* log, std::string pair) : log_(log), pair_(std::move(pair)) {}
  double seed_seconds = 0, propagate_seconds = 0;
  void operator()(const SolveProgress& p);

 private:
  std::ostream* log_;
  std::string pair_;
  std::optional<SolvePhase> last_phase_;
  ProgressMeter meter_{1.0, /*first_at_once=*/true};
};

// The table of classes at the end of a run.
void print_summary(std::ostream& log, const std::vector<ManifestClass>& classes);

// One line per finished pair: what it cost in time and memory (rank 0's process).
void print_pair_cost(std::ostream& log, const std::string& pair, double wall, double solving, const SolveStats& stats,
                     const ResourceUsage& before, const ResourceUsage& after);

}  // namespace tsivy
