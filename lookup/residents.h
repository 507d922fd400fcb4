// Making classes resident in a TableLookup (values in memory, capture positions
// resolved once) for a pass that reads them again and again: verify's successors,
// stats' capture positions. At 8 stones this takes minutes, so each class made
// resident gets a line saying what it cost. (The solver's seeding reads value files
// into per-rank shares instead: solver/resident_shares.h.)
#pragma once

#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

#include "lookup/table_lookup.h"

namespace tsivy {

// Every class up to kMaxStones, smallest total first, each pair's two classes one after
// the other (1v2, 2v1, 1v3, 3v1, 2v2, ...): the order of passes that hold a pair's
// classes resident for both of them (verify, stats).
std::vector<Material> classes_pair_by_pair();

// Makes `classes` resident and drops every other resident class first (see
// TableLookup::drop_resident: no other thread may use the lookup meanwhile). Lines as
// make_resident's.
void hold_resident(TableLookup& lookup, std::span<const Material> classes, unsigned threads, std::ostream* log,
                   std::string_view purpose);

// Makes each class of `classes` resident, in the order given (smallest first lets each
// one's capture searches end in classes already resident), on `threads` threads. For a
// class not resident before, one line on `log` (when given), e.g.
//   "  6v1       into memory for verify: 159.1 MB, 8.8 s (all resident: 3155.4 MB)".
void make_resident(TableLookup& lookup, std::span<const Material> classes, unsigned threads, std::ostream* log,
                   std::string_view purpose);

}  // namespace tsivy
