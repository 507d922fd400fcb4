// `tsivy generate`: every class with 2..N stones, smallest total first, each pair
// solved together, written to a table directory with a manifest; resumable.
#pragma once

#include <cstddef>
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <vector>

#include "solver/communicator.h"
#include "table_dir/manifest.h"

namespace tsivy {

struct GenerateOptions {
  int max_stones = 0;
  std::filesystem::path out;
  unsigned threads = 1;
  // Decompressed blocks of smaller tables kept for seeding, per rank (one budget for all).
  std::size_t cache_bytes = std::size_t{1} << 30;
  std::ostream* log = nullptr;  // progress and summary (rank 0 only); nullptr for quiet
  // The ranks solving together (solver/communicator.h); nullptr: this process alone.
  Communicator* comm = nullptr;
  // Updates a thread buffers before an exchange round (0: the solver's default).
  // Small values force many rounds per depth step, for tests.
  std::uint64_t updates_per_round = 0;
  // Seconds between checkpoints of a pair's working state in DIR/.checkpoint (0: none).
  // A checkpoint found there is resumed whatever this says.
  double checkpoint_every = 0;
};

// Returns the manifest entries of every class up to max_stones, solved now or
// found complete on disk. Throws on I/O errors or damaged earlier tables.
std::vector<ManifestClass> generate_tables(const GenerateOptions& options);

}  // namespace tsivy
