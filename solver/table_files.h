// Whole solved classes written to and read back from a table directory.
#pragma once

#include <filesystem>
#include <string>

#include "indexing/material_index.h"
#include "io/table_file.h"
#include "lookup/table_paths.h"
#include "solver/class_table.h"

namespace tsivy {

// Writes both files of a solved class atomically (io/ writes temp, fsync, rename).
// The entries no reader looks at (TableLookup::reads_entry) are first marked don't-care
// in `table`, so that io/ stores whatever compresses best there.
void write_class_table(const std::filesystem::path& dir, ClassTable&& table, unsigned threads);

// Reads both files of a class through io::TableReader, checking that their headers
// describe this class, this index scheme and this slot count. Throws io::TableError.
// Only the entries TableLookup::reads_entry names hold values; the rest hold fill.
ClassTable read_class_table(const std::filesystem::path& dir, Material material);

}  // namespace tsivy
