#include "solver/generate.h"

#include <chrono>
#include <cstdio>
#include <ostream>

#include "io/table_file.h"
#include "solver/pair_solver.h"
#include "solver/table_files.h"

namespace tsivy {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string pair_name(Material m) {
  return m.us == m.them ? to_string(m) : to_string(m) + "+" + to_string(m.flipped());
}

ManifestFile describe_file(const std::filesystem::path& dir, Material material, io::TableKind kind) {
  const std::filesystem::path path = table_file(dir, material, kind);
  return {path.filename().string(), std::filesystem::file_size(path), io::file_checksum(path)};
}

ManifestClass count_values(const ClassTable& table, double seconds) {
  ManifestClass entry;
  entry.material = table.material;
  for (std::size_t s = 0; s < table.wdl.size(); ++s) {
    switch (static_cast<Outcome>(table.wdl[s])) {
      case Outcome::win: ++entry.wins; break;
      case Outcome::draw: ++entry.draws; break;
      case Outcome::loss: ++entry.losses; break;
      default: continue;
    }
    entry.max_depth = std::max<int>(entry.max_depth, table.depth[s]);
  }
  entry.canonical = entry.wins + entry.draws + entry.losses;
  entry.seconds = seconds;
  return entry;
}

// Prints progress at most about once a second, and always at a phase change.
class ProgressPrinter {
 public:
  ProgressPrinter(std::ostream* log, std::string pair) : log_(log), pair_(std::move(pair)) {}
  double seed_seconds = 0, propagate_seconds = 0;
  void operator()(const SolveProgress& p) {
    const double elapsed = seconds_since(start_);
    if (p.phase == "seed") seed_seconds = elapsed;
    if (p.phase == "draws") propagate_seconds = elapsed - seed_seconds;
    if (!log_) return;
    if (p.phase == last_phase_ && elapsed - last_print_ < 1.0) return;
    last_phase_ = p.phase;
    last_print_ = elapsed;
    char line[256];
    std::snprintf(line, sizeof line, "  %-9s %-9s depth %4d  resolved %12llu / %-12llu  %7.1f s  %6.2f M pos/s\n",
                  pair_.c_str(), p.phase.c_str(), p.depth, static_cast<unsigned long long>(p.resolved),
                  static_cast<unsigned long long>(p.total), elapsed, p.total / std::max(elapsed, 1e-9) / 1e6);
    *log_ << line << std::flush;
  }

 private:
  std::ostream* log_;
  std::string pair_, last_phase_;
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

// A run killed while writing leaves its hidden temporary files (io/ and the manifest
// write to ".<name>...tmp" and rename); nothing else in a table directory looks so.
void remove_stale_temporaries(const std::filesystem::path& dir, std::ostream* log) {
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    const std::string name = file.path().filename().string();
    const bool ours = name.starts_with(".") && name.ends_with(".tmp") &&
                      (name.find(".tsivy.") != std::string::npos || name.starts_with(".manifest.json"));
    if (!ours || !file.is_regular_file()) continue;
    if (log) *log << "  removing " << file.path().string() << ", left by an interrupted run\n";
    std::filesystem::remove(file.path());
  }
}

}  // namespace

std::vector<ManifestClass> generate_tables(const GenerateOptions& options) {
  if (options.max_stones < 2 || options.max_stones > kMaxStones)
    throw std::invalid_argument("--max-stones must be between 2 and " + std::to_string(kMaxStones));
  std::filesystem::create_directories(options.out);
  remove_stale_temporaries(options.out, options.log);
  Manifest manifest = Manifest::load(options.out);
  // Seeding reads the smaller classes back from their files, finished by this run or an
  // earlier one, through the same lookup as every other reader.
  LookupOptions lookup_options;
  lookup_options.cache_bytes = options.cache_bytes;
  TableLookup smaller(options.out, lookup_options);
  std::vector<ManifestClass> done;

  for (int total = 2; total <= options.max_stones; ++total) {
    for (const Material material : materials_with(total)) {
      if (material.us > material.them) continue;  // solved with its mirror
      const Material mirror = material.flipped();
      const ManifestClass* a = manifest.find(material);
      const ManifestClass* b = manifest.find(mirror);
      if (a && b && !file_problem(options.out, *a) && !file_problem(options.out, *b)) {
        done.push_back(*a);
        if (b != a) done.push_back(*b);
        if (options.log) *options.log << "  " << pair_name(material) << ": complete on disk, skipped\n";
        continue;
      }
      // Every smaller class resident, smallest first: seeding then reads each smaller
      // position's value from memory, capture positions resolved once per run.
      for (int fewer = 2; fewer < total; ++fewer)
        for (const Material m : materials_with(fewer)) smaller.make_resident(m, options.threads);

      const auto start = Clock::now();
      ProgressPrinter printer(options.log, pair_name(material));
      SolveOptions solve_options{options.threads, std::ref(printer)};
      std::vector<ClassTable> tables = solve_pair(material, smaller, solve_options);
      const double seconds = seconds_since(start);
      std::vector<ManifestClass> entries;
      for (ClassTable& table : tables) {
        // The true counts of every position, before the entries nobody reads are let go.
        entries.push_back(count_values(table, seconds));
        write_class_table(options.out, std::move(table), options.threads);
      }
      // Only now, with both files fsynced and renamed, does the manifest name them.
      for (ManifestClass& entry : entries) {
        entry.wdl = describe_file(options.out, entry.material, io::TableKind::wdl);
        entry.depth = describe_file(options.out, entry.material, io::TableKind::depth);
        entry.seed_seconds = printer.seed_seconds;
        entry.propagate_seconds = printer.propagate_seconds;
        manifest.put(entry);
        done.push_back(entry);
      }
      manifest.save(options.out);
    }
  }
  if (options.log) print_summary(*options.log, done);
  return done;
}

}  // namespace tsivy
