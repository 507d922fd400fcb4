#include "indexing/table_set_orbits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <mutex>

namespace tsivy::detail {

TableSetOrbits::TableSetOrbits(int k) : k_(k) {
  // Every k-point set in increasing order (Gosper's hack: the next larger number with as
  // many bits), keeping those that are the least of their images, which leaves the
  // representatives sorted.
  PointSet set = (PointSet{1} << k) - 1;
  while (set <= kBoard) {
    const Images images(set);
    bool least = true;
    SymmetrySet stabiliser = 0;
    for (int g = 0; g < kSymmetries && least; ++g) {
      least = images.of[g] >= set;
      if (images.of[g] == set) stabiliser |= static_cast<SymmetrySet>(1u << g);
    }
    if (least) entries_.push_back(static_cast<Entry>(set << kStabiliserBits | (stabiliser >> 1)));
    if (set == 0) break;  // the empty set is the only set of no points
    const PointSet lowest = set & (~set + 1), ripple = set + lowest;
    set = (((ripple ^ set) >> 2) >> std::countr_zero(lowest)) | ripple;
  }
  entries_.shrink_to_fit();
  // About eight representatives per bucket: the search inside one stays in a cache line
  // or two, and the bucket starts take half the bytes of the entries.
  const int bucket_bits = std::max(0, static_cast<int>(std::bit_width(entries_.size())) - 3);
  bucket_shift_ = std::max(0, kPoints - bucket_bits);
  bucket_start_.resize((kBoard >> bucket_shift_) + 2);
  std::size_t i = 0;
  for (std::size_t bucket = 0; bucket < bucket_start_.size(); ++bucket) {
    while (i < entries_.size() && (entries_[i] >> kStabiliserBits >> bucket_shift_) < bucket) ++i;
    bucket_start_[bucket] = static_cast<std::uint32_t>(i);
  }
}

std::size_t TableSetOrbits::memory_bytes() const noexcept {
  return sizeof(*this) + entries_.capacity() * sizeof(Entry) + bucket_start_.capacity() * sizeof(std::uint32_t);
}

const TableSetOrbits& table_set_orbits(int k) {
  static std::array<std::once_flag, kPoints + 1> built;
  static std::array<std::unique_ptr<TableSetOrbits>, kPoints + 1> tables;
  std::call_once(built[k], [k] { tables[k] = std::make_unique<TableSetOrbits>(k); });
  return *tables[k];
}

}  // namespace tsivy::detail
