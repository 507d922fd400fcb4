// Whole solved classes written to and read back from a table directory.
#pragma once

#include <array>
#include <filesystem>
#include <string>

#include "indexing/material_index.h"
#include "io/table_file.h"
#include "table_dir/table_paths.h"
#include "solver/class_table.h"
#include "solver/communicator.h"
#include "solver/pair_solver.h"

namespace tsivy {

// Writes both files of a class whose slots are spread over the ranks of `comm`, each
// rank holding `slice` (collective): each rank compresses the blocks of its own slots
// (slice boundaries are block boundaries, solver/partition.h) on `threads` threads;
// the block sizes are exchanged, each rank writes its blocks at their offsets into one
// temporary file, and rank 0 writes header and block index, fsyncs and renames it into
// place. Byte-identical for any rank count (io::write_table of the whole class writes
// the same bytes: one block encoder).
// Returns the WDL and depth headers (with the value counts of the whole class).
std::array<io::TableHeader, 2> write_solved_class(const std::filesystem::path& dir, const SolvedSlice& slice,
                                                  Communicator& comm, unsigned threads);

// Reads both files of a class through io::TableReader, checking that their headers
// describe this class, this index scheme and this slot count. Throws io::TableError.
// Only the entries TableLookup::reads_entry names hold values; the rest hold fill.
ClassTable read_class_table(const std::filesystem::path& dir, Material material);

}  // namespace tsivy
