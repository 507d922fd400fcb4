#include "lookup/table_lookup.h"

#include <algorithm>
#include <optional>
#include <system_error>

#include "game/movegen.h"
#include "game/zobrist.h"
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

TableLookup::TableLookup(std::filesystem::path dir, const LookupOptions& options)
    : dir_(std::move(dir)),
      id_(next_lookup_id()),
      on_damage_(options.on_damage),
      listing_(dir_),
      cache_(io::make_shared_block_cache(options.cache_bytes)) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir_, error))
    throw LookupError(LookupFailure::table_missing, dir_.string() + ": not a table directory");
}

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
                   LookupError(LookupFailure::table_corrupt, table_file(dir_, m, io::TableKind::wdl).string() + ": slot " +
                                                                 std::to_string(slot) + " of a quiet position is marked unused"),
                   why);
      return kFailed;
  }
}

LookupError TableLookup::error(const LookupFailureSite& why) const {
  const auto file = [&] { return table_file(dir_, why.material, why.kind); };
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
          "the tables are complete up to " + std::to_string(listing_.max_complete_stones()) + " stones";
      if (why.failure == LookupFailure::too_many_stones)
        return LookupError(why.failure, std::to_string(why.material.stones()) + " stones on the board; " + complete);
      return LookupError(why.failure, file().string() + " is missing; " + complete);
    }
    case LookupFailure::not_cached:
      return LookupError(why.failure, file().string() + (why.opened ? ": block not in the cache" : ": not opened yet"));
    case LookupFailure::table_corrupt:
    case LookupFailure::io_error:
      if (const LookupError* bad = damaged_[slot_of(why.material, why.kind)].load(std::memory_order_acquire)) return *bad;
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
  const io::TableReader& wdl = reader_or_throw(material, io::TableKind::wdl);
  const io::TableReader& depth = reader_or_throw(material, io::TableKind::depth);
  // Chunks handed out to the threads in turn; quiet positions from a bulk read of the
  // files, capture positions through resolve() (its searches end in smaller classes).
  constexpr std::uint64_t kChunk = 1 << 16;
  const unsigned workers = std::max(1u, threads);
  std::vector<std::vector<std::uint8_t>> wdl_chunks(workers);
  std::vector<std::vector<std::uint16_t>> depth_chunks(workers);
  parallel_for(0, index.slots(), workers, [&](std::uint64_t first, std::uint64_t last, unsigned t) {
    std::vector<std::uint8_t>& w = wdl_chunks[t];
    std::vector<std::uint16_t>& d = depth_chunks[t];
    w.resize(last - first);
    d.resize(last - first);
    try {
      wdl.read(first, std::span<std::uint8_t>(w));
      depth.read(first, std::span<std::uint16_t>(d));
    } catch (const io::TableError& e) {
      throw as_lookup_error(e);
    }
    for_each_slot(index, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      const std::uint64_t k = slot.slot() - first;
      Value v;
      if (!reads_entry(slot.us(), slot.them())) {
        LookupFailureSite why;
        v = resolve(slot.us(), slot.them(), material, Access::may_read, why);
        if (v.outcome == Outcome::unused) throw error(why);
      } else {
        v.outcome = static_cast<Outcome>(w[k]);
        if (v.outcome == Outcome::unused)
          throw LookupError(LookupFailure::table_corrupt, wdl.file().string() + ": slot " + std::to_string(slot.slot()) +
                                                              " of a quiet position is marked unused");
        v.depth = v.outcome == Outcome::draw ? 0 : d[k];
      }
      if (v.depth >= kPackedDepthLimit)
        throw LookupError(LookupFailure::table_corrupt, depth.file().string() + ": depth " + std::to_string(v.depth) +
                                                            " out of range");
      resident->values[slot.slot()] = pack_value(v);
    });
  }, kChunk);
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

const io::TableReader* TableLookup::reader(Material material, io::TableKind kind, Access access,
                                          LookupFailureSite& why) const {
  const std::size_t slot = slot_of(material, kind);
  std::atomic<const io::TableReader*>& published = readers_[slot];
  if (const io::TableReader* r = published.load(std::memory_order_acquire)) return r;
  const auto damaged = [&](const LookupError* bad) {
    why = {bad->failure(), 0, 0, material, kind, true};
    return nullptr;
  };
  if (const LookupError* bad = damaged_[slot].load(std::memory_order_acquire)) return damaged(bad);
  if (has(access, Access::cache_only)) {
    why = {LookupFailure::not_cached, 0, 0, material, kind, false};
    return nullptr;
  }
  std::optional<LookupError> refused;
  {
    std::lock_guard lock(open_mutex_);
    if (const io::TableReader* r = published.load(std::memory_order_relaxed)) return r;
    if (const LookupError* bad = damaged_[slot].load(std::memory_order_relaxed)) return damaged(bad);
    std::error_code error;
    if (!std::filesystem::exists(table_file(dir_, material, kind), error)) return missing(material, kind, why), nullptr;
    try {
      owned_.push_back(std::make_unique<io::TableReader>(open_class_file(dir_, material, kind, cache_)));
      published.store(owned_.back().get(), std::memory_order_release);
      return owned_.back().get();
    } catch (const io::TableError& e) {
      refused = as_lookup_error(e);
    }
  }
  mark_damaged(material, kind, *refused, why);  // outside the lock: it calls on_damage
  return nullptr;
}

const io::TableReader& TableLookup::reader_or_throw(Material material, io::TableKind kind) const {
  LookupFailureSite why;
  const io::TableReader* r = reader(material, kind, Access::may_read, why);
  if (!r) throw error(why);
  return *r;
}

void TableLookup::open_listed_files() const {
  for (const ClassFiles& f : listing_.classes()) {
    if (f.wdl) reader_or_throw(f.material, io::TableKind::wdl);
    if (f.depth) reader_or_throw(f.material, io::TableKind::depth);
  }
}

void TableLookup::load_into_cache(Material material, io::TableKind kind) const {
  const io::TableReader& r = reader_or_throw(material, kind);
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
  const io::TableHeader& h = reader_or_throw(material, kind).header();
  const std::uint64_t block_bytes = (std::uint64_t{h.entries_per_block} * h.bits_per_entry + 7) / 8;
  return std::uint64_t{h.block_count} * block_bytes;
}

// Published once per file, like a reader; the reader of a file found damaged while
// reading its blocks is unpublished but kept, since other threads may be inside it.
void TableLookup::mark_damaged(Material material, io::TableKind kind, const LookupError& error,
                               LookupFailureSite& why) const {
  const std::size_t slot = slot_of(material, kind);
  const LookupError* first = nullptr;
  bool found_here = false;
  {
    std::lock_guard lock(open_mutex_);
    first = damaged_[slot].load(std::memory_order_relaxed);
    if (!first) {
      damaged_owned_.push_back(std::make_unique<LookupError>(error));
      first = damaged_owned_.back().get();
      damaged_[slot].store(first, std::memory_order_release);
      readers_[slot].store(nullptr, std::memory_order_release);
      found_here = true;
    }
  }
  if (found_here && on_damage_) on_damage_(*first);
  why = {first->failure(), 0, 0, material, kind, true};
}

// No class of this total or more has a file: the directory does not go this far
// (too_many_stones). Some has: this file's absence leaves a hole in it (a half-copied
// directory, say). error() writes the message.
void TableLookup::missing(Material material, io::TableKind kind, LookupFailureSite& why) const {
  const LookupFailure failure =
      material.stones() > listing_.max_stones_found() ? LookupFailure::too_many_stones : LookupFailure::table_missing;
  why = {failure, 0, 0, material, kind, true};
}

}  // namespace tsivy
