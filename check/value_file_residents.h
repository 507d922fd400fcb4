// What `verify` holds in memory for a pass (check/verify.h): the values of the pair's
// classes and of the classes its captures reach, capture positions included, two bytes
// a slot as the lookup's resident classes (TableLookup::kResidentBytesPerSlot). Each
// class is read from its value files (DIR/values, written by the solver, read by
// read_value_share, the one reader of them) where they can be used:
//   - the manifest lists them, both files are there at the size it lists, every block
//     reads back (its checksum) and every canonical slot holds a value; and
//   - the class is of the pair about to be verified (verify checks them now), or its
//     value files were verified earlier in this run, or the class is not verified in
//     this run at all (`--class` left it out: trusted as verified before).
// Otherwise the class's values are resolved from its table files by search
// (TableLookup::make_resident), as every reader resolves them, and a line says why.
// With several ranks every rank holds every class whole (each checks its share of the
// slots), and they all take the same path: rank 0 looks at the files, and a file that
// fails on any rank sends every rank to the search.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "runtime/communicator.h"

namespace tsivy {

class ValueFileResidents {
 public:
  // Lines on `log` when given (rank 0 should pass it, the others nullptr).
  ValueFileResidents(TableLookup& lookup, Communicator& comm, unsigned threads, std::ostream* log);

  // Makes exactly `classes` resident (others dropped first), smallest first; `pair`: the
  // classes about to be verified. Collective.
  void hold(std::span<const Material> classes, std::span<const Material> pair);

  // Whether `material` is resident with its values from its value files (not resolved
  // from the table files).
  bool from_value_files(Material material) const;

  // After the pass over `material`: whether it found its values right (no mismatch), so
  // that later passes may read its value files.
  void verified(Material material, bool value_files_right);

 private:
  // Why the class's value files cannot be used (rank 0's view of the files, then every
  // rank's read), or nullopt with `values` filled. Collective.
  std::optional<std::string> read_value_files(Material material, std::vector<std::uint16_t>& values);
  bool may_read_value_files(Material material, std::span<const Material> pair) const;

  TableLookup& lookup_;
  Communicator& comm_;
  const unsigned threads_;
  std::ostream* const log_;
  std::vector<Material> from_value_files_;   // resident now, read from value files
  std::vector<Material> verified_;           // verified in this run
  std::vector<Material> value_files_right_;  // of those, with their value files found right
};

}  // namespace tsivy
