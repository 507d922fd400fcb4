#include "probe/api_errors.h"

namespace tsivy::probe {
namespace {

// This thread's last failure (tsivy_last_error). A refused probe copies a message built
// once per handle (MessageMemo); a bad position only keeps its sets, and its message is
// written when asked for.
struct LastError {
  std::string text;
  bool bad_position_pending = false;
  uint64_t us = 0, them = 0;
};
thread_local LastError last_error;

}  // namespace

int status_of(LookupFailure failure) {
  switch (failure) {
    case LookupFailure::bad_position: return TSIVY_ERROR_BAD_POSITION;
    case LookupFailure::too_many_stones: return TSIVY_ERROR_TOO_MANY_STONES;
    case LookupFailure::table_missing: return TSIVY_ERROR_TABLE_MISSING;
    case LookupFailure::table_corrupt: return TSIVY_ERROR_TABLE_CORRUPT;
    case LookupFailure::io_error: return TSIVY_ERROR_IO;
    case LookupFailure::not_cached: return TSIVY_ERROR_NOT_CACHED;
  }
  return TSIVY_ERROR_INTERNAL;
}

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
      Position::from_colours(us, them, Colour::White);
      record("not a position");  // game/'s check and the lookup's disagree
    } catch (const InvalidPosition& e) {
      record(e.what());
    } catch (...) {
      record("bad position (its message could not be written)");
    }
  }
  return last_error.text;
}

[[noreturn]] void fail(int status, std::string message) { throw Failure{status, std::move(message)}; }

void require(bool ok, const char* what) {
  if (!ok) fail(TSIVY_ERROR_BAD_ARGUMENT, what);
}

void require(bool ok, const char* caller, const char* what) {
  if (!ok) fail(TSIVY_ERROR_BAD_ARGUMENT, std::string(caller) + what);
}

}  // namespace tsivy::probe

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

const char* tsivy_last_error(void) { return tsivy::probe::last_message().c_str(); }

}  // extern "C"
