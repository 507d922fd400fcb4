#include "probe/own_tables.h"

#include "probe/own_lookup.h"

namespace tsivy::probe {

void log_to(const OwnTables* tables, int level, const std::string& message) noexcept {
  if (!tables || !tables->log) return;
  try {
    tables->log(tables->log_user, level, message.c_str());
  } catch (...) {  // a C++ callback that throws must not take the library down
  }
}

// The status of a class the directory does not answer, its message kept as the thread's
// (ClassAvailability::require's, built once per class and need).
// Out of line and cold, like lookup_failed(): kept out of the probes' hot path, whose
// registers they would otherwise crowd (callgrind: 46 instructions a hit when inlined).
[[gnu::noinline, gnu::cold]] int refuse_class(const OwnTables* tables, Material material,
                                             Need need) noexcept {
  try {
    const Message& m = tables->refusals.get(OwnTables::refusal_slot(material, need), [&] {
      try {
        tables->availability.require(material.us, material.them, need);
      } catch (const LookupError& e) {
        return Message{status_of(e.failure()), e.what()};
      }
      return Message{TSIVY_ERROR_INTERNAL, "class " + to_string(material) + " refused, yet answered"};
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
[[gnu::noinline, gnu::cold]] int lookup_failed(const OwnTables* tables, const LookupFailureSite& why) noexcept {
  try {
    switch (why.failure) {
      case LookupFailure::bad_position: record_bad_position(why.us, why.them); break;
      case LookupFailure::not_cached:
      case LookupFailure::table_corrupt:
      case LookupFailure::io_error:
        record(tables->file_failures.get(OwnTables::file_failure_slot(why), [&] {
          return Message{status_of(why.failure), tables->lookup.error(why).what()};
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

const TableLookup* own_lookup(const tsivy_tables* tables) noexcept {
  return tables && !is_foreign(tables) ? &own(tables)->lookup : nullptr;
}

}  // namespace tsivy::probe
