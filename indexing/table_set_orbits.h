// Dense ranking of the symmetry orbits of k-point sets by a table of their
// representatives: for a square board, whose eight symmetries (a dihedral group, not
// the Klein group of StoneSetOrbits' closed form) would need a closed form of their
// own. A square board that fits the index has at most 25 points, so the table of one
// size is small (at most about 650,000 orbits on 5x5). Internal to indexing/; INDEX.md,
// "Other boards", explains the choice.
//
// The representative of an orbit is its least member as a 64-bit number; orbits are
// ranked in increasing order of their representatives. rank() takes the least of the
// set's images and finds it in the sorted table, first through a table of bucket starts
// by the representative's high bits, then by a binary search inside the bucket.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "game/geometry.h"
#include "indexing/combinatorics.h"

namespace tsivy::detail {

class TableSetOrbits {
 public:
  // Builds the table of every k-point set's orbit: a pass over the C(points, k) sets.
  explicit TableSetOrbits(int k);

  int size() const noexcept { return k_; }
  std::uint64_t count() const noexcept { return entries_.size(); }

  struct Ranked {
    std::uint64_t rank;
    Symmetry to_canonical;   // maps the set to the orbit's representative, unrank(rank)
    SymmetrySet stabiliser;  // the symmetries that fix the representative
  };
  Ranked rank(const Images& images) const noexcept {
    // The least image and the first symmetry that gives it.
    PointSet least = images.of[0];
    int to_canonical = 0;
    for (int g = 1; g < kSymmetries; ++g) {
      const bool less = images.of[g] < least;
      least = less ? images.of[g] : least;
      to_canonical = less ? g : to_canonical;
    }
    const std::uint64_t r = find(least);
    return {r, static_cast<Symmetry>(to_canonical), stabiliser_of(entries_[r])};
  }
  Ranked rank(PointSet set) const noexcept { return rank(Images(set)); }

  struct Unranked {
    PointSet set;  // the orbit's representative
    SymmetrySet stabiliser;
  };
  // `rank` must be below count().
  Unranked unrank(std::uint64_t rank) const noexcept {
    const Entry e = entries_[rank];
    return {static_cast<PointSet>(e >> kStabiliserBits), stabiliser_of(e)};
  }

  std::size_t memory_bytes() const noexcept;

 private:
  // One entry per orbit: the representative, then the stabiliser without its identity
  // bit (always set). 32 bits hold both on 5x5 (25 + 7 bits); larger boards take 64.
  static constexpr int kStabiliserBits = kSymmetries - 1;
  using Entry = std::conditional_t<kPoints + kStabiliserBits <= 32, std::uint32_t, std::uint64_t>;
  static SymmetrySet stabiliser_of(Entry e) noexcept {
    return static_cast<SymmetrySet>(((e & ((Entry{1} << kStabiliserBits) - 1)) << 1) | kOnlyIdentity);
  }
  // The rank of a representative, which must be in the table.
  std::uint64_t find(PointSet representative) const noexcept {
    const std::uint32_t bucket = static_cast<std::uint32_t>(representative >> bucket_shift_);
    const Entry* first = entries_.data() + bucket_start_[bucket];
    std::size_t n = bucket_start_[bucket + 1] - bucket_start_[bucket];
    // The last entry not above the representative with any stabiliser: branch-free
    // halving, as the bucket is small and the comparisons unpredictable.
    const Entry key = static_cast<Entry>(representative << kStabiliserBits | ((Entry{1} << kStabiliserBits) - 1));
    while (n > 1) {
      const std::size_t half = n / 2;
      first = first[half] <= key ? first + half : first;
      n -= half;
    }
    return static_cast<std::uint64_t>(first - entries_.data());
  }

  int k_;
  std::vector<Entry> entries_;             // sorted by representative
  std::vector<std::uint32_t> bucket_start_;  // per value of representative >> bucket_shift_, and one past
  int bucket_shift_ = 0;
};

// The table for sets of k points, 0 <= k <= kPoints, built on first use of that size
// (thread-safe).
const TableSetOrbits& table_set_orbits(int k);

}  // namespace tsivy::detail
