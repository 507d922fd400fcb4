// Walking every position of one class with its value as every reader sees it: quiet
// positions from the class's own files (read in bulk, range by range, so no whole table
// is held), capture positions resolved by the lookup. `verify` and `stats` scan so.
// `stats` also scans value files (solver/table_files.h), where every entry holds its
// value and nothing is searched.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "table_dir/table_paths.h"

namespace tsivy {

// Which entries of the files hold values: a table directory's quiet positions only, or
// every canonical entry (the value files in value_files_dir()).
enum class ScanEntries { quiet, every };

class ClassScan {
 public:
  // Opens the class's two files in `dir` (headers checked). Throws io::TableError.
  ClassScan(const TableLookup& lookup, const std::filesystem::path& dir, Material material,
            ScanEntries entries = ScanEntries::quiet)
      : lookup_(lookup),
        entries_(entries),
        index_(MaterialIndex::of(material)),
        wdl_(open_class_file(dir, material, io::TableKind::wdl)),
        depth_(open_class_file(dir, material, io::TableKind::depth)) {}

  const MaterialIndex& index() const { return index_; }
  const io::TableReader& file(io::TableKind kind) const { return kind == io::TableKind::wdl ? wdl_ : depth_; }

  // Calls f(slot, value, stored) for every canonical slot in [first, last): `stored`
  // when the value was read from the files, otherwise it was resolved through the
  // lookup. Thread-safe for disjoint ranges. Throws io::TableError for a damaged block,
  // and (ScanEntries::every) for an entry that holds no value.
  template <class F>
  void visit(std::uint64_t first, std::uint64_t last, F&& f) const {
    std::vector<std::uint8_t> wdl(last - first);
    std::vector<std::uint16_t> depth(last - first);
    wdl_.read(first, std::span<std::uint8_t>(wdl));
    depth_.read(first, std::span<std::uint16_t>(depth));
    for_each_slot(index_, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      if (entries_ == ScanEntries::quiet && !TableLookup::reads_entry(slot.us(), slot.them())) {
        f(slot, lookup_.value(slot.us(), slot.them()), false);
        return;
      }
      const std::uint64_t k = slot.slot() - first;
      const auto outcome = static_cast<Outcome>(wdl[k]);
      // A table's unused quiet entry is left to the caller (verify counts it as a mismatch).
      if (entries_ == ScanEntries::every && outcome != Outcome::win && outcome != Outcome::draw && outcome != Outcome::loss)
        throw io::TableError(wdl_.file(), "slot " + std::to_string(slot.slot()) + " holds no value");
      // A draw's depth entry is don't-care: only the WDL file speaks for draws.
      f(slot, Value{outcome, outcome == Outcome::draw ? std::uint16_t{0} : depth[k]}, true);
    });
  }

 private:
  const TableLookup& lookup_;
  const ScanEntries entries_;
  const MaterialIndex& index_;
  io::TableReader wdl_, depth_;
};

}  // namespace tsivy
