// Opening a table directory for the engine (`tsivy search --tables`, `tsivy engine
// --tables`, `setoption name Tables`): checked whole at once, so that a wrong or damaged
// directory is refused when it is named and not in the middle of a game.
#pragma once

#include <memory>
#include <string>

#include "lookup/table_lookup.h"

namespace tsivy::cli {

// The lookup over `dir` with every table file opened and its header and block index
// checked. Throws LookupError for an unreadable directory or a damaged file, and
// std::invalid_argument for a directory that holds no table file.
std::unique_ptr<TableLookup> open_checked_tables(const std::string& dir);

}  // namespace tsivy::cli
