// The C API of libtsivy (include/tsivy/tsivy.h) over the one capture-resolving lookup:
// the probes and what a handle tells of its tables. Every entry point catches
// everything (api_errors.h): no exception crosses the C boundary, and each failure
// becomes its status code plus a thread-local message. Opening a directory is in
// open_tables.cpp, position text in position_text.cpp.
#include "tsivy/tsivy.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "game/geometry.h"
#include "game/movegen.h"
#include "probe/own_tables.h"

namespace {

using namespace tsivy::probe;
using tsivy::Outcome;
using tsivy::Value;

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

}  // namespace

extern "C" {

unsigned tsivy_version(void) { return TSIVY_VERSION_NUMBER; }
const char* tsivy_version_string(void) { return TSIVY_VERSION_STRING; }

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

}  // extern "C"
