// What `tsivy search` and `tsivy engine` write about a search, in one place so that the
// two never drift apart: the principal variation in notation, nodes per second, the
// protocol's `info` line (docs/engine.md) and a table value in words.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "game/move.h"
#include "lookup/outcome.h"
#include "search/engine.h"

namespace tsivy::cli {

// The turns in notation, oldest first.
std::vector<std::string> turn_texts(std::span<const Move> turns);
// The same joined by single spaces.
std::string pv_text(std::span<const Move> pv);

// Whole nodes per second; 0 when no time was measured.
std::uint64_t nodes_per_second(std::uint64_t nodes, std::chrono::nanoseconds elapsed);
std::int64_t milliseconds(std::chrono::nanoseconds elapsed);

// Whether to write an iteration as it comes. The engine reports the tables' answer at the
// root as an iteration of depth 0 (engine.h: depth 0 when the tables decided); that one
// is written once after the search, by table_info_line, with the table value.
inline bool is_searched_iteration(const search::Iteration& it) { return it.depth > 0; }

// "info depth D score S nodes N nps X time MS pv T1 T2 ..." (no "pv" when it is empty).
std::string info_line(const search::Iteration& iteration);
// The line the engine writes when the root is inside the tables: depth 0, the search's
// score, "tables win 17" (or "draw", "loss 3"), then its principal variation.
std::string table_info_line(const search::SearchResult& result);


}  // namespace tsivy::cli
