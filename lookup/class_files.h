// Reading whole classes back from a table directory: the published tables, and the
// generation's value files (TableDirectory::value_file), which the solver's later
// passes and the verifier both read (solver/table_files.h writes them).
#pragma once

#include <cstdint>
#include <span>

#include "indexing/material_index.h"
#include "lookup/class_table.h"
#include "table_dir/table_directory.h"

namespace tsivy {

// Reads the packed values of slots [first, first + out.size()) of the class's value files
// in DIR/values into `out` (a draw's depth as 0; non-canonical slots hold fill), on
// `threads` threads. Throws io::TableError when a file is damaged or not that class's.
void read_value_share(const TableDirectory& dir, Material material, std::uint64_t first,
                      std::span<std::uint16_t> out, unsigned threads);

// Reads both files of a class through io::TableReader, checking that their headers
// describe this class, this index scheme and this slot count. Throws io::TableError.
// Only the entries TableLookup::reads_entry names hold values; the rest hold fill.
ClassTable read_class_table(const TableDirectory& dir, Material material);

}  // namespace tsivy
