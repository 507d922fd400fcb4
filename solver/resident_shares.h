// What seeding reads: the values of the smaller classes a pair's captures reach
// (pair_captures_reach, indexing/capture_reach.h), capture positions included, split over the ranks as the
// pair's own slots are. Each rank holds only its share of each class, the slots it
// would own solving that class (solver/partition.h, one range per rank), so this memory
// divides over the ranks like the working state; seeding asks the owners for the values
// it needs (solver/pair_solver.cpp, seed()).
//
// A share is read from the class's value files (solver/table_files.h), a bulk read of
// the rank's own blocks. Without them (tables from before value files, the folder
// removed, a damaged file) each rank resolves its share by search through the lookup,
// as every reader of the distributed tables does, and the ranks then write the value
// files together, so that the search is done once.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/partition.h"

namespace tsivy {

// Bytes a share holds per slot (a packed value, lookup/value_code.h): what `tsivy plan` counts.
inline constexpr std::uint64_t kShareBytesPerSlot = sizeof(std::uint16_t);

class ResidentShares {
 public:
  // Loads this rank's share of each class of `classes`, smallest first, on `threads`
  // threads (collective). `value_files`: read from the value files of the lookup's
  // directory (TableDirectory::value_file), written there when missing; false: every
  // share is resolved by search and nothing written.
  // One line per class on `log` when given, e.g.
  //   "  6v1       share for seeding: 159.1 MB of 159.1 MB, 1.2 s, read from value files"
  ResidentShares(std::span<const Material> classes, const TableLookup& lookup, bool value_files,
                 Communicator& comm, unsigned threads, std::ostream* log);

  // The class of positions with `us` stones to move against `them`, or -1 when it is
  // none of the classes held. Both counts at most kMaxStones.
  int class_id(int us, int them) const { return ids_[static_cast<std::size_t>(us)][static_cast<std::size_t>(them)]; }
  const MaterialIndex& index(int id) const { return *shares_[static_cast<std::size_t>(id)].index; }
  // The rank holding `slot` of class `id`.
  unsigned owner(int id, std::uint64_t slot) const { return shares_[static_cast<std::size_t>(id)].owners.owner(slot); }
  // The packed value (lookup/value_code.h) of a slot this rank holds, from the side to move.
  std::uint16_t packed(int id, std::uint64_t slot) const {
    const Share& s = shares_[static_cast<std::size_t>(id)];
    return s.values[slot - s.first];
  }
  std::uint64_t bytes() const;  // held by this rank

 private:
  struct Share {
    Material material{};
    const MaterialIndex* index = nullptr;
    Ownership owners;
    std::uint64_t first = 0, last = 0;  // this rank's slots
    std::vector<std::uint16_t> values;  // packed values of [first, last)
  };
  static_assert(sizeof(decltype(Share::values)::value_type) == kShareBytesPerSlot);
  bool read_value_files(Share& share, const TableDirectory& dir, Communicator& comm, unsigned threads,
                        std::ostream* log);
  void resolve_by_search(Share& share, const TableLookup& lookup, unsigned threads);

  std::vector<Share> shares_;
  std::array<std::array<int, kMaxStones + 1>, kMaxStones + 1> ids_;
};

}  // namespace tsivy
