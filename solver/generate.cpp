#include "solver/generate.h"

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>

#include "io/atomic_file.h"
#include "io/table_file.h"
#include "solver/checkpoint.h"
#include "solver/clock.h"
#include "solver/communicator.h"
#include "solver/pair_solver.h"
#include "indexing/capture_reach.h"
#include "solver/resource_usage.h"
#include "solver/table_files.h"
#include "table_dir/table_directory.h"

namespace tsivy {
namespace {

// The true counts of every canonical position of the class, over all ranks (the files'
// value counts count what is stored, don't-care fill included).
ManifestClass summarise(const TableDirectory& dir, const SolvedSlice& slice, Communicator& comm,
                        double seconds) {
  std::array<std::uint64_t, 3> counts{slice.wins, slice.draws, slice.losses};
  std::array<std::uint64_t, 1> deepest{slice.max_depth};
  comm.sum(counts);
  comm.max(deepest);
  ManifestClass entry;
  entry.material = slice.material;
  if (comm.is_root()) {
    entry.wdl = dir.describe_table(slice.material, io::TableKind::wdl);
    entry.depth = dir.describe_table(slice.material, io::TableKind::depth);
  }
  entry.wins = counts[0];
  entry.draws = counts[1];
  entry.losses = counts[2];
  entry.max_depth = static_cast<int>(deepest[0]);
  entry.canonical = entry.wins + entry.draws + entry.losses;
  entry.seconds = seconds;
  return entry;
}

// The figures the generation bench reports: where seeding and propagation spend their
// time, and how much each exchanges between ranks.
struct TotalStats {
  double seconds = 0, seed = 0, seed_exchange = 0, propagate = 0, frontier = 0, exchange = 0;
  std::uint64_t seed_exchanged = 0, exchanged = 0, positions = 0, peak_working = 0, peak_slots = 0;
  void add(const SolveStats& s, double pair_seconds) {
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
  void finish(Communicator& comm) {
    std::array<std::uint64_t, 2> bytes{seed_exchanged, exchanged};
    comm.sum(bytes);
    seed_exchanged = bytes[0];
    exchanged = bytes[1];
  }
  void print(std::ostream& log, int ranks, unsigned threads) const {
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
};

// Prints progress at most about once a second, and always at a phase change.
class ProgressPrinter {
 public:
  ProgressPrinter(std::ostream* log, std::string pair) : log_(log), pair_(std::move(pair)) {}
  double seed_seconds = 0, propagate_seconds = 0;
  void operator()(const SolveProgress& p) {
    const double elapsed = seconds_since(start_);
    if (p.phase == SolvePhase::seed) seed_seconds = elapsed;
    if (p.phase == SolvePhase::draws) propagate_seconds = elapsed - seed_seconds;
    if (!log_) return;
    if (p.phase == last_phase_ && elapsed - last_print_ < 1.0) return;
    last_phase_ = p.phase;
    last_print_ = elapsed;
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

 private:
  std::ostream* log_;
  std::string pair_;
  std::optional<SolvePhase> last_phase_;
  Clock::time_point start_ = Clock::now();
  double last_print_ = -1;
};

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

// One line per finished pair: what it cost in time and memory (rank 0's process).
void print_pair_cost(std::ostream& log, const std::string& pair, double wall, double solving, const SolveStats& stats,
                     const ResourceUsage& before, const ResourceUsage& after) {
  char line[300];
  std::snprintf(line, sizeof line,
                "  %-9s done: %.1f s wall (solving %.1f s, of which seeding %.1f s; writing %.1f s), %.1f s CPU, "
                "smaller classes' share %.1f MB, peak RSS so far %.2f GiB\n",
                pair.c_str(), wall, solving, stats.seed_seconds, wall - solving, after.cpu_seconds - before.cpu_seconds,
                static_cast<double>(stats.share_bytes) / 1e6, static_cast<double>(after.peak_rss_bytes) / (1ull << 30));
  log << line << std::flush;
}

// A run killed while writing leaves the hidden temporary files of its atomic writes
// (tables and manifest) behind; the next run in the directory removes them.
void remove_stale_temporaries(const TableDirectory& dir, std::ostream* log) {
  for (const std::filesystem::path& folder : {dir.path(), dir.value_files_dir()}) {
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) continue;
    for (const auto& file : std::filesystem::directory_iterator(folder)) {
      if (!io::is_temporary_name(file.path().filename().string()) || !file.is_regular_file()) continue;
      if (log) *log << "  removing " << file.path().string() << ", left by an interrupted run\n";
      std::filesystem::remove(file.path());
    }
  }
}

// Names in the manifest the value files seeding wrote for smaller classes whose entry
// lacks them (ResidentShares: tables from before value files).
void list_value_files(TableDirectory& dir, const std::vector<Material>& classes) {
  for (const Material m : classes) {
    const ManifestClass* entry = dir.manifest().find(m);
    std::error_code error;
    if (!entry || entry->values || !std::filesystem::exists(dir.value_file(m, io::TableKind::depth), error)) continue;
    ManifestClass listed = *entry;
    listed.values = dir.describe_value_files(m);
    dir.record(listed);
  }
}

}  // namespace

std::vector<ManifestClass> generate_tables(const GenerateOptions& options) {
  if (options.max_stones < 2 || options.max_stones > kMaxStones)
    throw std::invalid_argument("--max-stones must be between 2 and " + std::to_string(kMaxStones));
  std::unique_ptr<Communicator> local;
  Communicator& comm = options.comm ? *options.comm : *(local = make_local_communicator());
  // Only rank 0 talks and keeps the manifest; every rank reads the tables it needs.
  std::ostream* log = comm.is_root() ? options.log : nullptr;
  if (comm.is_root()) std::filesystem::create_directories(options.out);
  comm.barrier();
  // The one opening of the directory: every path below is the directory's to name.
  const std::shared_ptr<TableDirectory> directory = TableDirectory::open(options.out);
  if (comm.is_root()) remove_stale_temporaries(*directory, log);
  comm.barrier();
  // Seeding reads the smaller classes from their value files; where those are missing it
  // resolves them through the same lookup as every other reader of the tables (finished
  // by this run or an earlier one).
  LookupOptions lookup_options;
  lookup_options.cache_bytes = options.cache_bytes;
  TableLookup smaller(directory, lookup_options);
  std::vector<ManifestClass> done;
  TotalStats totals;

  for (int total = 2; total <= options.max_stones; ++total) {
    for (const Material material : materials_with(total)) {
      if (material.us > material.them) continue;  // solved with its mirror
      const Material mirror = material.flipped();
      const ManifestClass* a = directory->manifest().find(material);
      const ManifestClass* b = directory->manifest().find(mirror);
      // Rank 0 decides, so all ranks agree even if they see the files differently.
      std::vector<std::uint8_t> skip{0};
      const auto as_listed = [&](const ManifestClass& entry) {
        return !directory->class_differs_from_manifest(entry, ManifestCheck::size_and_checksum);
      };
      if (comm.is_root()) skip[0] = a && b && as_listed(*a) && as_listed(*b);
      comm.broadcast(skip);
      if (skip[0]) {
        if (comm.is_root()) remove_pair_checkpoint(directory->checkpoint_dir(), material);
        done.push_back(*a);
        if (b != a) done.push_back(*b);
        if (log) *log << "  " << pair_name(material) << ": complete on disk, skipped\n";
        continue;
      }
      const auto pair_start = Clock::now();
      const ResourceUsage usage_before = resource_usage();
      ProgressPrinter printer(log, pair_name(material));
      SolveOptions solve_options = options.solve;
      solve_options.on_progress = std::ref(printer);
      solve_options.checkpoint_dir = directory->checkpoint_dir();
      solve_options.log = log;
      // Seeding reads the smaller classes' value files, written when each was solved (or
      // resolves them by search once now and writes them: tables from before value files).
      solve_options.value_files = true;
      SolveStats stats;
      std::vector<SolvedSlice> slices = solve_pair(material, smaller, comm, solve_options, &stats);
      const double seconds = seconds_since(pair_start);
      totals.add(stats, seconds);
      std::vector<std::array<io::TableHeader, 2>> headers;
      for (const SolvedSlice& slice : slices) {
        headers.push_back(write_solved_class(*directory, slice, comm, options.solve.threads));
        write_value_files(*directory, slice, comm, options.solve.threads);
      }
      // Only now, with every file of every class fsynced and renamed by all ranks,
      // does the manifest name them; rank 0 writes it.
      for (std::size_t k = 0; k < slices.size(); ++k) {
        ManifestClass entry = summarise(*directory, slices[k], comm, seconds);
        if (comm.is_root()) entry.values = directory->describe_value_files(slices[k].material);
        entry.seed_seconds = stats.seed_seconds;
        entry.propagate_seconds = stats.propagate_seconds;
        if (comm.is_root()) directory->record(entry);
        done.push_back(entry);
      }
      if (comm.is_root()) {
        list_value_files(*directory, pair_captures_reach(material));
        directory->save_manifest();
        remove_pair_checkpoint(directory->checkpoint_dir(), material);
      }
      if (log) {
        print_pair_cost(*log, pair_name(material), seconds_since(pair_start), seconds, stats, usage_before,
                        resource_usage());
      }
      comm.barrier();
    }
  }
  if (comm.is_root()) {
    std::error_code ignored;
    std::filesystem::remove(directory->checkpoint_dir(), ignored);  // only if empty
  }
  totals.finish(comm);
  if (log) {
    print_summary(*log, done);
    totals.print(*log, comm.size(), options.solve.threads);
  }
  return done;
}

}  // namespace tsivy
