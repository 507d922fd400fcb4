// Making classes resident in a TableLookup (values in memory, capture positions
// resolved once) for a pass that reads them again and again: the solver's seeding,
// verify's successors, stats' capture positions. At 8 stones this takes minutes, so
// each class made resident gets a line saying what it cost.
#pragma once

#include <iosfwd>
#include <span>
#include <string_view>

#include "lookup/table_lookup.h"

namespace tsivy {

// Makes each class of `classes` resident, in the order given (smallest first lets each
// one's capture searches end in classes already resident), on `threads` threads. For a
// class not resident before, one line on `log` (when given), e.g.
//   "  6v1       into memory for seeding: 159.1 MB, 8.8 s (all resident: 3155.4 MB)".
void make_resident(TableLookup& lookup, std::span<const Material> classes, unsigned threads, std::ostream* log,
                   std::string_view purpose);

}  // namespace tsivy
