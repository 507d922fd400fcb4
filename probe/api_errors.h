// libtsivy's failures (tsivy.h): every entry point returns a status and keeps the
// failure's message as the calling thread's (tsivy_last_error). guarded() turns whatever a
// call throws into both; fail() and require() throw the failures the C API detects itself.
// Internal to the library.
#pragma once

#include <cstdint>
#include <filesystem>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>

#include "game/position.h"
#include "io/table_file.h"
#include "lookup/table_lookup.h"
#include "tsivy/tsivy.h"

namespace tsivy::probe {

// Thrown inside the library only, for failures the C API itself detects.
struct Failure {
  int status;
  std::string message;
};

[[noreturn]] void fail(int status, std::string message);
void require(bool ok, const char* what);
void require(bool ok, const char* caller, const char* what);

// The status of a lookup's failure.
int status_of(LookupFailure failure);

// Keeps `message` as this thread's last error; copying it may fail for want of memory,
// which must not escape either. Assigning reuses the text's room: no allocation once a
// message as long was kept.
void record(std::string_view message) noexcept;
// A bad position: only its sets are kept, and its message is written when asked for.
void record_bad_position(std::uint64_t us, std::uint64_t them) noexcept;
// The message of this thread's last failure, written now if it was left for later.
const std::string& last_message() noexcept;

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
  } catch (const LookupError& e) {
    status = status_of(e.failure());
    record(e.what());
  } catch (const InvalidPosition& e) {
    status = invalid_input;
    record(e.what());
  } catch (const std::bad_alloc&) {
    status = TSIVY_ERROR_OUT_OF_MEMORY;
    record("out of memory");
  } catch (const io::TableError& e) {  // not expected past the lookup, but a damaged file all the same
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

}  // namespace tsivy::probe
