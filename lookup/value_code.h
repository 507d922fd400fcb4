// How a Value is packed into an integer, in the two widths the program keeps values in.
// Every packing and unpacking of a Value goes through here, so they cannot disagree.
//   - Two bytes hold any value: resident classes (TableLookup) and the deep values of
//     the solver's checkpoints.
//   - One byte per slot is the solver's working state (a table's worth of slots on
//     every rank), so it holds most values and marks the rest for a side table.
#pragma once

#include <cstdint>

#include "io/table_file.h"
#include "lookup/outcome.h"

namespace tsivy {

// Solved outcomes go to table files unchanged (solver/table_files.cpp), as io::Wdl.
static_assert(static_cast<int>(Outcome::loss) == static_cast<int>(io::Wdl::loss));
static_assert(static_cast<int>(Outcome::draw) == static_cast<int>(io::Wdl::draw));
static_assert(static_cast<int>(Outcome::win) == static_cast<int>(io::Wdl::win));
static_assert(static_cast<int>(Outcome::unused) == static_cast<int>(io::Wdl::unused));

// Two bytes: depth << 2 | outcome. Holds every depth below kPackedDepthLimit. The
// solver's checkpoint files store deep values so: changing it changes their bytes.
inline constexpr unsigned kPackedDepthLimit = 1u << 14;
constexpr std::uint16_t pack_value(const Value& value) {
  return static_cast<std::uint16_t>(value.depth << 2 | static_cast<unsigned>(value.outcome));
}
constexpr Value unpack_value(std::uint16_t packed) {
  return {static_cast<Outcome>(packed & 3), static_cast<std::uint16_t>(packed >> 2)};
}

// One byte, the solver's working code of a slot: a loss in d is 2d, a win in d is 2d + 1
// for d <= kMaxCodedDepth. Deeper values are kDeep here and live in a side table (rare:
// of the classes up to 8 stones only 4v4 goes deeper, to 137). The rest are markers.
namespace slot_code {

inline constexpr std::uint8_t kMaxCodedDepth = 125;
inline constexpr std::uint8_t kDeep = 252;     // the value is in the side table
inline constexpr std::uint8_t kDraw = 253;
inline constexpr std::uint8_t kUnused = 254;   // a non-canonical slot
inline constexpr std::uint8_t kUnknown = 255;  // no value yet; after solving, don't-care
static_assert(2 * kMaxCodedDepth + 1 < kDeep);

// A win or a loss in `depth` <= kMaxCodedDepth.
constexpr std::uint8_t encode(Outcome outcome, int depth) {
  return static_cast<std::uint8_t>(2 * depth + (outcome == Outcome::win ? 1 : 0));
}
// A win or a loss (any code below kDeep).
constexpr bool is_win(std::uint8_t code) { return code & 1; }
// Any code but kDeep, whose value the side table holds; kUnused and kUnknown are
// Outcome::unused.
constexpr Value decode(std::uint8_t code) {
  if (code == kDraw) return {Outcome::draw, 0};
  if (code == kUnused || code == kUnknown) return {Outcome::unused, 0};
  return {is_win(code) ? Outcome::win : Outcome::loss, static_cast<std::uint16_t>(code >> 1)};
}

}  // namespace slot_code
}  // namespace tsivy
