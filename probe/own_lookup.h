// For the programs of this build tree that both probe through libtsivy and search the
// same tables (`tsivy serve`): the lookup inside a handle, so that they read the
// directory once, through one block cache and one record of damaged files. Not part of
// the C API: libtsivy.so does not export it.
#pragma once

#include "lookup/table_lookup.h"
#include "tsivy/tsivy.h"

namespace tsivy::probe {

// The lookup of a handle on this build's own board; nullptr for a handle of another
// board's tables (its calls are forwarded to that board's library, board_library.h).
const TableLookup* own_lookup(const tsivy_tables* tables) noexcept;

}  // namespace tsivy::probe
