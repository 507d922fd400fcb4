// Who owns which slots of a pair (docs/architecture.md, "Distribution over MPI ranks").
// Each class's slots are split into one contiguous range per rank, and each rank's
// range into one per thread. Rank boundaries are multiples of kRankAlignment, which
// is a multiple of every table's entries per block, so each rank compresses and
// writes whole blocks of its own; thread boundaries are multiples of 64, so each
// thread owns whole words of the per-slot bitmaps.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "io/table_writer.h"

namespace tsivy {

// Whole blocks of every table file (io/table_writer.h).
inline constexpr std::uint64_t kRankAlignment = io::kWholeBlocksAlignment;
inline constexpr std::uint64_t kThreadAlignment = 64;

// Boundaries b[0] = first <= b[1] <= ... <= b[parts] = last splitting [first, last)
// into `parts` ranges as even as `align` allows (first must be a multiple of align or
// equal to last). Some ranges are empty when there are fewer aligned units than parts.
inline std::vector<std::uint64_t> split_range(std::uint64_t first, std::uint64_t last, unsigned parts,
                                              std::uint64_t align) {
  std::vector<std::uint64_t> bounds(parts + 1, last);
  bounds[0] = first;
  const std::uint64_t units = (last - first + align - 1) / align;
  for (unsigned k = 1; k < parts; ++k) bounds[k] = std::min(last, first + units * k / parts * align);
  return bounds;
}

// The workers (rank-major: worker = rank * threads + thread) owning the slots of one
// class, and which one owns a given slot.
class Ownership {
 public:
  Ownership() = default;
  Ownership(std::uint64_t slots, unsigned ranks, unsigned threads) : threads_(threads) {
    const std::vector<std::uint64_t> by_rank = split_range(0, slots, ranks, kRankAlignment);
    for (unsigned r = 0; r < ranks; ++r) {
      const std::vector<std::uint64_t> by_thread = split_range(by_rank[r], by_rank[r + 1], threads, kThreadAlignment);
      bounds_.insert(bounds_.end(), by_thread.begin(), by_thread.end() - 1);
    }
    bounds_.push_back(slots);
  }
  unsigned workers() const { return static_cast<unsigned>(bounds_.size() - 1); }
  std::uint64_t first(unsigned worker) const { return bounds_[worker]; }
  std::uint64_t last(unsigned worker) const { return bounds_[worker + 1]; }
  std::uint64_t rank_first(unsigned rank) const { return bounds_[rank * threads_]; }
  std::uint64_t rank_last(unsigned rank) const { return bounds_[(rank + 1) * threads_]; }
  // The worker owning `slot` (empty ranges own nothing).
  unsigned owner(std::uint64_t slot) const {
    return static_cast<unsigned>(std::upper_bound(bounds_.begin() + 1, bounds_.end() - 1, slot) - bounds_.begin() - 1);
  }

 private:
  unsigned threads_ = 1;
  std::vector<std::uint64_t> bounds_;
};

}  // namespace tsivy
