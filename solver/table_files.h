// Whole solved classes written to and read back from a table directory.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "indexing/material_index.h"
#include "io/table_file.h"
#include "table_dir/table_directory.h"
#include "lookup/class_files.h"
#include "runtime/communicator.h"
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
std::array<io::TableHeader, 2> write_solved_class(const TableDirectory& dir, const SolvedSlice& slice,
                                                  Communicator& comm, unsigned threads);

// The generation-side value files of a class (TableDirectory::value_file): both files,
// as write_solved_class writes them, but with the true value of every canonical slot,
// capture positions included, so that later passes (the seeding of larger pairs, a
// resumed run) read them without searching (solver/resident_shares.h).
// Written at zstd level 1 into DIR/values. Collective, like write_solved_class.
void write_value_files(const TableDirectory& dir, const SolvedSlice& slice, Communicator& comm,
                       unsigned threads);
// The same from packed values (lookup/value_code.h) of slots [first, last), which each
// rank passes for its own range of the class (block-aligned, solver/partition.h, as
// ResidentShares holds them); entries of non-canonical slots are ignored.
void write_value_files(const TableDirectory& dir, Material material, std::uint64_t first, std::uint64_t last,
                       std::span<const std::uint16_t> values, Communicator& comm, unsigned threads);
}  // namespace tsivy
