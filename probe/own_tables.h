// A handle of libtsivy (tsivy.h's tsivy_tables): tables of this library's own board
// (OwnTables, over the one lookup), or of another board, whose library every call is
// forwarded to (board_library.h). And the value of a position through a handle, without
// an exception for the refusals a search meets millions of times. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "lookup/outcome.h"
#include "lookup/table_lookup.h"
#include "probe/api_errors.h"
#include "probe/board_library.h"
#include "probe/class_availability.h"
#include "probe/message_memo.h"
#include "table_dir/table_directory.h"
#include "tsivy/tsivy.h"

// A handle. For tables of another board (board_library.h) it holds that board's
// library and handle, and every call forwards; otherwise it is an OwnTables.
struct tsivy_tables {
  const tsivy::probe::BoardLibrary* foreign = nullptr;
  tsivy_tables* inner = nullptr;  // the board library's handle
};

namespace tsivy::probe {

struct OwnTables;
// Calls the handle's log callback, if any (a callback that throws is ignored).
void log_to(const OwnTables* tables, int level, const std::string& message) noexcept;

// Tables of this library's own board.
struct OwnTables final : tsivy_tables {
  OwnTables(std::shared_ptr<const TableDirectory> directory, LookupOptions options, tsivy_log_fn log_fn,
            void* user)
      : log(log_fn),
        log_user(user),
        cache_bytes(options.cache_bytes),
        lookup(std::move(directory), logging_damage(std::move(options))),
        availability(with_files_opened(lookup)) {}

  tsivy_log_fn log;
  void* log_user;
  std::size_t cache_bytes;
  TableLookup lookup;
  ClassAvailability availability;
  std::vector<tsivy_class> classes;  // as found at open
  // The messages of refused classes, by need and class (refusal_slot), and of a file's
  // blocks not cached or its damage (file_failure_slot): built once each, copied after.
  // (A file found damaged keeps its first error: lookup/table_lookup.h, on_damage.)
  MessageMemo refusals{2 * kSideSlots * kSideSlots};
  MessageMemo file_failures{kClassSlots * 2 * 3};

  static constexpr std::size_t kSideSlots = kStonesPerSide + 1;
  static constexpr std::size_t kClassSlots = (kMaxStones + 1) * (kMaxStones + 1);
  static std::size_t refusal_slot(Material m, Need need) {
    return (need == Need::wdl ? 0 : kSideSlots * kSideSlots) + static_cast<std::size_t>(m.us) * kSideSlots +
           static_cast<std::size_t>(m.them);
  }
  // A block not cached (of an opened file or not), or the file damaged.
  static std::size_t file_failure_slot(const LookupFailureSite& why) {
    const std::size_t file =
        static_cast<std::size_t>(why.material.us * (kMaxStones + 1) + why.material.them) * 2 +
        (why.kind == io::TableKind::wdl ? 0 : 1);
    const std::size_t variant = why.failure != LookupFailure::not_cached ? 2 : why.opened ? 1 : 0;
    return file * 3 + variant;
  }

 private:
  // Headers and block indexes now: a truncated or damaged file is found here, not met
  // by some probe later (blocks are checked as probes read them, tsivy_check() reads
  // them all). The directory records it, so that its class is unavailable.
  static const TableDirectory& with_files_opened(const TableLookup& lookup) {
    lookup.open_listed_files();
    return lookup.directory();
  }
  // The lookup marks a damaged file bad once and says so once: one log line per file,
  // however many probes meet it afterwards.
  LookupOptions logging_damage(LookupOptions options) const {
    options.on_damage = [this](const LookupError& e) { log_to(this, TSIVY_LOG_ERROR, e.what()); };
    return options;
  }
};

inline bool is_foreign(const tsivy_tables* tables) { return tables && tables->foreign; }
inline const OwnTables* own(const tsivy_tables* tables) { return static_cast<const OwnTables*>(tables); }

// Calls a board library's `fn`; a failure's message, that library's tsivy_last_error(),
// becomes this library's too.
template <class Fn, class... Args>
inline int forward(const BoardLibrary& library, Fn fn, Args... args) noexcept {
  const int status = fn(args...);
  if (status != TSIVY_OK) record(library.last_error());
  return status;
}

static_assert(TSIVY_WIN == 1 && TSIVY_DRAW == 0 && TSIVY_LOSS == -1, "lookup/outcome.h's value_of_wdl reads them so");

inline int wdl_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::win: return TSIVY_WIN;
    case Outcome::draw: return TSIVY_DRAW;
    case Outcome::loss: return TSIVY_LOSS;
    default: fail(TSIVY_ERROR_TABLE_CORRUPT, "the tables hold no value for this position (unused entry)");
  }
}

// The status of a class the directory does not answer, and of a lookup's failure, each
// with its message kept as the thread's (own_tables.cpp). Out of line and cold: kept out
// of the probes' hot path, whose registers they would otherwise crowd (callgrind: 46
// instructions a hit when inlined).
[[gnu::noinline, gnu::cold]] int refuse_class(const OwnTables* tables, Material material, Need need) noexcept;
[[gnu::noinline, gnu::cold]] int lookup_failed(const OwnTables* tables, const LookupFailureSite& why) noexcept;

// The value of a position whose class the directory answers (tsivy.h: the contract of
// TOO_MANY_STONES and TABLE_MISSING), into `value`; else the status, without an
// exception. The lookup checks the position and counts its stones once, and asks here
// before it reads a table.
[[gnu::always_inline]] inline int value_of(const OwnTables* tables, uint64_t us, uint64_t them, Access access,
                                           Value& value) {
  const Need need = has(access, Access::wdl_only) ? Need::wdl : Need::depth;
  Material refused{};
  LookupFailureSite why;
  const auto admit = [&](Material material) {
    // A side without stones has lost, however many the other has: no table is needed.
    if (!material.us || !material.them || tables->availability.answers(material, need)) return true;
    refused = material;
    return false;
  };
  if (tables->lookup.try_value(us, them, access, admit, value, why)) return TSIVY_OK;
  return refused.us ? refuse_class(tables, refused, need) : lookup_failed(tables, why);
}

}  // namespace tsivy::probe
