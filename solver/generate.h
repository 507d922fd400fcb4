// `tsivy generate`: every class with 2..N stones, smallest total first, each pair
// solved together, written to a table directory with a manifest; resumable.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <vector>

#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "table_dir/manifest.h"

namespace tsivy {

struct GenerateOptions {
  int max_stones = 0;
  std::filesystem::path out;
  // How each pair is solved; its threads also load and write the tables. Generation
  // sets on_progress, checkpoint_dir (DIR/.checkpoint) and log itself.
  SolveOptions solve;
  // Decompressed blocks of smaller tables kept for seeding, per rank (one budget for all).
  std::size_t cache_bytes = std::size_t{1} << 30;
  std::ostream* log = nullptr;  // progress and summary (rank 0 only); nullptr for quiet
  // The ranks solving together (runtime/communicator.h); nullptr: this process alone.
  Communicator* comm = nullptr;
};

// Returns the manifest entries of every class up to max_stones, solved now or
// found complete on disk. Throws on I/O errors or damaged earlier tables.
std::vector<ManifestClass> generate_tables(const GenerateOptions& options);

}  // namespace tsivy
