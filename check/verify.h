// `tsivy verify`: re-checks every stored entry by forward search. It shares no code
// with the retrograde propagation: it generates turns forwards and checks that each
// stored value (a quiet position's) is exactly what its successors' values imply, each
// successor looked up as every reader does (capture positions resolved by search). Those local
// conditions, holding everywhere, prove the whole table correct (by induction on
// depth; a draw cannot hide a win because a win needs a lost successor, which is
// itself checked).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <vector>

#include "indexing/material_index.h"
#include "check/stats.h"
#include "table_dir/table_directory.h"

namespace tsivy {

class Communicator;

struct VerifyOptions {
  std::shared_ptr<const TableDirectory> tables;
  std::vector<Material> only;  // these classes, or (empty) every class in the manifest
  unsigned threads = 1;
  // Keeps in memory (TableLookup::make_resident) the pair being verified and the classes
  // its captures reach (pair_captures_reach), so that each capture position among the
  // successors is resolved once rather than once per predecessor, which otherwise takes
  // most of verify's time. Costs TableLookup::kResidentBytesPerSlot per index slot of
  // those classes. Pairs are verified one after the other, each dropped when the next
  // begins. `resident` forces it for every pair; otherwise a pair goes resident when
  // its classes and the block cache fit `memory` (check/resident_choice.h), the
  // smallest `memory` of all ranks, so that they all choose alike. No `memory`: never.
  bool resident = false;
  std::optional<std::uint64_t> memory = std::nullopt;
  // When given, each verified class's statistics are appended here too, the figures of
  // `tsivy stats` (summed over the ranks), from the same scan: at 8 stones that saves a
  // second pass that resolves every capture position again.
  std::vector<ClassStats>* stats = nullptr;
  // Decompressed blocks kept for the successors' and captures' lookups.
  std::size_t cache_bytes = std::size_t{1} << 30;
  std::ostream* log = nullptr;   // progress
  // Seconds between progress lines within a class (rank 0; an 8-stone class takes most
  // of an hour); 0: after every chunk of slots.
  double progress_every = 30;
  std::ostream* errors = nullptr;  // one line per mismatch (position, stored, expected)
  std::uint64_t max_reported = 20;  // mismatches printed per class (per rank); all are counted
  // The ranks that share the work (each checks one contiguous share of every class);
  // nullptr for this process alone. Counts are summed over the ranks; rank 0 checks
  // the files' checksums and prints progress.
  Communicator* comm = nullptr;
};

struct VerifyResult {
  std::uint64_t classes = 0;
  std::uint64_t positions = 0;
  std::uint64_t mismatches = 0;
};

VerifyResult verify_tables(const VerifyOptions& options);

}  // namespace tsivy
