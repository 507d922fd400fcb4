// Walking every position of one class with its value as every reader sees it: quiet
// positions from the class's own files (read in bulk, range by range, so no whole table
// is held), capture positions resolved by the lookup. `verify` and `stats` scan so.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "table_dir/table_paths.h"

namespace tsivy {

class ClassScan {
 public:
  // Opens the class's two files (headers checked). Throws io::TableError.
  ClassScan(const TableLookup& lookup, const std::filesystem::path& dir, Material material)
      : lookup_(lookup),
        index_(MaterialIndex::of(material)),
        wdl_(open_class_file(dir, material, io::TableKind::wdl)),
        depth_(open_class_file(dir, material, io::TableKind::depth)) {}

  const MaterialIndex& index() const { return index_; }
  const io::TableReader& file(io::TableKind kind) const { return kind == io::TableKind::wdl ? wdl_ : depth_; }

  // Calls f(slot, value, stored) for every canonical slot in [first, last): `stored`
  // when the value was read from the files (a quiet position), otherwise it was
  // resolved through the lookup. Thread-safe for disjoint ranges.
  template <class F>
  void visit(std::uint64_t first, std::uint64_t last, F&& f) const {
    std::vector<std::uint8_t> wdl(last - first);
    std::vector<std::uint16_t> depth(last - first);
    wdl_.read(first, std::span<std::uint8_t>(wdl));
    depth_.read(first, std::span<std::uint16_t>(depth));
    for_each_slot(index_, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      if (!TableLookup::reads_entry(slot.us(), slot.them())) {
        f(slot, lookup_.value(slot.us(), slot.them()), false);
        return;
      }
      const std::uint64_t k = slot.slot() - first;
      const auto outcome = static_cast<Outcome>(wdl[k]);
      // A draw's depth entry is don't-care: only the WDL file speaks for draws.
      f(slot, Value{outcome, outcome == Outcome::draw ? std::uint16_t{0} : depth[k]}, true);
    });
  }

 private:
  const TableLookup& lookup_;
  const MaterialIndex& index_;
  io::TableReader wdl_, depth_;
};

}  // namespace tsivy
