// `tsivy verify`: re-checks every value by forward search one turn deep. It shares no
// code with the retrograde propagation. Classes are verified smallest first, a class and
// its mirror one after the other, with the pair's classes and those its captures reach
// held in memory, read from their value files (check/value_file_residents.h). For every
// canonical slot, quiet and capture positions alike, it generates every turn forwards
// and checks the value files' value against the successors' held values, condition by
// condition (check_quiet: not the solver's or the lookup's "best successor" code, so that
// a mistake shared with them cannot hide); and it checks every quiet entry of the table
// files against the value files.
//
// Why that proves what readers compute, by induction over the classes: the conditions,
// holding at every position of a pair, determine its values from the smaller classes'
// (by induction on depth; a draw cannot hide a win because a win needs a lost
// successor, which is itself checked), so the pair's value files are the true values
// once the smaller classes' are. A reader takes a quiet position from the table files,
// equal to the value files, and resolves a capture position by searching capture turns
// into smaller classes, whose quiet entries equal their value files: it computes the
// value files' values. With `only`, the value files of the classes it leaves out (the
// smaller classes, a mirror class not named) are trusted as verified before.
//
// Where a class's value files cannot be used, its values are resolved from its table
// files by search, as readers resolve them, and its table entries are checked against
// their successors as before value files. A pair that does not fit in memory is read
// from the files: its quiet entries are checked against their successors as the lookup
// resolves them, and its value files are not read.
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
  // These classes, or (empty) every class in the manifest. The value files of the
  // classes left out (smaller ones, a mirror not named) are then trusted as verified before.
  std::vector<Material> only;
  unsigned threads = 1;
  // Keeps in memory the pair being verified and the classes its captures reach
  // (pair_captures_reach), read from their value files (or, where those cannot be used,
  // resolved from the table files: TableLookup::make_resident), so that the value files
  // are checked one turn deep; otherwise each capture position among the successors is
  // resolved by search once per predecessor, which takes most of the time. Costs
  // TableLookup::kResidentBytesPerSlot per index slot of those classes on every rank.
  // Pairs are verified one after the other, each dropped when the next begins. `resident` forces it for every pair; otherwise a pair goes resident when
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
