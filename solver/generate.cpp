#include "solver/generate.h"

#include <array>
#include <memory>
#include <ostream>

#include "indexing/capture_reach.h"
#include "io/atomic_file.h"
#include "io/table_file.h"
#include "solver/checkpoint.h"
#include "runtime/clock.h"
#include "runtime/communicator.h"
#include "solver/generate_report.h"
#include "solver/pair_solver.h"
#include "runtime/resource_usage.h"
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

// One run of `tsivy generate` on one rank: the directory opened once, the lookup seeding
// reads the smaller classes through, and what is done so far.
class Generation {
 public:
  Generation(const GenerateOptions& options, Communicator& comm)
      : options_(options),
        comm_(comm),
        log_(comm.is_root() ? options.log : nullptr),  // only rank 0 talks and keeps the manifest
        directory_(open_directory()),
        smaller_(directory_, LookupOptions{.cache_bytes = options.cache_bytes}) {}

  std::vector<ManifestClass> run() {
    for (int total = 2; total <= options_.max_stones; ++total)
      for (const Material material : materials_with(total))
        if (material.us <= material.them && !skipped_as_complete(material)) solve_and_write(material);  // with its mirror
    if (comm_.is_root()) {
      std::error_code ignored;
      std::filesystem::remove(directory_->checkpoint_dir(), ignored);  // only if empty
    }
    totals_.finish(comm_);
    if (log_) {
      print_summary(*log_, done_);
      totals_.print(*log_, comm_.size(), options_.solve.threads);
    }
    return done_;
  }

 private:
  // The one opening of the directory (created if missing): every path below is the
  // directory's to name.
  std::shared_ptr<TableDirectory> open_directory() {
    if (comm_.is_root()) std::filesystem::create_directories(options_.out);
    comm_.barrier();
    std::shared_ptr<TableDirectory> directory = TableDirectory::open(options_.out);
    if (comm_.is_root()) remove_stale_temporaries(*directory, log_);
    comm_.barrier();
    return directory;
  }

  // Whether both classes of the pair are in the manifest and their files as it says.
  // Rank 0 decides, so all ranks agree even if they see the files differently.
  bool skipped_as_complete(Material material) {
    const ManifestClass* a = directory_->manifest().find(material);
    const ManifestClass* b = directory_->manifest().find(material.flipped());
    const auto as_listed = [&](const ManifestClass& entry) {
      return !directory_->class_differs_from_manifest(entry, ManifestCheck::size_and_checksum);
    };
    std::vector<std::uint8_t> skip{0};
    // A pair of one class (NvN) is one entry: its files are read once.
    if (comm_.is_root()) skip[0] = a && b && as_listed(*a) && (b == a || as_listed(*b));
    comm_.broadcast(skip);
    if (!skip[0]) return false;
    if (comm_.is_root()) remove_pair_checkpoint(directory_->checkpoint_dir(), material);
    done_.push_back(*a);
    if (b != a) done_.push_back(*b);
    if (log_) *log_ << "  " << pair_name(material) << ": complete on disk, skipped\n";
    return true;
  }

  void solve_and_write(Material material) {
    const auto pair_start = Clock::now();
    const ResourceUsage usage_before = resource_usage();
    ProgressPrinter printer(log_, pair_name(material));
    SolveOptions solve_options = options_.solve;
    solve_options.on_progress = std::ref(printer);
    solve_options.checkpoint_dir = directory_->checkpoint_dir();
    solve_options.log = log_;
    // Seeding reads the smaller classes' value files, written when each was solved (or
    // resolves them by search once now and writes them: tables from before value files).
    solve_options.value_files = true;
    SolveStats stats;
    const std::vector<SolvedSlice> slices = solve_pair(material, smaller_, comm_, solve_options, &stats);
    const double seconds = seconds_since(pair_start);
    totals_.add(stats, seconds);
    for (const SolvedSlice& slice : slices) {
      write_solved_class(*directory_, slice, comm_, options_.solve.threads);
      write_value_files(*directory_, slice, comm_, options_.solve.threads);
    }
    // Only now, with every file of every class fsynced and renamed by all ranks, does
    // the manifest name them; rank 0 writes it.
    for (const SolvedSlice& slice : slices) {
      ManifestClass entry = summarise(*directory_, slice, comm_, seconds);
      if (comm_.is_root()) entry.values = directory_->describe_value_files(slice.material);
      entry.seed_seconds = stats.seed_seconds;
      entry.propagate_seconds = stats.propagate_seconds;
      if (comm_.is_root()) directory_->record(entry);
      done_.push_back(entry);
    }
    if (comm_.is_root()) {
      list_value_files(*directory_, pair_captures_reach(material));
      directory_->save_manifest();
      remove_pair_checkpoint(directory_->checkpoint_dir(), material);
    }
    if (log_)
      print_pair_cost(*log_, pair_name(material), seconds_since(pair_start), seconds, stats, usage_before, resource_usage());
    comm_.barrier();
  }

  const GenerateOptions& options_;
  Communicator& comm_;
  std::ostream* const log_;
  const std::shared_ptr<TableDirectory> directory_;
  // Seeding reads the smaller classes from their value files; where those are missing it
  // resolves them through the same lookup as every other reader of the tables (finished
  // by this run or an earlier one).
  TableLookup smaller_;
  std::vector<ManifestClass> done_;
  TotalStats totals_;
};

}  // namespace

std::vector<ManifestClass> generate_tables(const GenerateOptions& options) {
  if (options.max_stones < 2 || options.max_stones > kMaxStones)
    throw std::invalid_argument("--max-stones must be between 2 and " + std::to_string(kMaxStones));
  std::unique_ptr<Communicator> local;
  Communicator& comm = options.comm ? *options.comm : *(local = make_local_communicator());
  return Generation(options, comm).run();
}

}  // namespace tsivy
