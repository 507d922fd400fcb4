// The one capture-resolving lookup (docs/architecture.md, "Lookup and probe"): the value of
// any position from a directory of table files. Quiet positions come from their class's
// files; a position whose side to move has a capture is resolved by searching every
// capture sequence and every stopping point into smaller classes, recursively, because
// the files do not keep those entries (they hold whatever compresses best). The
// solver's seeding, `verify` and the probe library all read tables through this class.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/position.h"
#include "indexing/material_index.h"
#include "io/table_reader.h"
#include "lookup/outcome.h"
#include "table_dir/table_directory.h"

namespace tsivy {

// Why a lookup failed; the probe library turns each into its own status code.
enum class LookupFailure : std::uint8_t {
  bad_position,     // overlapping sets, stones off the board, or too many of one side
  too_many_stones,  // more stones than any class with a file in the directory
  table_missing,    // a class the position needs has no file, within that range
  table_corrupt,    // a file is not a valid table of its class, or a block is damaged
  io_error,         // the operating system refused to open or read a file
  not_cached,       // Access::cache_only, and a needed block or file is not in memory
};

class LookupError : public std::runtime_error {
 public:
  LookupError(LookupFailure failure, const std::string& message) : std::runtime_error(message), failure_(failure) {}
  LookupFailure failure() const noexcept { return failure_; }

 private:
  LookupFailure failure_;
};

// Where a lookup failed, without its message: what try_value() reports, so that a
// caller refused often (a search probing outside the tables) pays neither for an
// exception nor for a text it may never read. error() turns it into the LookupError
// that value() throws, message and all. The lookup writes it only when it fails, so a
// caller's need not be initialised (nothing stored on the hot path).
struct LookupFailureSite {
  LookupFailure failure;
  PointSet us, them;          // the position asked (the message of a bad_position)
  Material material;          // the class whose file failed (every other failure)
  io::TableKind kind;
  bool opened;                // not_cached: false when the file was not even opened yet
};

// How a lookup may find its value; cache_only and wdl_only combine (operator|).
enum class Access : unsigned {
  may_read = 0,    // read and decompress blocks as needed
  cache_only = 1,  // answer from decompressed blocks in memory only (for probes inside a search)
  wdl_only = 2,    // win, draw or loss only: no depth file is opened or read, and the
                   // Value's depth means nothing (the search's cheap probe, tsivy_probe_wdl)
};
constexpr Access operator|(Access a, Access b) {
  return static_cast<Access>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool has(Access access, Access flag) { return (static_cast<unsigned>(access) & static_cast<unsigned>(flag)) != 0; }

struct LookupOptions {
  // Decompressed blocks kept in memory, one budget for every table of the directory.
  std::size_t cache_bytes = std::size_t{64} << 20;
  // Called once per file when a lookup first finds it damaged (table_corrupt, or
  // io_error: the system refused to read it), on the thread that found it and outside
  // any lock of the lookup. The file is marked bad then: every later lookup that needs
  // it fails at once with the same error, without opening or reading it again.
  std::function<void(const LookupError&)> on_damage = nullptr;
};

class TableLookup {
 public:
  // Reads the files of `directory` (TableDirectory::open lists them); opens none of them
  // yet (each on first use). Files found damaged are recorded in the directory, which
  // every lookup on it shares.
  explicit TableLookup(std::shared_ptr<const TableDirectory> directory, const LookupOptions& options = {});
  ~TableLookup();
  TableLookup(const TableLookup&) = delete;
  TableLookup& operator=(const TableLookup&) = delete;

  const TableDirectory& directory() const { return *directory_; }
  const std::shared_ptr<const TableDirectory>& shared_directory() const { return directory_; }

  // The table files in the directory when it was opened.
  const TableListing& listing() const { return directory_->listing(); }

  // Opens every file of listing() now rather than on first use, with io::TableReader's
  // checks at open (header, value counts, block index against the file's size), so that
  // a truncated or damaged file is found here and not at some later lookup. Each bad
  // file is recorded in the directory (TableDirectory::damage, see on_damage) and the
  // others are opened all the same; returns the errors of the bad files, in listing
  // order (empty when every file opened).
  std::vector<LookupError> open_listed_files() const;

  // The class's file of this kind, opened now if not yet (header checked; blocks through
  // the shared block cache). Throws LookupError as value() does for a missing or
  // damaged file. Thread-safe. (lookup/class_walk.h reads whole classes through it.)
  const io::TableReader& file(Material material, io::TableKind kind) const;

  // Decompresses every block of the class's file of this kind into the shared block
  // cache, so that Access::cache_only lookups find them (tsivy_preload); blocks_bytes()
  // is the memory they take there. Thread-safe. Throws LookupError.
  void load_into_cache(Material material, io::TableKind kind) const;
  std::uint64_t blocks_bytes(Material material, io::TableKind kind) const;

  // The value of the position for the side to move (us). A side to move without stones
  // has LOSS 0, one whose opponent has none WIN 0. The position is checked here, and
  // only here on the probe library's path (game/'s rule, Position::from_colours).
  // Thread-safe. Throws LookupError: error() of try_value()'s failure.
  Value value(PointSet us, PointSet them, Access access = Access::may_read) const {
    return value(us, them, access, [](Material) {});
  }
  // The same, calling `admit(material)` once the position is checked and before any table
  // is read, with both sides' stone counts: the probe library refuses there the classes
  // its directory does not answer. Stones are checked and counted once for both.
  template <class Admit>
  Value value(PointSet us, PointSet them, Access access, Admit&& admit) const {
    Value found;
    LookupFailureSite why;
    const auto admit_all = [&](Material material) {
      admit(material);
      return true;
    };
    if (!try_value(us, them, access, admit_all, found, why)) throw error(why);
    return found;
  }

  // The same lookup without exceptions for its failures: true with `found` set, or false
  // with `why` set (a first read of a damaged block still reports it once through
  // on_damage; memory exhaustion still throws std::bad_alloc). `admit(material)`
  // returns false to refuse the position before any table is read: try_value() then
  // returns false leaving `why` as it was, the refusal being the caller's own.
  template <class Admit>
  bool try_value(PointSet us, PointSet them, Access access, Admit&& admit, Value& found, LookupFailureSite& why) const {
    const Material material{count(us), count(them)};
    if (((us | them) & ~kBoard) || (us & them) || material.us > kStonesPerSide || material.them > kStonesPerSide) {
      why = {LookupFailure::bad_position, us, them, {}, io::TableKind::wdl, true};
      return false;
    }
    if (!admit(material)) return false;
    const Value value = resolve(us, them, material, access, why);
    if (value.outcome == Outcome::unused) return false;
    found = value;
    return true;
  }

  // The LookupError value() throws for a failure try_value() reported: the message says
  // which file and why (a damaged file's, as found when it was marked bad).
  LookupError error(const LookupFailureSite& why) const;

  // Keeps the value of every position of `material` in memory, capture positions
  // resolved, so that later lookups into the class are one array read and no capture
  // search (2 bytes per index slot; resident_bytes() says how many are held). For the
  // solver's seeding, which meets the same smaller positions again and again. Making
  // classes resident smallest first lets each one's capture searches end in classes
  // already resident. Works on `threads` threads; does nothing for a resident class.
  // Thread-safe. Throws LookupError.
  void make_resident(Material material, unsigned threads);
  // Holds `values`, the packed value (lookup/value_code.h) of every slot of the class,
  // capture positions included, as its resident values, as make_resident would hold
  // them but read elsewhere: `verify` reads them from the class's value files
  // (solver/table_files.h) to check them, and no table file is read here. Does nothing
  // for a resident class. Thread-safe. Throws std::invalid_argument unless there is one
  // value a slot.
  void hold_resident_values(Material material, std::vector<std::uint16_t> values);
  // Frees a resident class; later lookups into it read its files again. Only while no
  // other thread uses this lookup (between the passes of verify or stats, which keep
  // at most one pair of large classes resident at a time). Nothing for a class not resident.
  void drop_resident(Material material);
  bool is_resident(Material material) const;
  // The value a resident class holds at `slot` (below its slot count), read without
  // indexing a position: for a scan over the class itself (verify). nullopt when the
  // class is not resident.
  std::optional<Value> resident_value(Material material, std::uint64_t slot) const;
  std::size_t resident_bytes() const { return resident_bytes_.load(); }
  // Memory a resident class takes per index slot (what `tsivy plan` counts).
  static constexpr std::size_t kResidentBytesPerSlot = sizeof(std::uint16_t);

  // Whether value() reads the stored entry of this (canonical) position: only quiet
  // positions are read, and of those the depth file only for wins and losses. Every
  // other entry is "don't care" to writers, and unchecked by verify.
  static bool reads_entry(PointSet us, PointSet them) { return !has_capture(us, them); }

 private:
  static constexpr std::size_t kClassSlots = (kMaxStones + 1) * (kMaxStones + 1);
  static constexpr std::size_t class_slot(int us, int them) { return static_cast<std::size_t>(us * (kMaxStones + 1) + them); }
  // Each returns kFailed with `why` set instead of throwing a lookup failure.
  static constexpr Value kFailed{Outcome::unused, 0};
  Value resolve(PointSet us, PointSet them, Material material, Access access, LookupFailureSite& why) const;
  Value stored(PointSet us, PointSet them, Material material, Access access, LookupFailureSite& why) const;
  const io::TableReader* reader(Material material, io::TableKind kind, Access access, LookupFailureSite& why) const;
  // Marks the file bad (once: the first error stays, on_damage hears of it once) and
  // sets `why` to that first error's failure.
  void mark_damaged(Material material, io::TableKind kind, const LookupError& error, LookupFailureSite& why) const;
  void missing(Material material, io::TableKind kind, LookupFailureSite& why) const;

  // A resident class: its values packed in two bytes each (lookup/value_code.h).
  struct Resident {
    const MaterialIndex* index;
    std::vector<std::uint16_t> values;
  };
  static_assert(sizeof(decltype(Resident::values)::value_type) == kResidentBytesPerSlot);

  std::shared_ptr<const TableDirectory> directory_;
  std::uint64_t id_;  // tells this lookup's entries apart in per-thread memos
  std::function<void(const LookupError&)> on_damage_;
  io::SharedBlockCache cache_;
  // Opened readers by (class, kind); published once, read without a lock afterwards.
  mutable std::array<std::atomic<const io::TableReader*>, 2 * kClassSlots> readers_{};
  mutable std::mutex open_mutex_;
  mutable std::vector<std::unique_ptr<io::TableReader>> owned_;
  std::array<std::atomic<const Resident*>, kClassSlots> resident_{};
  std::mutex resident_mutex_;
  std::vector<std::unique_ptr<Resident>> resident_owned_;
  std::atomic<std::size_t> resident_bytes_{0};
};

}  // namespace tsivy
