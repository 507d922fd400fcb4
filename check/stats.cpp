#include "check/stats.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "parallel/parallel.h"
#include "check/resident_choice.h"
#include "check/scan_progress.h"
#include "indexing/capture_reach.h"
#include "lookup/class_walk.h"
#include "lookup/residents.h"

namespace tsivy {
namespace {

void count_into(std::vector<std::uint64_t>& histogram, int depth) {
  if (histogram.size() <= static_cast<std::size_t>(depth)) histogram.resize(depth + 1);
  ++histogram[depth];
}

// Every position counts, capture positions too (resolved by search), so that the
// figures stay those of the whole class.
ClassStats class_stats(const ClassWalk& scan, Material material, const StatsOptions& options) {
  ClassStats total;
  total.material = material;
  std::mutex merge, log_mutex;
  ScanProgress progress(options.log, log_mutex, to_string(material) + ": counted", "", scan.index().slots(),
                        options.progress_every);
  parallel_for(0, scan.index().slots(), options.threads, [&](std::uint64_t first, std::uint64_t last) {
    ClassStats part;
    scan.visit(first, last, [&](const SlotCursor& slot, const Value& value, bool) {
      count_position(part, slot.slot(), slot.us(), slot.them(), value);
    });
    {
      std::lock_guard lock(merge);
      merge_stats(total, part);
    }
    progress.done(last - first);
  });
  return total;
}

// A class's figures from its value files, when `tsivy generate` left them and the
// manifest lists them at their present size: every entry holds its value there, so
// nothing is searched and no smaller class is read. nullopt otherwise, or when they
// turn out damaged (said in the log); the tables are read then.
std::optional<ClassStats> stats_from_value_files(const ManifestClass& listed, const TableLookup& lookup,
                                                 const StatsOptions& options) {
  if (!options.value_files || !listed.values) return std::nullopt;
  for (const ManifestFile* f : {&listed.values->wdl, &listed.values->depth})
    if (lookup.directory().differs_from_manifest(*f, ManifestCheck::size)) return std::nullopt;
  try {
    return class_stats(ClassWalk(lookup, listed.material, ClassEntries::every), listed.material, options);
  } catch (const io::TableError& e) {
    if (options.log) *options.log << "  " << to_string(listed.material) << ": value files unusable (" << e.what()
                                  << "): counting from the tables\n";
    return std::nullopt;
  }
}

}  // namespace

void count_position(ClassStats& stats, std::uint64_t slot, PointSet us, PointSet them, const Value& value) {
  const Outcome outcome = value.outcome;
  const auto code = static_cast<std::size_t>(outcome);
  ++stats.canonical[code];
  stats.raw[code] += orbit_size(us, them);
  if (outcome == Outcome::draw) return;
  const int depth = value.depth;
  // Slots come in increasing order within a range, so the first at a new maximum is
  // the lowest slot of that depth in the range.
  if (depth > stats.max_depth || stats.deepest_slot == ~std::uint64_t{0}) {
    stats.max_depth = depth;
    stats.deepest_slot = slot;
    stats.deepest_us = us;
    stats.deepest_them = them;
  }
  count_into(outcome == Outcome::win ? stats.wins_by_depth : stats.losses_by_depth, depth);
}

void merge_stats(ClassStats& total, const ClassStats& part) {
  for (std::size_t v = 0; v < 3; ++v) total.canonical[v] += part.canonical[v], total.raw[v] += part.raw[v];
  const bool deeper = part.deepest_slot != ~std::uint64_t{0} &&
                      (total.deepest_slot == ~std::uint64_t{0} || part.max_depth > total.max_depth ||
                       (part.max_depth == total.max_depth && part.deepest_slot < total.deepest_slot));
  if (deeper) {
    total.max_depth = part.max_depth;
    total.deepest_slot = part.deepest_slot;
    total.deepest_us = part.deepest_us;
    total.deepest_them = part.deepest_them;
  }
  for (auto [from, to] : {std::pair{&part.wins_by_depth, &total.wins_by_depth},
                          std::pair{&part.losses_by_depth, &total.losses_by_depth}}) {
    if (to->size() < from->size()) to->resize(from->size());
    for (std::size_t d = 0; d < from->size(); ++d) (*to)[d] += (*from)[d];
  }
}

std::vector<ClassStats> table_stats(const std::shared_ptr<const TableDirectory>& dir, const StatsOptions& options) {
  dir->require_classes();
  const Manifest& manifest = dir->manifest();
  TableLookup lookup(dir, LookupOptions{options.cache_bytes});
  ResidentChoice residents(lookup, ResidentLimit{options.resident, options.memory}, options.cache_bytes,
                           options.threads, options.log, "stats");
  std::vector<ClassStats> out;
  for (const Material m : classes_pair_by_pair()) {
    const ManifestClass* listed = manifest.find(m);
    if (!listed) continue;
    const auto start = std::chrono::steady_clock::now();
    std::optional<ClassStats> counted = stats_from_value_files(*listed, lookup, options);
    const bool from_value_files = counted.has_value();
    if (!counted) {
      // The class itself is read once, range by range: only its captures' classes are
      // read again and again.
      residents.before_pass(m, pair_captures_reach(m));
      counted = class_stats(ClassWalk(lookup, m), m, options);
    }
    out.push_back(*counted);
    if (options.log) {
      const ClassStats& s = out.back();
      char line[120];
      std::snprintf(line, sizeof line, "  %s: %llu positions, %.1f s%s\n", to_string(m).c_str(),
                    static_cast<unsigned long long>(s.canonical[0] + s.canonical[1] + s.canonical[2]),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                    from_value_files ? " (value files)" : "");
      *options.log << line << std::flush;
    }
    if (options.on_class) options.on_class(out.back());
  }
  return out;
}

}  // namespace tsivy
