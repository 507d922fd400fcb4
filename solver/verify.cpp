#include "solver/verify.h"

#include <atomic>
#include <mutex>
#include <ostream>

#include "game/movegen.h"
#include "game/notation.h"
#include "io/table_reader.h"
#include "solver/manifest.h"
#include "solver/parallel.h"
#include "solver/solved_classes.h"
#include "solver/table_files.h"

namespace tsivy {
namespace {

// What the successors' stored values allow the stored value to be, written out as
// the issue states the conditions rather than as a "best successor" computation.
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

// A capture position: the best over every capture sequence and every stopping point.
Value best_capture(const std::vector<Value>& next) {
  bool any_loss = false, any_draw = false;
  int min_loss = 1 << 30, max_win = -1;
  for (const Value& v : next) {
    if (v.outcome == Outcome::loss) any_loss = true, min_loss = std::min<int>(min_loss, v.depth);
    if (v.outcome == Outcome::draw) any_draw = true;
    if (v.outcome == Outcome::win) max_win = std::max<int>(max_win, v.depth);
  }
  if (any_loss) return {Outcome::win, static_cast<std::uint16_t>(min_loss + 1)};
  if (any_draw) return {Outcome::draw, 0};
  return {Outcome::loss, static_cast<std::uint16_t>(max_win + 1)};
}

class Verifier {
 public:
  explicit Verifier(const VerifyOptions& options) : options_(options) {}

  VerifyResult run() {
    const Manifest manifest = Manifest::load_required(options_.tables);
    VerifyResult result;
    for (const auto& [name, entry] : manifest.classes()) {
      if (options_.only && (options_.only->us != entry.material.us || options_.only->them != entry.material.them)) continue;
      verify_class(entry, result);
    }
    if (options_.only && result.classes == 0)
      throw std::runtime_error("class " + to_string(*options_.only) + " is not in " + options_.tables.string() + "/manifest.json");
    return result;
  }

 private:
  const ClassTable& table(Material m) {
    if (!tables_.contains(m)) {
      // The table reader checks every block checksum while reading; verify() also
      // recounts every value against the header's counts.
      for (io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth})
        io::TableReader(table_file(options_.tables, m, kind)).verify();
      tables_.add(read_class_table(options_.tables, m));
    }
    return tables_.table(m);
  }

  void mismatch(const Position& p, const std::string& what, const Value& stored) {
    ++mismatches_;
    std::lock_guard lock(report_mutex_);
    if (options_.errors && ++reported_ <= options_.max_reported)
      *options_.errors << "mismatch " << format_position(p) << ": stored " << to_string(stored) << ": " << what << "\n";
  }

  void verify_class(const ManifestClass& entry, VerifyResult& result) {
    const Material material = entry.material;
    if (const auto problem = file_problem(options_.tables, entry)) throw std::runtime_error(*problem);
    const ClassTable& own = table(material);
    const ClassTable& next_class = table(material.flipped());
    for (int total = 2; total < material.stones(); ++total)
      for (const Material m : materials_with(total)) table(m);

    const MaterialIndex& index = MaterialIndex::of(material);
    const MaterialIndex& next_index = MaterialIndex::of(material.flipped());
    std::atomic<std::uint64_t> positions{0}, wins{0}, draws{0}, losses{0};
    mismatches_ = 0;
    reported_ = 0;
    parallel_for(0, index.slots(), options_.threads, [&](std::uint64_t first, std::uint64_t last) {
      std::vector<Position> results;
      std::vector<Value> next;
      std::uint64_t counted = 0, w = 0, d = 0, l = 0;
      for_each_slot(index, first, last, [&](const SlotCursor& slot) {
        const std::uint64_t s = slot.slot();
        const Value stored = own.at(s);
        if (!slot.canonical()) {
          if (stored.outcome != Outcome::unused) mismatch_slot(material, s, stored);
          return;
        }
        ++counted;
        (stored.outcome == Outcome::win ? w : stored.outcome == Outcome::draw ? d : l) += 1;
        const Position position{slot.us(), slot.them(), Colour::White};
        successors(position, results);
        next.clear();
        if (has_capture(position)) {
          for (const Position& r : results) next.push_back(tables_.value_of(r.us, r.them));
          const Value expected = best_capture(next);
          if (!(expected == stored)) mismatch(position, "captures give " + to_string(expected), stored);
        } else {
          for (const Position& r : results) next.push_back(next_class.at(next_index.index(r.us, r.them)));
          if (const auto problem = check_quiet(stored, next)) mismatch(position, *problem, stored);
        }
      });
      positions += counted;
      wins += w, draws += d, losses += l;
    });
    if (wins != entry.wins || draws != entry.draws || losses != entry.losses) {
      ++mismatches_;
      if (options_.errors) *options_.errors << "mismatch " << to_string(material) << ": value counts differ from the manifest\n";
    }
    result.classes += 1;
    result.positions += positions;
    result.mismatches += mismatches_;
    if (options_.log)
      *options_.log << "  " << to_string(material) << ": " << positions << " positions, " << mismatches_.load()
                    << " mismatches\n";
  }

  void mismatch_slot(Material material, std::uint64_t slot, const Value& stored) {
    ++mismatches_;
    std::lock_guard lock(report_mutex_);
    if (options_.errors && ++reported_ <= options_.max_reported)
      *options_.errors << "mismatch " << to_string(material) << " slot " << slot << " (not a position): stored "
                       << to_string(stored) << ", expected UNUSED\n";
  }

  const VerifyOptions& options_;
  SolvedClasses tables_;
  std::atomic<std::uint64_t> mismatches_{0};
  std::uint64_t reported_ = 0;
  std::mutex report_mutex_;
};

}  // namespace

VerifyResult verify_tables(const VerifyOptions& options) { return Verifier(options).run(); }

}  // namespace tsivy
