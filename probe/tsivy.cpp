// The C API of libtsivy (include/tsivy/tsivy.h) over the one capture-resolving lookup.
// Every entry point catches everything: no exception crosses the C boundary, and each
// failure becomes its status code plus a thread-local message.
#include "tsivy/tsivy.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "game/geometry.h"
#include "game/movegen.h"
#include "game/notation.h"
#include "game/position.h"
#include "io/table_file.h"
#include "lookup/table_lookup.h"
#include "probe/board_library.h"
#include "probe/class_availability.h"
#include "probe/message_memo.h"
#include "table_dir/board_record.h"
#include "table_dir/table_directory.h"

// A handle. For tables of another board (board_library.h) it holds that board's
// library and handle, and every call forwards; otherwise it is an OwnTables.
struct tsivy_tables {
  const tsivy::probe::BoardLibrary* foreign = nullptr;
  tsivy_tables* inner = nullptr;  // the board library's handle
};

namespace {

struct OwnTables;
void log_to(const OwnTables* tables, int level, const std::string& message) noexcept;

// Tables of this library's own board.
struct OwnTables final : tsivy_tables {
  OwnTables(std::shared_ptr<const tsivy::TableDirectory> directory, tsivy::LookupOptions options, tsivy_log_fn log_fn,
            void* user)
      : log(log_fn),
        log_user(user),
        cache_bytes(options.cache_bytes),
        lookup(std::move(directory), logging_damage(std::move(options))),
        availability(with_files_opened(lookup)) {}

  tsivy_log_fn log;
  void* log_user;
  std::size_t cache_bytes;
  tsivy::TableLookup lookup;
  tsivy::probe::ClassAvailability availability;
  std::vector<tsivy_class> classes;  // as found at open
  // The messages of refused classes, by need and class (refusal_slot), and of a file's
  // blocks not cached or its damage (file_failure_slot): built once each, copied after.
  // (A file found damaged keeps its first error: lookup/table_lookup.h, on_damage.)
  tsivy::probe::MessageMemo refusals{2 * kSideSlots * kSideSlots};
  tsivy::probe::MessageMemo file_failures{kClassSlots * 2 * 3};

  static constexpr std::size_t kSideSlots = tsivy::kStonesPerSide + 1;
  static constexpr std::size_t kClassSlots = (tsivy::kMaxStones + 1) * (tsivy::kMaxStones + 1);
  static std::size_t refusal_slot(tsivy::Material m, tsivy::probe::Need need) {
    return (need == tsivy::probe::Need::wdl ? 0 : kSideSlots * kSideSlots) + static_cast<std::size_t>(m.us) * kSideSlots +
           static_cast<std::size_t>(m.them);
  }
  // A block not cached (of an opened file or not), or the file damaged.
  static std::size_t file_failure_slot(const tsivy::LookupFailureSite& why) {
    const std::size_t file =
        static_cast<std::size_t>(why.material.us * (tsivy::kMaxStones + 1) + why.material.them) * 2 +
        (why.kind == tsivy::io::TableKind::wdl ? 0 : 1);
    const std::size_t variant = why.failure != tsivy::LookupFailure::not_cached ? 2 : why.opened ? 1 : 0;
    return file * 3 + variant;
  }

 private:
  // Headers and block indexes now: a truncated or damaged file is found here, not met
  // by some probe later (blocks are checked as probes read them, tsivy_check() reads
  // them all). The directory records it, so that its class is unavailable.
  static const tsivy::TableDirectory& with_files_opened(const tsivy::TableLookup& lookup) {
    lookup.open_listed_files();
    return lookup.directory();
  }
  // The lookup marks a damaged file bad once and says so once: one log line per file,
  // however many probes meet it afterwards.
  tsivy::LookupOptions logging_damage(tsivy::LookupOptions options) const {
    options.on_damage = [this](const tsivy::LookupError& e) { log_to(this, TSIVY_LOG_ERROR, e.what()); };
    return options;
  }
};

using tsivy::Outcome;
using tsivy::PointSet;
using tsivy::Value;

// This thread's last failure (tsivy_last_error). A refused probe copies a message built
// once per handle (MessageMemo); a bad position only keeps its sets, and its message is
// written when asked for.
struct LastError {
  std::string text;
  bool bad_position_pending = false;
  uint64_t us = 0, them = 0;
};
thread_local LastError last_error;

// Thrown inside this file only, for failures the C API itself detects.
struct Failure {
  int status;
  std::string message;
};

void log_to(const OwnTables* tables, int level, const std::string& message) noexcept {
  if (!tables || !tables->log) return;
  try {
    tables->log(tables->log_user, level, message.c_str());
  } catch (...) {  // a C++ callback that throws must not take the library down
  }
}

int status_of(tsivy::LookupFailure failure) {
  switch (failure) {
    case tsivy::LookupFailure::bad_position: return TSIVY_ERROR_BAD_POSITION;
    case tsivy::LookupFailure::too_many_stones: return TSIVY_ERROR_TOO_MANY_STONES;
    case tsivy::LookupFailure::table_missing: return TSIVY_ERROR_TABLE_MISSING;
    case tsivy::LookupFailure::table_corrupt: return TSIVY_ERROR_TABLE_CORRUPT;
    case tsivy::LookupFailure::io_error: return TSIVY_ERROR_IO;
    case tsivy::LookupFailure::not_cached: return TSIVY_ERROR_NOT_CACHED;
  }
  return TSIVY_ERROR_INTERNAL;
}

// Keeps `message` as this thread's last error; copying it may fail for want of memory,
// which must not escape either. Assigning reuses the text's room: no allocation once a
// message as long was kept.
void record(std::string_view message) noexcept {
  last_error.bad_position_pending = false;
  try {
    last_error.text.assign(message);
  } catch (...) {
    last_error.text.clear();
  }
}

void record_bad_position(uint64_t us, uint64_t them) noexcept {
  last_error.bad_position_pending = true;
  last_error.us = us;
  last_error.them = them;
}

// The message of this thread's last failure, written now if it was left for later.
const std::string& last_message() noexcept {
  if (last_error.bad_position_pending) {
    const uint64_t us = last_error.us, them = last_error.them;
    try {
      tsivy::Position::from_colours(us, them, tsivy::Colour::White);
      record("not a position");  // game/'s check and the lookup's disagree
    } catch (const tsivy::InvalidPosition& e) {
      record(e.what());
    } catch (...) {
      record("bad position (its message could not be written)");
    }
  }
  return last_error.text;
}

// Runs `body`, turning every exception into a status and the thread's message.
// Inlined into every entry point: for the probes, the search's hot path, an out-of-line
// call through the lambda's captures cost a cached probe 46 instructions of about 1000
// (callgrind, random positions of 2 to 4 stones).
// `invalid_input` is the status of a tsivy::InvalidPosition (bad FEN or bad sets).
template <class Body>
[[gnu::always_inline]] inline int guarded(int invalid_input, Body&& body) noexcept {
  int status = TSIVY_ERROR_INTERNAL;
  try {
    if constexpr (std::is_void_v<decltype(body())>) {
      body();
      return TSIVY_OK;
    } else {
      return body();  // a status of its own: the failures met without an exception
    }
  } catch (const Failure& f) {
    status = f.status;
    record(f.message.c_str());
  } catch (const tsivy::LookupError& e) {
    status = status_of(e.failure());
    record(e.what());
  } catch (const tsivy::InvalidPosition& e) {
    status = invalid_input;
    record(e.what());
  } catch (const std::bad_alloc&) {
    status = TSIVY_ERROR_OUT_OF_MEMORY;
    record("out of memory");
  } catch (const tsivy::io::TableError& e) {  // not expected past the lookup, but a damaged file all the same
    status = TSIVY_ERROR_TABLE_CORRUPT;
    record(e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    status = TSIVY_ERROR_IO;
    record(e.what());
  } catch (const std::exception& e) {
    status = TSIVY_ERROR_INTERNAL;
    record(e.what());
  } catch (...) {
    status = TSIVY_ERROR_INTERNAL;
    record("unexpected error of unknown type");
  }
  return status;
}

[[noreturn]] void fail(int status, std::string message) { throw Failure{status, std::move(message)}; }

void require(bool ok, const char* what) {
  if (!ok) fail(TSIVY_ERROR_BAD_ARGUMENT, what);
}

void require(bool ok, const char* caller, const char* what) {
  if (!ok) fail(TSIVY_ERROR_BAD_ARGUMENT, std::string(caller) + what);
}

// libtsivy.so and libtsivy.a open another board's tables through that board's library.
// The build tree's own static tsivy_probe (the command, the server) refuses them with
// the message that names `tsivy --board`, which runs that board's build instead.
#ifdef TSIVY_FORWARD_BOARDS
constexpr bool kForwardsBoards = true;
#else
constexpr bool kForwardsBoards = false;
#endif

// A table directory opened: of this library's board (`own`), or the name of the other
// board whose tables it holds.
struct OpenedDirectory {
  std::shared_ptr<const tsivy::TableDirectory> own;
  std::string other_board;
};

// Opens `dir` once (its manifest read once), or fails with tsivy_open's and
// tsivy_check's statuses: NO_TABLES for no directory or no manifest, TABLE_CORRUPT for
// a manifest that is none.
OpenedDirectory open_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::string manifest = tsivy::Manifest::kFileName;
  if (!std::filesystem::is_directory(dir, ec))
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + ": no such table directory (no " + manifest + ")");
  // `tsivy generate` writes the manifest last: without it the directory is no finished set of tables.
  if (!std::filesystem::exists(dir / manifest, ec))
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + ": no " + manifest + ", not a table directory written by `tsivy generate`");
  try {
    return {tsivy::TableDirectory::open(dir), {}};
  } catch (const tsivy::OtherBoardError& e) {
    if (!kForwardsBoards) fail(TSIVY_ERROR_NO_TABLES, e.what());
    return {nullptr, e.board()};
  } catch (const tsivy::NotATableDirectory& e) {
    fail(TSIVY_ERROR_NO_TABLES, e.what());
  } catch (const std::runtime_error& e) {
    fail(TSIVY_ERROR_TABLE_CORRUPT, e.what());
  }
}

// The library that reads the tables of `board` in `dir`, another board than this one's.
const tsivy::probe::BoardLibrary& board_library_for(const std::filesystem::path& dir, const std::string& board) {
  try {
    return tsivy::probe::board_library(board);
  } catch (const tsivy::probe::BoardLibraryMissing& e) {
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + " holds tables of the " + board + " board; " + e.what());
  }
}

// One file of tsivy_check(): the manifest's size, then every block.
struct CheckedFile {
  tsivy::Material material;
  tsivy::io::TableKind kind;
  bool present;
  const tsivy::ManifestFile* listed;  // null for a file the manifest does not list
};

void check_file(const tsivy::TableDirectory& dir, const CheckedFile& f) {
  const std::filesystem::path file = dir.table_file(f.material, f.kind);
  if (!f.present) fail(TSIVY_ERROR_TABLE_MISSING, file.string() + " is missing (the manifest lists it)");
  std::error_code ec;
  static_cast<void>(std::filesystem::file_size(file, ec));  // only whether the system can look at it
  if (ec) fail(TSIVY_ERROR_IO, file.string() + ": " + ec.message());
  if (f.listed)
    if (const auto problem = dir.differs_from_manifest(*f.listed, tsivy::ManifestCheck::size))
      fail(TSIVY_ERROR_TABLE_CORRUPT, *problem);
  try {
    dir.open_table(f.material, f.kind).verify();
  } catch (const tsivy::io::TableIoError& e) {
    fail(TSIVY_ERROR_IO, e.what());
  } catch (const tsivy::io::TableError& e) {
    fail(TSIVY_ERROR_TABLE_CORRUPT, e.what());
  }
}

static_assert(TSIVY_WIN == 1 && TSIVY_DRAW == 0 && TSIVY_LOSS == -1, "lookup/outcome.h's value_of_wdl reads them so");

int wdl_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::win: return TSIVY_WIN;
    case Outcome::draw: return TSIVY_DRAW;
    case Outcome::loss: return TSIVY_LOSS;
    default: fail(TSIVY_ERROR_TABLE_CORRUPT, "the tables hold no value for this position (unused entry)");
  }
}

// The status of a class the directory does not answer, its message kept as the thread's
// (ClassAvailability::require's, built once per class and need).
// Out of line and cold, like lookup_failed(): kept out of the probes' hot path, whose
// registers they would otherwise crowd (callgrind: 46 instructions a hit when inlined).
[[gnu::noinline, gnu::cold]] int refuse_class(const OwnTables* tables, tsivy::Material material,
                                             tsivy::probe::Need need) noexcept {
  try {
    const tsivy::probe::Message& m = tables->refusals.get(OwnTables::refusal_slot(material, need), [&] {
      try {
        tables->availability.require(material.us, material.them, need);
      } catch (const tsivy::LookupError& e) {
        return tsivy::probe::Message{status_of(e.failure()), e.what()};
      }
      return tsivy::probe::Message{TSIVY_ERROR_INTERNAL, "class " + tsivy::to_string(material) + " refused, yet answered"};
    });
    record(m.text);
    return m.status;
  } catch (const std::bad_alloc&) {
    record("out of memory");
    return TSIVY_ERROR_OUT_OF_MEMORY;
  }
}

// The status of a lookup's failure, its message kept as the thread's: left to be written
// when asked for (a bad position), copied from one built once per file (a block not
// cached, a damaged file), or, for a file missing below the classes answered (which the
// class check before the lookup leaves for a file deleted after open), written now.
[[gnu::noinline, gnu::cold]] int lookup_failed(const OwnTables* tables, const tsivy::LookupFailureSite& why) noexcept {
  try {
    switch (why.failure) {
      case tsivy::LookupFailure::bad_position: record_bad_position(why.us, why.them); break;
      case tsivy::LookupFailure::not_cached:
      case tsivy::LookupFailure::table_corrupt:
      case tsivy::LookupFailure::io_error:
        record(tables->file_failures.get(OwnTables::file_failure_slot(why), [&] {
          return tsivy::probe::Message{status_of(why.failure), tables->lookup.error(why).what()};
        }).text);
        break;
      default: record(tables->lookup.error(why).what());
    }
  } catch (const std::bad_alloc&) {
    record("out of memory");
    return TSIVY_ERROR_OUT_OF_MEMORY;
  }
  return status_of(why.failure);
}

// The value of a position whose class the directory answers (tsivy.h: the contract of
// TOO_MANY_STONES and TABLE_MISSING), into `value`; else the status, without an
// exception. The lookup checks the position and counts its stones once, and asks here
// before it reads a table.
[[gnu::always_inline]] inline int value_of(const OwnTables* tables, uint64_t us, uint64_t them, tsivy::Access access,
                                           Value& value) {
  const tsivy::probe::Need need = has(access, tsivy::Access::wdl_only) ? tsivy::probe::Need::wdl : tsivy::probe::Need::depth;
  tsivy::Material refused{};
  tsivy::LookupFailureSite why;
  const auto admit = [&](tsivy::Material material) {
    // A side without stones has lost, however many the other has: no table is needed.
    if (!material.us || !material.them || tables->availability.answers(material, need)) return true;
    refused = material;
    return false;
  };
  if (tables->lookup.try_value(us, them, access, admit, value, why)) return TSIVY_OK;
  return refused.us ? refuse_class(tables, refused, need) : lookup_failed(tables, why);
}

bool is_foreign(const tsivy_tables* tables) { return tables && tables->foreign; }

const OwnTables* own(const tsivy_tables* tables) { return static_cast<const OwnTables*>(tables); }

// Calls a board library's `fn`; a failure's message, that library's tsivy_last_error(),
// becomes this library's too.
template <class Fn, class... Args>
int forward(const tsivy::probe::BoardLibrary& library, Fn fn, Args... args) noexcept {
  const int status = fn(args...);
  if (status != TSIVY_OK) record(library.last_error());
  return status;
}

// `caller` names the entry point in messages. Without `depth`, no depth file is read.
// Inlined into each probe call, like guarded() (which says why).
[[gnu::always_inline]] inline int probe(const char* caller, const OwnTables* tables, uint64_t us, uint64_t them, int* wdl, int* depth,
          tsivy::Access access) {
  return guarded(TSIVY_ERROR_BAD_POSITION, [&]() -> int {
    require(tables && wdl, caller, ": tables and wdl must not be NULL");
    Value v;
    const int status = value_of(tables, us, them, depth ? access : access | tsivy::Access::wdl_only, v);
    if (status != TSIVY_OK) return status;
    const int w = wdl_of(v.outcome);
    *wdl = w;
    if (depth) *depth = w == TSIVY_DRAW ? -1 : v.depth;
    return TSIVY_OK;
  });
}

int open_tables(const char* caller, const char* dir, size_t cache_bytes, tsivy_log_fn log, void* log_user,
                tsivy_tables** out) {
  if (out) *out = nullptr;
  OwnTables* opened = nullptr;
  const int status = guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(dir && out, caller, ": dir and out must not be NULL");
    const std::filesystem::path path(dir);
    OpenedDirectory directory = open_directory(path);
    if (!directory.own) {
      const tsivy::probe::BoardLibrary& library = board_library_for(path, directory.other_board);
      auto forwarding = std::make_unique<tsivy_tables>();  // before the open, so that nothing leaks
      const int inner_status = library.open_logged(dir, cache_bytes, log, log_user, &forwarding->inner);
      if (inner_status != TSIVY_OK) fail(inner_status, library.last_error());
      forwarding->foreign = &library;
      *out = forwarding.release();
      return;
    }
    tsivy::LookupOptions options;
    if (cache_bytes) options.cache_bytes = cache_bytes;
    opened = new OwnTables(std::move(directory.own), options, log, log_user);
    for (const tsivy::ClassFiles& f : opened->lookup.listing().classes())
      opened->classes.push_back({f.material.us, f.material.them, f.wdl ? 1 : 0, f.depth ? 1 : 0,
                                 opened->availability.answers(f.material, tsivy::probe::Need::wdl) ? 1 : 0,
                                 opened->availability.answers(f.material, tsivy::probe::Need::depth) ? 1 : 0});
    if (opened->classes.empty()) fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no table files");
    for (const tsivy_class& c : opened->classes)
      if (!c.has_wdl || !c.has_depth)
        log_to(opened, TSIVY_LOG_WARNING,
               path.string() + ": class " + std::to_string(c.us_stones) + "v" + std::to_string(c.them_stones) +
                   " has no " + (c.has_wdl ? "depth" : "wdl") + " file");
    // A damaged file makes its class (and those whose captures reach it) unavailable,
    // as a missing one does; every other class answers. Its line was logged as found.
    for (const tsivy::DamagedFile& d : opened->lookup.directory().damaged_files())
      log_to(opened, TSIVY_LOG_WARNING,
             path.string() + ": class " + tsivy::to_string(d.material) + " unavailable: " + d.damage.reason);
    log_to(opened, TSIVY_LOG_INFO,
           path.string() + ": " + std::to_string(opened->classes.size()) + " classes, complete up to " +
               std::to_string(tsivy_max_stones(opened)) + " stones");
    *out = opened;
  });
  if (status != TSIVY_OK) delete opened;
  return status;
}

// The longest position text of any board (tsivy.h, TSIVY_FEN_MAX): a longer one is no
// position anywhere. Not this board's own longest, so that another board's position
// still gets game/'s message naming the board it is for.
constexpr std::size_t kLongestPosition = TSIVY_FEN_MAX - 1;
// How much of a text too long to be a position its message quotes.
constexpr std::size_t kQuotedCharacters = 40;

// The first kQuotedCharacters of `text`, bytes outside printable ASCII as \xNN.
std::string quoted_start(std::string_view text) { return tsivy::printable(text.substr(0, kQuotedCharacters)); }

// Position text on this library's board; `has_tables` is false for a NULL handle
// given to the *_on calls. A text longer than any position is refused before it is
// read, so that its message quotes only its start (game/'s messages quote it whole).
int parse_fen(const char* caller, bool has_tables, const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  return guarded(TSIVY_ERROR_BAD_FEN, [&] {
    require(has_tables, caller, ": tables must not be NULL");
    require(fen && us && them, caller, ": fen, us and them must not be NULL");
    const std::string_view text(fen);
    if (text.size() > kLongestPosition)
      fail(TSIVY_ERROR_BAD_FEN, "bad position \"" + quoted_start(text) + "...\" (" + std::to_string(text.size()) +
                                    " characters): longer than a position of any board (" +
                                    std::to_string(kLongestPosition) + " characters at most)");
    const tsivy::Position p = tsivy::parse_position(text);
    *us = p.us;
    *them = p.them;
    if (white_to_move) *white_to_move = p.to_move == tsivy::Colour::White ? 1 : 0;
  });
}

int format_fen(const char* caller, bool has_tables, uint64_t us, uint64_t them, int white_to_move, char* buffer,
               size_t capacity) {
  return guarded(TSIVY_ERROR_BAD_POSITION, [&] {
    require(has_tables, caller, ": tables must not be NULL");
    require(buffer != nullptr, caller, ": buffer must not be NULL");
    const std::string text = tsivy::format_position(
        white_to_move ? tsivy::Position::from_colours(us, them, tsivy::Colour::White)
                      : tsivy::Position::from_colours(them, us, tsivy::Colour::Black));
    if (text.size() >= capacity)
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, std::string(caller) + ": " + std::to_string(text.size() + 1) +
                                             " bytes needed, room for " + std::to_string(capacity));
    std::memcpy(buffer, text.c_str(), text.size() + 1);
  });
}

}  // namespace

extern "C" {

const char* tsivy_status_name(int status) {
  switch (status) {
    case TSIVY_OK: return "TSIVY_OK";
    case TSIVY_ERROR_BAD_ARGUMENT: return "TSIVY_ERROR_BAD_ARGUMENT";
    case TSIVY_ERROR_BAD_POSITION: return "TSIVY_ERROR_BAD_POSITION";
    case TSIVY_ERROR_BAD_FEN: return "TSIVY_ERROR_BAD_FEN";
    case TSIVY_ERROR_TOO_MANY_STONES: return "TSIVY_ERROR_TOO_MANY_STONES";
    case TSIVY_ERROR_TABLE_MISSING: return "TSIVY_ERROR_TABLE_MISSING";
    case TSIVY_ERROR_TABLE_CORRUPT: return "TSIVY_ERROR_TABLE_CORRUPT";
    case TSIVY_ERROR_IO: return "TSIVY_ERROR_IO";
    case TSIVY_ERROR_OUT_OF_MEMORY: return "TSIVY_ERROR_OUT_OF_MEMORY";
    case TSIVY_ERROR_BUFFER_TOO_SMALL: return "TSIVY_ERROR_BUFFER_TOO_SMALL";
    case TSIVY_ERROR_NOT_CACHED: return "TSIVY_ERROR_NOT_CACHED";
    case TSIVY_ERROR_NO_TABLES: return "TSIVY_ERROR_NO_TABLES";
    case TSIVY_ERROR_INTERNAL: return "TSIVY_ERROR_INTERNAL";
    default: return "TSIVY_UNKNOWN_STATUS";
  }
}

const char* tsivy_last_error(void) { return last_message().c_str(); }

unsigned tsivy_version(void) { return TSIVY_VERSION_NUMBER; }
const char* tsivy_version_string(void) { return TSIVY_VERSION_STRING; }

int tsivy_open_logged(const char* dir, size_t cache_bytes, tsivy_log_fn log, void* log_user, tsivy_tables** out) {
  return open_tables("tsivy_open_logged", dir, cache_bytes, log, log_user, out);
}

int tsivy_open(const char* dir, size_t cache_bytes, tsivy_tables** out) {
  return open_tables("tsivy_open", dir, cache_bytes, nullptr, nullptr, out);
}

void tsivy_close(tsivy_tables* tables) {
  if (is_foreign(tables)) {
    tables->foreign->close(tables->inner);
    delete tables;
  } else {
    delete static_cast<OwnTables*>(tables);
  }
}

int tsivy_board(const tsivy_tables* tables, int* rows, int* columns) {
  if (is_foreign(tables)) return forward(*tables->foreign, tables->foreign->board_of, tables->inner, rows, columns);
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(tables != nullptr, "tsivy_board: tables must not be NULL");
    if (rows) *rows = tsivy::kRows;
    if (columns) *columns = tsivy::kColumns;
  });
}

int tsivy_max_stones(const tsivy_tables* tables) {
  if (is_foreign(tables)) return tables->foreign->max_stones(tables->inner);
  return tables ? own(tables)->availability.max_stones(tsivy::probe::Need::depth) : 0;
}

int tsivy_max_stones_wdl(const tsivy_tables* tables) {
  if (is_foreign(tables)) return tables->foreign->max_stones_wdl(tables->inner);
  return tables ? own(tables)->availability.max_stones(tsivy::probe::Need::wdl) : 0;
}

int tsivy_classes(const tsivy_tables* handle, tsivy_class* classes, size_t capacity, size_t* count) {
  if (is_foreign(handle))
    return forward(*handle->foreign, handle->foreign->classes, handle->inner, classes, capacity, count);
  const OwnTables* tables = own(handle);
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(tables && count && (classes || capacity == 0),
            "tsivy_classes: tables and count must not be NULL, nor classes when capacity > 0");
    *count = tables->classes.size();
    std::copy_n(tables->classes.begin(), std::min(capacity, tables->classes.size()), classes);
    if (capacity < tables->classes.size())
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, "tsivy_classes: " + std::to_string(tables->classes.size()) +
                                             " classes, room for " + std::to_string(capacity));
  });
}

int tsivy_available(const tsivy_tables* handle, int us_stones, int them_stones, int with_depth) {
  if (is_foreign(handle))
    return forward(*handle->foreign, handle->foreign->available, handle->inner, us_stones, them_stones, with_depth);
  const OwnTables* tables = own(handle);
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&]() -> int {
    require(tables != nullptr, "tsivy_available: tables must not be NULL");
    if (us_stones < 0 || them_stones < 0 || us_stones > tsivy::kStonesPerSide || them_stones > tsivy::kStonesPerSide)
      fail(TSIVY_ERROR_BAD_ARGUMENT, "tsivy_available: no class " + std::to_string(us_stones) + "v" +
                                         std::to_string(them_stones) + " (0 to " + std::to_string(tsivy::kStonesPerSide) +
                                         " stones a side)");
    // A side without stones has lost: its positions need no table (tsivy_probe answers them).
    if (!us_stones || !them_stones) return TSIVY_OK;
    const tsivy::Material material{us_stones, them_stones};
    const tsivy::probe::Need need = with_depth ? tsivy::probe::Need::depth : tsivy::probe::Need::wdl;
    return tables->availability.answers(material, need) ? int{TSIVY_OK} : refuse_class(tables, material, need);
  });
}

int tsivy_check(const char* dir, tsivy_check_fn progress, void* progress_user) {
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(dir != nullptr, "tsivy_check: dir must not be NULL");
    const std::filesystem::path path(dir);
    const OpenedDirectory directory = open_directory(path);
    if (!directory.own) {
      const tsivy::probe::BoardLibrary& library = board_library_for(path, directory.other_board);
      const int status = library.check(dir, progress, progress_user);
      if (status != TSIVY_OK) fail(status, library.last_error());
      return;
    }
    const tsivy::Manifest& manifest = directory.own->manifest();
    const tsivy::TableListing& listing = directory.own->listing();
    std::vector<CheckedFile> files;
    for (const tsivy::Material m : tsivy::materials_up_to(tsivy::kMaxStones)) {
      const auto found = std::ranges::find_if(listing.classes(), [&](const tsivy::ClassFiles& f) { return f.material == m; });
      const tsivy::ManifestClass* listed = manifest.find(m);
      for (const tsivy::io::TableKind kind : {tsivy::io::TableKind::wdl, tsivy::io::TableKind::depth}) {
        const bool wdl = kind == tsivy::io::TableKind::wdl;
        const bool present = found != listing.classes().end() && (wdl ? found->wdl : found->depth);
        if (present || listed) files.push_back({m, kind, present, listed ? (wdl ? &listed->wdl : &listed->depth) : nullptr});
      }
    }
    if (files.empty()) fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no table files");
    std::vector<std::uint64_t> sizes;
    std::uint64_t bytes_total = 0;
    for (const CheckedFile& f : files) {
      std::error_code ec;
      const std::uintmax_t bytes = f.present ? std::filesystem::file_size(directory.own->table_file(f.material, f.kind), ec) : 0;
      sizes.push_back(ec ? 0 : bytes);
      bytes_total += sizes.back();
    }
    int first_status = TSIVY_OK;
    std::string first_message;
    tsivy_check_progress report{nullptr, TSIVY_OK, "", 0, files.size(), 0, bytes_total};
    for (std::size_t k = 0; k < files.size(); ++k) {
      const int status = guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] { check_file(*directory.own, files[k]); });
      if (status != TSIVY_OK && first_status == TSIVY_OK) first_status = status, first_message = last_message();
      const std::string file = directory.own->table_file(files[k].material, files[k].kind).string();
      report.file = file.c_str();
      report.status = status;
      report.message = status == TSIVY_OK ? "" : last_message().c_str();
      report.files_done = k + 1;
      report.bytes_done += sizes[k];
      if (progress) progress(progress_user, &report);
    }
    if (first_status != TSIVY_OK) fail(first_status, first_message);
  });
}

// Each handle-taking call forwards a handle of another board first: one branch, the
// same for every call on a handle, so predicted.
int tsivy_probe_wdl(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl) {
  if (is_foreign(tables)) return forward(*tables->foreign, tables->foreign->probe_wdl, tables->inner, us, them, wdl);
  return probe("tsivy_probe_wdl", own(tables), us, them, wdl, nullptr, tsivy::Access::may_read);
}

int tsivy_probe(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl, int* depth) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->probe, tables->inner, us, them, wdl, depth);
  return probe("tsivy_probe", own(tables), us, them, wdl, depth, tsivy::Access::may_read);
}

int tsivy_probe_cached(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl, int* depth) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->probe_cached, tables->inner, us, them, wdl, depth);
  return probe("tsivy_probe_cached", own(tables), us, them, wdl, depth, tsivy::Access::cache_only);
}

int tsivy_preload(const tsivy_tables* handle, int us_stones, int them_stones, int with_depth) {
  if (is_foreign(handle))
    return forward(*handle->foreign, handle->foreign->preload, handle->inner, us_stones, them_stones, with_depth);
  const OwnTables* tables = own(handle);
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(tables != nullptr, "tsivy_preload: tables must not be NULL");
    if (us_stones < 1 || them_stones < 1 || us_stones + them_stones > tsivy::kMaxStones)
      fail(TSIVY_ERROR_BAD_ARGUMENT, "tsivy_preload: no class " + std::to_string(us_stones) + "v" +
                                         std::to_string(them_stones) + " (1 stone a side at least, " +
                                         std::to_string(tsivy::kMaxStones) + " in all at most)");
    const tsivy::probe::Need need = with_depth ? tsivy::probe::Need::depth : tsivy::probe::Need::wdl;
    tables->availability.require(us_stones, them_stones, need);
    std::vector<std::pair<tsivy::Material, tsivy::io::TableKind>> files;
    for (const tsivy::Material m : tsivy::probe::ClassAvailability::needed_classes({us_stones, them_stones})) {
      files.emplace_back(m, tsivy::io::TableKind::wdl);
      if (with_depth) files.emplace_back(m, tsivy::io::TableKind::depth);
    }
    std::uint64_t bytes = 0;
    for (const auto& [m, kind] : files) bytes += tables->lookup.blocks_bytes(m, kind);
    if (bytes > tables->cache_bytes)
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, "tsivy_preload: class " + std::to_string(us_stones) + "v" +
                                             std::to_string(them_stones) + " needs " + std::to_string(bytes) +
                                             " bytes of cache, the handle has " + std::to_string(tables->cache_bytes));
    for (const auto& [m, kind] : files) tables->lookup.load_into_cache(m, kind);
  });
}

int tsivy_probe_root(const tsivy_tables* handle, uint64_t us, uint64_t them, tsivy_turn* turns, size_t capacity,
                     size_t* count) {
  if (is_foreign(handle))
    return forward(*handle->foreign, handle->foreign->probe_root, handle->inner, us, them, turns, capacity, count);
  const OwnTables* tables = own(handle);
  return guarded(TSIVY_ERROR_BAD_POSITION, [&]() -> int {
    require(tables && count && (turns || capacity == 0),
            "tsivy_probe_root: tables and count must not be NULL, nor turns when capacity > 0");
    Value root;
    if (const int status = value_of(tables, us, them, tsivy::Access::may_read, root); status != TSIVY_OK)
      return status;  // checks the position and the tables' range
    // rules.md: a position where either side has no stones has no turns.
    const std::vector<tsivy::Turn> generated =
        us && them ? tsivy::generate_turns(tsivy::Position{us, them, tsivy::Colour::White}) : std::vector<tsivy::Turn>{};
    if (capacity < generated.size()) {  // the caller's question "how many?": no exception
      *count = generated.size();
      record("tsivy_probe_root: " + std::to_string(generated.size()) + " legal turns, room for " +
             std::to_string(capacity));
      return TSIVY_ERROR_BUFFER_TOO_SMALL;
    }
    std::vector<tsivy_turn> scored(generated.size());
    std::vector<long> rank(generated.size());  // lookup/outcome.h's best_first, the order tsivy.h promises
    for (std::size_t i = 0; i < generated.size(); ++i) {
      const tsivy::Turn& t = generated[i];
      tsivy_turn& s = scored[i];
      if (t.notation.size() >= sizeof s.text) fail(TSIVY_ERROR_INTERNAL, "turn text too long: " + t.notation);
      std::memcpy(s.text, t.notation.c_str(), t.notation.size() + 1);
      s.us = t.result.us;
      s.them = t.result.them;
      Value after;
      if (const int status = value_of(tables, t.result.us, t.result.them, tsivy::Access::may_read, after); status != TSIVY_OK)
        return status;
      const Value v = turn_value(after);
      s.wdl = wdl_of(v.outcome);
      s.depth = s.wdl == TSIVY_DRAW ? -1 : v.depth;
      rank[i] = best_first(v);
    }
    std::vector<std::size_t> order(generated.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank[a] < rank[b]; });
    for (std::size_t i = 0; i < order.size(); ++i) turns[i] = scored[order[i]];
    *count = scored.size();
    return TSIVY_OK;
  });
}

int tsivy_parse_fen(const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  return parse_fen("tsivy_parse_fen", true, fen, us, them, white_to_move);
}

int tsivy_format_fen(uint64_t us, uint64_t them, int white_to_move, char* buffer, size_t capacity) {
  return format_fen("tsivy_format_fen", true, us, them, white_to_move, buffer, capacity);
}

int tsivy_parse_fen_on(const tsivy_tables* tables, const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->parse_fen_on, tables->inner, fen, us, them, white_to_move);
  return parse_fen("tsivy_parse_fen_on", tables != nullptr, fen, us, them, white_to_move);
}

int tsivy_format_fen_on(const tsivy_tables* tables, uint64_t us, uint64_t them, int white_to_move, char* buffer,
                        size_t capacity) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->format_fen_on, tables->inner, us, them, white_to_move, buffer,
                   capacity);
  return format_fen("tsivy_format_fen_on", tables != nullptr, us, them, white_to_move, buffer, capacity);
}

}  // extern "C"
