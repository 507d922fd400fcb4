// The C API of libtsivy (include/tsivy/tsivy.h) over the one capture-resolving lookup.
// Every entry point catches everything: no exception crosses the C boundary, and each
// failure becomes its status code plus a thread-local message.
#include "tsivy/tsivy.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "game/geometry.h"
#include "game/movegen.h"
#include "game/notation.h"
#include "game/position.h"
#include "io/table_file.h"
#include "lookup/table_lookup.h"
#include "table_dir/manifest.h"

struct tsivy_tables {
  tsivy_tables(const std::filesystem::path& dir, tsivy::LookupOptions options, tsivy_log_fn log_fn, void* user)
      : lookup(dir, options), log(log_fn), log_user(user) {}

  tsivy::TableLookup lookup;
  tsivy_log_fn log;
  void* log_user;
  std::vector<tsivy_class> classes;  // as found at open
};

namespace {

using tsivy::Outcome;
using tsivy::PointSet;
using tsivy::Value;

thread_local std::string last_error;

// Thrown inside this file only, for failures the C API itself detects.
struct Failure {
  int status;
  std::string message;
};

void log_to(const tsivy_tables* tables, int level, const std::string& message) noexcept {
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
// which must not escape either.
void record(const char* message) noexcept {
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();
  }
}

// Runs `body`, turning every exception into a status and the thread's message.
// `invalid_input` is the status of a tsivy::InvalidPosition (bad FEN or bad sets).
template <class Body>
int guarded(const tsivy_tables* tables, int invalid_input, Body&& body) noexcept {
  int status = TSIVY_ERROR_INTERNAL;
  try {
    body();
    return TSIVY_OK;
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
  if (status == TSIVY_ERROR_TABLE_CORRUPT || status == TSIVY_ERROR_IO) log_to(tables, TSIVY_LOG_ERROR, last_error);
  return status;
}

[[noreturn]] void fail(int status, std::string message) { throw Failure{status, std::move(message)}; }

void require(bool ok, const char* what) {
  if (!ok) fail(TSIVY_ERROR_BAD_ARGUMENT, what);
}

int wdl_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::win: return TSIVY_WIN;
    case Outcome::draw: return TSIVY_DRAW;
    case Outcome::loss: return TSIVY_LOSS;
    default: fail(TSIVY_ERROR_TABLE_CORRUPT, "the tables hold no value for this position (unused entry)");
  }
}

// The value of a turn for its maker, from the value of the position it leads to.
Value for_mover(const Value& result) {
  switch (result.outcome) {
    case Outcome::loss: return {Outcome::win, static_cast<std::uint16_t>(result.depth + 1)};
    case Outcome::win: return {Outcome::loss, static_cast<std::uint16_t>(result.depth + 1)};
    default: return result;
  }
}

// Orders turn values best first for the side making the turn.
long rank(const tsivy_turn& t) {
  switch (t.wdl) {
    case TSIVY_WIN: return -100000L + t.depth;
    case TSIVY_DRAW: return 0;
    default: return 100000L - t.depth;
  }
}

int probe(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl, int* depth, tsivy::Access access) {
  return guarded(tables, TSIVY_ERROR_BAD_POSITION, [&] {
    require(tables && wdl, "tsivy_probe: tables and wdl must not be NULL");
    const Value v = tables->lookup.value(us, them, access);
    const int w = wdl_of(v.outcome);
    *wdl = w;
    if (depth) *depth = w == TSIVY_DRAW ? -1 : v.depth;
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

const char* tsivy_last_error(void) { return last_error.c_str(); }

unsigned tsivy_version(void) { return TSIVY_VERSION_NUMBER; }
const char* tsivy_version_string(void) { return TSIVY_VERSION_STRING; }

int tsivy_open_logged(const char* dir, size_t cache_bytes, tsivy_log_fn log, void* log_user, tsivy_tables** out) {
  if (out) *out = nullptr;
  tsivy_tables* opened = nullptr;
  const int status = guarded(nullptr, TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(dir && out, "tsivy_open: dir and out must not be NULL");
    const std::filesystem::path path(dir);
    std::error_code ec;
    const std::string manifest = tsivy::Manifest::kFileName;
    if (!std::filesystem::is_directory(path, ec))
      fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no such table directory (no " + manifest + ")");
    // `tsivy generate` writes the manifest last: without it the directory is no finished set of tables.
    if (!std::filesystem::exists(path / manifest, ec))
      fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no " + manifest + ", not a table directory written by `tsivy generate`");
    try {
      tsivy::Manifest::load(path);  // probes answer from the files; the manifest must only be one
    } catch (const std::runtime_error& e) {
      fail(TSIVY_ERROR_TABLE_CORRUPT, e.what());
    }
    tsivy::LookupOptions options;
    if (cache_bytes) options.cache_bytes = cache_bytes;
    options.only_complete_totals = true;  // tsivy_max_stones(): positions beyond it are refused
    opened = new tsivy_tables(path, options, log, log_user);
    for (const tsivy::ClassFiles& f : opened->lookup.listing().classes())
      opened->classes.push_back({f.material.us, f.material.them, f.wdl ? 1 : 0, f.depth ? 1 : 0});
    if (opened->classes.empty()) fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no table files");
    for (const tsivy_class& c : opened->classes)
      if (!c.has_wdl || !c.has_depth)
        log_to(opened, TSIVY_LOG_WARNING,
               path.string() + ": class " + std::to_string(c.us_stones) + "v" + std::to_string(c.them_stones) +
                   " has no " + (c.has_wdl ? "depth" : "wdl") + " file");
    log_to(opened, TSIVY_LOG_INFO,
           path.string() + ": " + std::to_string(opened->classes.size()) + " classes, complete up to " +
               std::to_string(tsivy_max_stones(opened)) + " stones");
    *out = opened;
  });
  if (status != TSIVY_OK) delete opened;
  return status;
}

int tsivy_open(const char* dir, size_t cache_bytes, tsivy_tables** out) {
  return tsivy_open_logged(dir, cache_bytes, nullptr, nullptr, out);
}

void tsivy_close(tsivy_tables* tables) { delete tables; }

int tsivy_max_stones(const tsivy_tables* tables) { return tables ? tables->lookup.listing().max_complete_stones() : 0; }

int tsivy_classes(const tsivy_tables* tables, tsivy_class* classes, size_t capacity, size_t* count) {
  return guarded(tables, TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(tables && count && (classes || capacity == 0),
            "tsivy_classes: tables and count must not be NULL, nor classes when capacity > 0");
    *count = tables->classes.size();
    std::copy_n(tables->classes.begin(), std::min(capacity, tables->classes.size()), classes);
    if (capacity < tables->classes.size())
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, "tsivy_classes: " + std::to_string(tables->classes.size()) +
                                             " classes, room for " + std::to_string(capacity));
  });
}

int tsivy_probe(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl, int* depth) {
  return probe(tables, us, them, wdl, depth, tsivy::Access::may_read);
}

int tsivy_probe_cached(const tsivy_tables* tables, uint64_t us, uint64_t them, int* wdl, int* depth) {
  return probe(tables, us, them, wdl, depth, tsivy::Access::cache_only);
}

int tsivy_probe_root(const tsivy_tables* tables, uint64_t us, uint64_t them, tsivy_turn* turns, size_t capacity,
                     size_t* count) {
  return guarded(tables, TSIVY_ERROR_BAD_POSITION, [&] {
    require(tables && count && (turns || capacity == 0),
            "tsivy_probe_root: tables and count must not be NULL, nor turns when capacity > 0");
    tables->lookup.value(us, them, tsivy::Access::may_read);  // checks the position and the tables' range
    // rules.md: a position where either side has no stones has no turns.
    const std::vector<tsivy::Turn> generated =
        us && them ? tsivy::generate_turns(tsivy::Position{us, them, tsivy::Colour::White}) : std::vector<tsivy::Turn>{};
    if (capacity < generated.size()) {
      *count = generated.size();
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, "tsivy_probe_root: " + std::to_string(generated.size()) +
                                             " legal turns, room for " + std::to_string(capacity));
    }
    std::vector<tsivy_turn> scored(generated.size());
    for (std::size_t i = 0; i < generated.size(); ++i) {
      const tsivy::Turn& t = generated[i];
      tsivy_turn& s = scored[i];
      if (t.notation.size() >= sizeof s.text) fail(TSIVY_ERROR_INTERNAL, "turn text too long: " + t.notation);
      std::memcpy(s.text, t.notation.c_str(), t.notation.size() + 1);
      s.us = t.result.us;
      s.them = t.result.them;
      const Value v = for_mover(tables->lookup.value(t.result.us, t.result.them, tsivy::Access::may_read));
      s.wdl = wdl_of(v.outcome);
      s.depth = s.wdl == TSIVY_DRAW ? -1 : v.depth;
    }
    std::stable_sort(scored.begin(), scored.end(), [](const tsivy_turn& a, const tsivy_turn& b) { return rank(a) < rank(b); });
    std::copy(scored.begin(), scored.end(), turns);
    *count = scored.size();
  });
}

int tsivy_parse_fen(const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  return guarded(nullptr, TSIVY_ERROR_BAD_FEN, [&] {
    require(fen && us && them, "tsivy_parse_fen: fen, us and them must not be NULL");
    const tsivy::Position p = tsivy::parse_position(fen);
    *us = p.us;
    *them = p.them;
    if (white_to_move) *white_to_move = p.to_move == tsivy::Colour::White ? 1 : 0;
  });
}

int tsivy_format_fen(uint64_t us, uint64_t them, int white_to_move, char* buffer, size_t capacity) {
  return guarded(nullptr, TSIVY_ERROR_BAD_POSITION, [&] {
    require(buffer != nullptr, "tsivy_format_fen: buffer must not be NULL");
    const std::string text = tsivy::format_position(
        white_to_move ? tsivy::Position::from_colours(us, them, tsivy::Colour::White)
                      : tsivy::Position::from_colours(them, us, tsivy::Colour::Black));
    if (text.size() >= capacity)
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, "tsivy_format_fen: " + std::to_string(text.size() + 1) +
                                             " bytes needed, room for " + std::to_string(capacity));
    std::memcpy(buffer, text.c_str(), text.size() + 1);
  });
}

}  // extern "C"
