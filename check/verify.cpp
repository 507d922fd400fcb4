#include "check/verify.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <optional>
#include <ostream>
#include <tuple>

#include "game/movegen.h"
#include "game/notation.h"
#include "parallel/parallel.h"
#include "check/resident_choice.h"
#include "check/scan_progress.h"
#include "check/value_file_residents.h"
#include "runtime/clock.h"
#include "runtime/resource_usage.h"
#include "indexing/capture_reach.h"
#include "lookup/class_walk.h"
#include "lookup/residents.h"
#include "runtime/communicator.h"

namespace tsivy {
namespace {

// What the successors' stored values allow the stored value to be, written out as the
// definition of a value (docs/architecture.md, "Values"): a WIN in d has a lost successor,
// the fastest one LOSS d - 1; a LOSS in d has only won successors, the slowest WIN
// d - 1 (LOSS 0: no successor at all); a DRAW has no lost successor and a drawn one. Checked
// condition by condition, not by a "best successor" computation like the solver's and
// the lookup's, so that a mistake shared with them cannot hide.
std::optional<std::string> check_quiet(const Value& stored, const std::vector<Value>& next) {
  bool any_loss = false, any_draw = false, all_win = true;
  int min_loss = 1 << 30, max_win = -1;
  for (const Value& v : next) {
    if (v.outcome == Outcome::loss) any_loss = true, min_loss = std::min<int>(min_loss, v.depth);
    if (v.outcome == Outcome::draw) any_draw = true;
    if (v.outcome != Outcome::win) all_win = false;
    if (v.outcome == Outcome::win) max_win = std::max<int>(max_win, v.depth);
  }
  switch (stored.outcome) {
    case Outcome::win:
      if (!any_loss) return "WIN without a lost successor";
      if (min_loss != stored.depth - 1) return "WIN " + std::to_string(stored.depth) + " but the fastest lost successor is LOSS " + std::to_string(min_loss);
      return std::nullopt;
    case Outcome::loss:
      if (!all_win) return "LOSS with a successor that is not a WIN";
      if (next.empty() ? stored.depth != 0 : max_win != stored.depth - 1)
        return "LOSS " + std::to_string(stored.depth) + " but the slowest won successor is WIN " + std::to_string(max_win);
      return std::nullopt;
    case Outcome::draw:
      if (any_loss) return "DRAW with a lost successor";
      if (!any_draw) return "DRAW without a drawn successor";
      if (stored.depth != 0) return "DRAW with a non-zero depth";
      return std::nullopt;
    default:
      return "canonical position stored as unused";
  }
}

const Manifest& required_manifest(const TableDirectory& dir) {
  dir.require_classes();
  return dir.manifest();
}

class Verifier {
 public:
  explicit Verifier(const VerifyOptions& options) : options_(options) {}

  VerifyResult run() {
    for (const Material m : options_.only)
      if (!manifest_.find(m))
        throw std::runtime_error("class " + to_string(m) + " is not in " + (options_.tables->path() / Manifest::kFileName).string());
    const auto wanted = [&](Material m) {
      return manifest_.find(m) && (options_.only.empty() || std::ranges::find(options_.only, m) != options_.only.end());
    };
    // A class and its mirror one after the other, so that a pair made resident serves both.
    VerifyResult result;
    std::vector<Material> pair;  // the classes of the pair being verified
    ResidentChoice residents(lookup_, ResidentLimit{options_.resident, smallest_memory_of_all_ranks()},
                             options_.cache_bytes, options_.threads, comm_.is_root() ? options_.log : nullptr,
                             "verify", [&](std::span<const Material> classes) { values_.hold(classes, pair); });
    for (const Material m : classes_pair_by_pair()) {
      if (!wanted(m)) continue;
      pair = {m, m.flipped()};
      residents.before_pass(m, read_again_and_again(m));
      verify_class(*manifest_.find(m), result);
    }
    return result;
  }

 private:
  // What verifying `material` reads again and again: the classes its pair's captures
  // reach and the pair itself (nothing else stays).
  std::vector<Material> read_again_and_again(Material material) const {
    std::vector<Material> classes = pair_captures_reach(material);
    classes.push_back(material);
    if (material.flipped() != material && manifest_.find(material.flipped())) classes.push_back(material.flipped());
    return classes;
  }

  // Ranks on one machine may see different free memory: the least decides for all, so
  // that rank 0's lines say what every rank does.
  std::optional<std::uint64_t> smallest_memory_of_all_ranks() {
    if (!options_.memory) return std::nullopt;
    std::array<std::uint64_t, 1> complement{~*options_.memory};
    comm_.max(complement);
    return ~complement[0];
  }

  // Every rank scanned one share of the class: the counts and histograms add up, and
  // the deepest position is the lowest slot of the greatest depth over all shares.
  void sum_over_ranks(ClassStats& stats) {
    std::array<std::uint64_t, 6> counts{};
    std::copy(stats.canonical.begin(), stats.canonical.end(), counts.begin());
    std::copy(stats.raw.begin(), stats.raw.end(), counts.begin() + 3);
    comm_.sum(counts);
    std::copy(counts.begin(), counts.begin() + 3, stats.canonical.begin());
    std::copy(counts.begin() + 3, counts.end(), stats.raw.begin());
    constexpr std::uint64_t kNone = ~std::uint64_t{0};
    // Depth + 1, so that a share with only draws (no deepest position) says 0.
    std::array<std::uint64_t, 1> depth{stats.deepest_slot == kNone ? 0 : static_cast<std::uint64_t>(stats.max_depth) + 1};
    comm_.max(depth);
    // The lowest slot as the greatest complement.
    std::array<std::uint64_t, 1> slot{depth[0] != 0 && stats.deepest_slot != kNone &&
                                              static_cast<std::uint64_t>(stats.max_depth) + 1 == depth[0]
                                          ? ~stats.deepest_slot
                                          : 0};
    comm_.max(slot);
    if (depth[0] != 0) {
      stats.max_depth = static_cast<int>(depth[0] - 1);
      stats.deepest_slot = ~slot[0];
      std::tie(stats.deepest_us, stats.deepest_them) = MaterialIndex::of(stats.material).unindex(stats.deepest_slot);
    }
    for (std::vector<std::uint64_t>* histogram : {&stats.wins_by_depth, &stats.losses_by_depth}) {
      std::array<std::uint64_t, 1> length{histogram->size()};
      comm_.max(length);
      histogram->resize(length[0], 0);
      comm_.sum(*histogram);
    }
  }

  // `what` follows the position: "stored DRAW: DRAW with a lost successor".
  void mismatch(const Position& p, const std::string& what) {
    ++mismatches_;
    std::lock_guard lock(report_mutex_);
    if (options_.errors && ++reported_ <= options_.max_reported)
      *options_.errors << "mismatch " << format_position(p) << ": " << what << "\n";
  }

  // One canonical position of a class held in memory (its values from its value files, or
  // resolved from its table files where they cannot be used): the held value against the
  // successors' held values, and a quiet position's table entry `stored` against it.
  // One mismatch line per position, saying everything that is wrong with it, e.g.
  //   "stored WIN 7: WIN 7 but the fastest lost successor is LOSS 4; the value files hold WIN 5"
  void check_held(const Position& position, const Value& held, const std::optional<Value>& stored,
                  const std::vector<Value>& next, const char* held_from) {
    std::string problems;
    const auto add = [&](const std::string& problem) { problems += (problems.empty() ? "" : "; ") + problem; };
    if (stored && *stored != held) {
      if (const auto problem = check_quiet(*stored, next)) add(*problem);  // today's check of a table entry
      const auto problem = check_quiet(held, next);
      add(std::string(held_from) + " " + to_string(held) + (problem ? " (" + *problem + ")" : ""));
    } else if (const auto problem = check_quiet(held, next)) {
      add(*problem);
    }
    if (problems.empty()) return;
    mismatch(position, (stored ? "stored " + to_string(*stored) : std::string(held_from) + " " + to_string(held)) + ": " +
                           problems);
  }

  void verify_class(const ManifestClass& entry, VerifyResult& result) {
    const Material material = entry.material;
    if (const auto problem = options_.tables->class_differs_from_manifest(entry, ManifestCheck::size_and_checksum))
      throw std::runtime_error(*problem);
    const ClassWalk scan(lookup_, material);
    // Every block's checksum and the header's value counts, including blocks that hold
    // only don't-care entries, which the scan below never looks at (rank 0 alone).
    if (comm_.is_root())
      for (io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth}) scan.file(kind).verify();

    mismatches_ = 0;
    reported_ = 0;
    // Each rank checks one contiguous share of the slots, with its threads.
    const std::uint64_t slots = scan.index().slots();
    const auto share = [&](int rank) { return slots / comm_.size() * rank + std::min<std::uint64_t>(rank, slots % comm_.size()); };
    ScanProgress progress(comm_.is_root() ? options_.log : nullptr, report_mutex_, to_string(material) + ": verified",
                          comm_.size() > 1 ? " of rank 0" : "", share(comm_.rank() + 1) - share(comm_.rank()),
                          options_.progress_every);
    // The value counts compared with the manifest are those of the statistics that
    // `--stats-json` publishes: one count, from the same scan.
    ClassStats class_stats;
    class_stats.material = material;
    std::mutex stats_mutex;
    // Held in memory (the usual case): every canonical position's held value is checked
    // one turn deep, capture positions too, and the table files' quiet entries against
    // it. Not held (it did not fit --memory): the table files' quiet entries are checked
    // against their successors as the lookup resolves them, by search.
    const bool held = lookup_.is_resident(material);
    const bool from_value_files = values_.from_value_files(material);
    const char* held_from = from_value_files ? "the value files hold" : "resolved by search";
    const auto start = Clock::now();
    const double cpu_before = resource_usage().cpu_seconds;
    parallel_for(share(comm_.rank()), share(comm_.rank() + 1), options_.threads, [&](std::uint64_t first, std::uint64_t last) {
      std::vector<Position> results;
      std::vector<Value> next;
      ClassStats part;
      scan.visit(first, last, [&](const SlotCursor& slot, const Value& value, bool stored) {
        count_position(part, slot.slot(), slot.us(), slot.them(), value);
        // Not held, a capture position's value is what the lookup's search makes of the
        // smaller classes (checked when they were): only stored entries have something to check.
        if (!held && !stored) return;
        const Position position{slot.us(), slot.them(), Colour::White};
        successors(position, results);
        next.clear();
        for (const Position& r : results) next.push_back(lookup_.value(r.us, r.them));
        if (held) {
          // A capture position's `value` came from the held class already.
          check_held(position, stored ? *lookup_.resident_value(material, slot.slot()) : value,
                     stored ? std::optional<Value>(value) : std::nullopt, next, held_from);
        } else if (const auto problem = check_quiet(value, next)) {
          mismatch(position, "stored " + to_string(value) + ": " + *problem);
        }
      });
      {
        std::lock_guard lock(stats_mutex);
        merge_stats(class_stats, part);
      }
      progress.done(last - first);
    });
    sum_over_ranks(class_stats);
    std::array<std::uint64_t, 1> mismatches{mismatches_};
    comm_.sum(mismatches);
    mismatches_ = mismatches[0];
    const auto count = [&](Outcome o) { return class_stats.canonical[static_cast<std::size_t>(o)]; };
    const std::uint64_t positions = count(Outcome::win) + count(Outcome::draw) + count(Outcome::loss);
    if (count(Outcome::win) != entry.wins || count(Outcome::draw) != entry.draws || count(Outcome::loss) != entry.losses) {
      ++mismatches_;
      if (options_.errors && comm_.is_root())
        *options_.errors << "mismatch " << to_string(material) << ": value counts differ from the manifest\n";
    }
    if (options_.stats) options_.stats->push_back(std::move(class_stats));
    result.classes += 1;
    result.positions += positions;
    result.mismatches += mismatches_;
    values_.verified(material, from_value_files && mismatches_ == 0);
    if (options_.log && comm_.is_root()) {
      // CPU time too (this process, all threads): on a loaded machine the wall time says little.
      char seconds[60];
      std::snprintf(seconds, sizeof seconds, ", %.1f s, CPU %.1f s", seconds_since(start),
                    resource_usage().cpu_seconds - cpu_before);
      *options_.log << "  " << to_string(material) << ": " << positions << " positions, " << mismatches_.load()
                    << " mismatches" << seconds
                    << (!held             ? " (its table files against their successors, by search)"
                        : from_value_files ? " (its value files one turn deep, its table files against them)"
                                           : " (its table files against their successors, values resolved by search)")
                    << "\n";
    }
  }

  const VerifyOptions& options_;
  std::unique_ptr<Communicator> local_ = options_.comm ? nullptr : make_local_communicator();
  Communicator& comm_ = options_.comm ? *options_.comm : *local_;
  const Manifest& manifest_ = required_manifest(*options_.tables);  // first: no manifest, no tables
  TableLookup lookup_{options_.tables, LookupOptions{options_.cache_bytes}};
  ValueFileResidents values_{lookup_, comm_, options_.threads, comm_.is_root() ? options_.log : nullptr};
  std::atomic<std::uint64_t> mismatches_{0};
  std::uint64_t reported_ = 0;
  std::mutex report_mutex_;
};

}  // namespace

VerifyResult verify_tables(const VerifyOptions& options) { return Verifier(options).run(); }

}  // namespace tsivy
