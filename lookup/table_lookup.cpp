#include "lookup/table_lookup.h"

#include <algorithm>
#include <optional>
#include <system_error>

#include "game/movegen.h"
#include "game/zobrist.h"
#include "lookup/class_walk.h"
#include "lookup/value_code.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "table_dir/table_paths.h"

namespace tsivy {
namespace {

std::size_t slot_of(Material m, io::TableKind kind) {
  return (static_cast<std::size_t>(m.us) * (kMaxStones + 1) + static_cast<std::size_t>(m.them)) * 2 +
         static_cast<std::size_t>(kind);
}

LookupError as_lookup_error(const io::TableError& e) {
  const bool os_refused = dynamic_cast<const io::TableIoError*>(&e) != nullptr;
  return LookupError(os_refused ? LookupFailure::io_error : LookupFailure::table_corrupt, e.what());
}

LookupError as_lookup_error(const FileDamage& damage) {
  return LookupError(damage.os_refused ? LookupFailure::io_error : LookupFailure::table_corrupt, damage.reason);
}

LookupFailure failure_of(const FileDamage& damage) {
  return damage.os_refused ? LookupFailure::io_error : LookupFailure::table_corrupt;
}

// Capture positions resolved lately by this thread, for this lookup. Many positions
// capture into the same smaller positions (seeding a class meets each of them again and
// again), and each search below them can itself recurse, so this pays for itself.
struct ResolvedCapture {
  std::uint64_t owner = 0;  // the lookup's id; 0 = empty
  PointSet us = 0, them = 0;
  Value value;
  bool depth_known = false;  // false: resolved by an Access::wdl_only lookup, depth meaningless
};
constexpr std::size_t kResolvedCaptures = std::size_t{1} << 12;

std::uint64_t next_lookup_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

TableLookup::TableLookup(std::shared_ptr<const TableDirectory> directory, const LookupOptions& options)
    : directory_(std::move(directory)),
      id_(next_lookup_id()),
      on_damage_(options.on_damage),
      cache_(io::make_shared_block_cache(options.cache_bytes)) {}

TableLookup::~TableLookup() = default;

// Recursion ends: every capture removes stones, and a side without stones has lost.
// A failure is kFailed (no value is ever `unused`), so that the value comes back in a
// register as it did before the lookup had a non-throwing path.
Value TableLookup::resolve(PointSet us, PointSet them, Material material, Access access, LookupFailureSite& why) const {
  if (!us) return kLostNow;
  if (!them) return {Outcome::win, 0};
  const int m = material.us, n = material.them;
  if (m + n <= kMaxStones) {
    if (const Resident* r = resident_[class_slot(m, n)].load(std::memory_order_acquire)) {
      return unpack_value(r->values[r->index->index_unchecked(us, them)]);
    }
  }
  if (!has_capture(us, them)) return stored(us, them, material, access, why);
  thread_local std::vector<ResolvedCapture> resolved(kResolvedCaptures);
  ResolvedCapture& memo = resolved[sides_key(us, them) % kResolvedCaptures];
  const bool wants_depth = !has(access, Access::wdl_only);
  if (memo.owner == id_ && memo.us == us && memo.them == them && (memo.depth_known || !wants_depth)) return memo.value;
  // One buffer per stone total: each recursion level has fewer stones than its caller.
  thread_local std::array<std::vector<Position>, 2 * kStonesPerSide + 1> buffers;
  std::vector<Position>& results = buffers[static_cast<std::size_t>(material.stones())];
  successors(Position{us, them, Colour::White}, results);
  BestOfSuccessors best;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const Position& p = results[k];
    const Value successor = resolve(p.us, p.them, {count(p.us), count(p.them)}, access, why);
    if (successor.outcome == Outcome::unused) return kFailed;
    best.add(successor);
    // Without depth, any lost successor settles the win: the rest need not be searched.
    if (!wants_depth && successor.outcome == Outcome::loss) break;
  }
  const Value value = best.value();
  memo = {id_, us, them, value, wants_depth};
  return value;
}

Value TableLookup::stored(PointSet us, PointSet them, Material m, Access access, LookupFailureSite& why) const {
  if (m.stones() > kMaxStones) return missing(m, io::TableKind::wdl, why), kFailed;
  const std::uint64_t slot = MaterialIndex::of(m).index_unchecked(us, them);
  // The entry of this kind's file, or false with `why` set.
  const auto read = [&](io::TableKind kind, std::uint16_t& entry) {
    const io::TableReader* r = reader(m, kind, access, why);
    if (!r) return false;
    try {
      if (!has(access, Access::cache_only)) return entry = r->get(slot), true;
      if (const auto hit = r->get_if_cached(slot)) return entry = *hit, true;
    } catch (const io::TableError& e) {
      return mark_damaged(m, kind, as_lookup_error(e), why), false;
    }
    why = {LookupFailure::not_cached, us, them, m, kind, true};
    return false;
  };
  std::uint16_t wdl = 0;
  if (!read(io::TableKind::wdl, wdl)) return kFailed;
  const auto outcome = static_cast<Outcome>(wdl);
  switch (outcome) {
    case Outcome::draw: return {Outcome::draw, 0};
    case Outcome::win:
    case Outcome::loss: {
      std::uint16_t depth = 0;
      if (!has(access, Access::wdl_only) && !read(io::TableKind::depth, depth)) return kFailed;
      return {outcome, depth};
    }
    default:
      mark_damaged(m, io::TableKind::wdl,
                   LookupError(LookupFailure::table_corrupt, directory_->table_file(m, io::TableKind::wdl).string() + ": slot " +
                                                                 std::to_string(slot) + " of a quiet position is marked unused"),
                   why);
      return kFailed;
  }
}

LookupError TableLookup::error(const LookupFailureSite& why) const {
  const auto file = [&] { return directory_->table_file(why.material, why.kind); };
  switch (why.failure) {
    case LookupFailure::bad_position:
      try {
        Position::from_colours(why.us, why.them, Colour::White);
      } catch (const InvalidPosition& e) {
        return LookupError(LookupFailure::bad_position, e.what());
      }
      return LookupError(LookupFailure::bad_position, "not a position");  // game/'s check and try_value's disagree
    case LookupFailure::too_many_stones:
    case LookupFailure::table_missing: {
      // The one place that tells "too many stones" from "missing file" (missing() chose).
      const std::string complete =
          "the tables are complete up to " + std::to_string(listing().max_complete_stones()) + " stones";
      if (why.failure == LookupFailure::too_many_stones)
        return LookupError(why.failure, std::to_string(why.material.stones()) + " stones on the board; " + complete);
      return LookupError(why.failure, file().string() + " is missing; " + complete);
    }
    case LookupFailure::not_cached:
      return LookupError(why.failure, file().string() + (why.opened ? ": block not in the cache" : ": not opened yet"));
    case LookupFailure::table_corrupt:
    case LookupFailure::io_error:
      if (const FileDamage* bad = directory_->damage(why.material, why.kind)) return as_lookup_error(*bad);
      return LookupError(why.failure, file().string() + ": damaged");
  }
  return LookupError(why.failure, file().string() + ": lookup failed");
}

void TableLookup::make_resident(Material material, unsigned threads) {
  std::atomic<const Resident*>& published = resident_[class_slot(material.us, material.them)];
  std::lock_guard lock(resident_mutex_);  // one class at a time; each uses every thread
  if (published.load(std::memory_order_acquire)) return;
  auto resident = std::make_unique<Resident>(Resident{&MaterialIndex::of(material), {}});
  const MaterialIndex& index = *resident->index;
  // Seeding reads it at random: on huge pages (memory/huge_pages.h says why).
  memory::assign_on_huge_pages(resident->values, index.slots(), std::uint16_t{0});
  // The one class walk: quiet positions from a bulk read of the files, capture
  // positions through the lookup (their searches end in smaller classes), in chunks
  // handed out to the threads in turn.
  const ClassWalk walk(*this, material);
  constexpr std::uint64_t kChunk = 1 << 16;
  parallel_for(0, index.slots(), std::max(1u, threads), [&](std::uint64_t first, std::uint64_t last) {
    try {
      walk.visit(first, last, [&](const SlotCursor& slot, const Value& v, bool) {
        if (v.outcome == Outcome::unused)
          throw LookupError(LookupFailure::table_corrupt, walk.file(io::TableKind::wdl).file().string() + ": slot " +
                                                              std::to_string(slot.slot()) + " of a quiet position is marked unused");
        if (v.depth >= kPackedDepthLimit)
          throw LookupError(LookupFailure::table_corrupt, walk.file(io::TableKind::depth).file().string() + ": depth " +
                                                              std::to_string(v.depth) + " out of range");
        resident->values[slot.slot()] = pack_value(v);
      });
    } catch (const io::TableError& e) {
      throw as_lookup_error(e);
    }
  }, kChunk);
  resident_bytes_ += resident->values.size() * kResidentBytesPerSlot;
  published.store(resident.get(), std::memory_order_release);
  resident_owned_.push_back(std::move(resident));
}

void TableLookup::hold_resident_values(Material material, std::vector<std::uint16_t> values) {
  const MaterialIndex& index = MaterialIndex::of(material);
  if (values.size() != index.slots())
    throw std::invalid_argument(to_string(material) + ": " + std::to_string(values.size()) + " values for " +
                                std::to_string(index.slots()) + " slots");
  std::atomic<const Resident*>& published = resident_[class_slot(material.us, material.them)];
  std::lock_guard lock(resident_mutex_);
  if (published.load(std::memory_order_acquire)) return;
  auto resident = std::make_unique<Resident>(Resident{&index, std::move(values)});
  resident_bytes_ += resident->values.size() * kResidentBytesPerSlot;
  published.store(resident.get(), std::memory_order_release);
  resident_owned_.push_back(std::move(resident));
}

void TableLookup::drop_resident(Material material) {
  std::atomic<const Resident*>& published = resident_[class_slot(material.us, material.them)];
  std::lock_guard lock(resident_mutex_);
  const Resident* resident = published.exchange(nullptr, std::memory_order_acq_rel);
  if (!resident) return;
  resident_bytes_ -= resident->values.size() * kResidentBytesPerSlot;
  std::erase_if(resident_owned_, [&](const std::unique_ptr<Resident>& r) { return r.get() == resident; });
}

bool TableLookup::is_resident(Material material) const {
  return resident_[class_slot(material.us, material.them)].load(std::memory_order_acquire);
}

std::optional<Value> TableLookup::resident_value(Material material, std::uint64_t slot) const {
  const Resident* r = resident_[class_slot(material.us, material.them)].load(std::memory_order_acquire);
  if (!r) return std::nullopt;
  return unpack_value(r->values[slot]);
}

const io::TableReader& TableLookup::file(Material material, io::TableKind kind) const {
  LookupFailureSite why;
  const io::TableReader* r = reader(material, kind, Access::may_read, why);
  if (!r) throw error(why);
  return *r;
}

const io::TableReader* TableLookup::reader(Material material, io::TableKind kind, Access access,
                                          LookupFailureSite& why) const {
  const std::size_t slot = slot_of(material, kind);
  std::atomic<const io::TableReader*>& published = readers_[slot];
  if (const io::TableReader* r = published.load(std::memory_order_acquire)) return r;
  const auto damaged = [&](const FileDamage* bad) {
    why = {failure_of(*bad), 0, 0, material, kind, true};
    return nullptr;
  };
  if (const FileDamage* bad = directory_->damage(material, kind)) return damaged(bad);
  if (has(access, Access::cache_only)) {
    why = {LookupFailure::not_cached, 0, 0, material, kind, false};
    return nullptr;
  }
  std::optional<LookupError> refused;
  {
    std::lock_guard lock(open_mutex_);
    if (const io::TableReader* r = published.load(std::memory_order_relaxed)) return r;
    if (const FileDamage* bad = directory_->damage(material, kind)) return damaged(bad);
    std::error_code error;
    if (!std::filesystem::exists(directory_->table_file(material, kind), error)) return missing(material, kind, why), nullptr;
    try {
      owned_.push_back(std::make_unique<io::TableReader>(directory_->open_table(material, kind, cache_)));
      published.store(owned_.back().get(), std::memory_order_release);
      return owned_.back().get();
    } catch (const io::TableError& e) {
      refused = as_lookup_error(e);
    }
  }
  mark_damaged(material, kind, *refused, why);  // outside the lock: it calls on_damage
  return nullptr;
}

std::vector<LookupError> TableLookup::open_listed_files() const {
  std::vector<LookupError> damaged;
  for (const ClassFiles& f : listing().classes()) {
    for (const auto& [kind, present] : {std::pair{io::TableKind::wdl, f.wdl}, std::pair{io::TableKind::depth, f.depth}}) {
      LookupFailureSite why;
      if (present && !reader(f.material, kind, Access::may_read, why)) damaged.push_back(error(why));
    }
  }
  return damaged;
}

void TableLookup::load_into_cache(Material material, io::TableKind kind) const {
  const io::TableReader& r = file(material, kind);
  const io::TableHeader& h = r.header();
  try {
    for (std::uint64_t first = 0; first < h.entry_count; first += h.entries_per_block) r.get(first);
  } catch (const io::TableError& e) {
    LookupFailureSite why;
    mark_damaged(material, kind, as_lookup_error(e), why);
    throw error(why);
  }
}

std::uint64_t TableLookup::blocks_bytes(Material material, io::TableKind kind) const {
  const io::TableHeader& h = file(material, kind).header();
  const std::uint64_t block_bytes = (std::uint64_t{h.entries_per_block} * h.bits_per_entry + 7) / 8;
  return std::uint64_t{h.block_count} * block_bytes;
}

// Recorded once per file in the directory, which every lookup on it shares; the reader
// of a file found damaged while reading its blocks is unpublished but kept, since other
// threads may be inside it.
void TableLookup::mark_damaged(Material material, io::TableKind kind, const LookupError& error,
                               LookupFailureSite& why) const {
  bool found_here = false;
  std::optional<LookupError> first;
  {
    std::lock_guard lock(open_mutex_);
    const bool os_refused = error.failure() == LookupFailure::io_error;
    first = as_lookup_error(directory_->record_damage(material, kind, FileDamage{os_refused, error.what()}, &found_here));
    readers_[slot_of(material, kind)].store(nullptr, std::memory_order_release);
  }
  if (found_here && on_damage_) on_damage_(*first);
  why = {first->failure(), 0, 0, material, kind, true};
}

// No class of this total or more has a file: the directory does not go this far
// (too_many_stones). Some has: this file's absence leaves a hole in it (a half-copied
// directory, say). error() writes the message.
void TableLookup::missing(Material material, io::TableKind kind, LookupFailureSite& why) const {
  const LookupFailure failure =
      material.stones() > listing().max_stones_found() ? LookupFailure::too_many_stones : LookupFailure::table_missing;
  why = {failure, 0, 0, material, kind, true};
}

}  // namespace tsivy
