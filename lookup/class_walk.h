// The one walk over every position of a class with its value as every reader sees it:
// quiet positions from the class's own files (read in bulk, range by range, so no whole
// table is held), capture positions resolved by the lookup. TableLookup::make_resident
// builds on it, and `verify` and `stats` scan so. Over value files (solver/table_files.h),
// where every entry holds its value, nothing is searched.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"

namespace tsivy {

// Which entries of the files hold values: a table directory's quiet positions only, or
// every canonical entry (the value files, TableDirectory::value_file).
enum class ClassEntries { quiet, every };

class ClassWalk {
 public:
  // ClassEntries::quiet: the class's table files as `lookup` reads them (its readers,
  // opened once for the lookup and the walk). ClassEntries::every: the class's value
  // files in the lookup's directory, opened here. Throws LookupError (table files) or
  // io::TableError (value files) for a file that is missing or damaged.
  ClassWalk(const TableLookup& lookup, Material material, ClassEntries entries = ClassEntries::quiet);

  const MaterialIndex& index() const { return index_; }
  const io::TableReader& file(io::TableKind kind) const { return kind == io::TableKind::wdl ? *wdl_ : *depth_; }

  // Calls f(slot, value, stored) for every canonical slot in [first, last): `stored`
  // when the value was read from the files, otherwise it was resolved through the
  // lookup. Thread-safe for disjoint ranges. Throws io::TableError for a damaged block,
  // and (ClassEntries::every) for an entry that holds no value.
  template <class F>
  void visit(std::uint64_t first, std::uint64_t last, F&& f) const {
    std::vector<std::uint8_t> wdl(last - first);
    std::vector<std::uint16_t> depth(last - first);
    wdl_->read(first, std::span<std::uint8_t>(wdl));
    depth_->read(first, std::span<std::uint16_t>(depth));
    for_each_slot(index_, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      if (entries_ == ClassEntries::quiet && !TableLookup::reads_entry(slot.us(), slot.them())) {
        f(slot, lookup_.value(slot.us(), slot.them()), false);
        return;
      }
      const std::uint64_t k = slot.slot() - first;
      const auto outcome = static_cast<Outcome>(wdl[k]);
      // A table's unused quiet entry is left to the caller (verify counts it as a mismatch).
      if (entries_ == ClassEntries::every && outcome != Outcome::win && outcome != Outcome::draw && outcome != Outcome::loss)
        throw io::TableError(wdl_->file(), "slot " + std::to_string(slot.slot()) + " holds no value");
      // A draw's depth entry is don't-care: only the WDL file speaks for draws.
      f(slot, Value{outcome, outcome == Outcome::draw ? std::uint16_t{0} : depth[k]}, true);
    });
  }

 private:
  const TableLookup& lookup_;
  const ClassEntries entries_;
  const MaterialIndex& index_;
  std::optional<io::TableReader> own_wdl_, own_depth_;  // value files only
  const io::TableReader* wdl_;
  const io::TableReader* depth_;
};

}  // namespace tsivy
