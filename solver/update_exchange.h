// How updates travel between the workers of a pair (solver/pair_solver.h, "Owner
// computes"): each thread buffers the updates it generates per owning worker; between
// the threads of a rank they are read in place, between ranks they go through the
// Communicator. Communication only: what an update does is the solver's business.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "runtime/communicator.h"
#include "solver/pair_solver.h"

namespace tsivy {

// An update names a slot of the pair: the class in the top bit, the slot below.
inline constexpr std::uint64_t kClassBit = std::uint64_t{1} << 63;
static_assert(sizeof(kClassBit) == kUpdateBytes);
constexpr std::uint64_t make_update(std::size_t class_id, std::uint64_t slot) { return (class_id ? kClassBit : 0) | slot; }
constexpr std::size_t update_class(std::uint64_t update) { return (update & kClassBit) ? 1 : 0; }
constexpr std::uint64_t update_slot(std::uint64_t update) { return update & ~kClassBit; }

class UpdateExchange {
 public:
  // Workers are rank-major (solver/partition.h): worker = rank * threads + thread.
  UpdateExchange(Communicator& comm, unsigned threads);

  // Thread `thread`'s buffers, one per destination worker.
  std::vector<std::vector<std::uint64_t>>& outboxes(unsigned thread) { return out_[thread]; }

  // Moves the buffered updates for other ranks' workers to them. Collective; between
  // the threads' generating and applying.
  void exchange();

  // Calls apply(std::span<const std::uint64_t>) with every batch of updates for this
  // rank's thread `thread`: from this rank's threads, then from the other ranks.
  template <class Apply>
  void for_each_batch(unsigned thread, Apply&& apply) const {
    for (const auto& from : out_) apply(std::span<const std::uint64_t>(from[rank_ * threads_ + thread]));
    for (unsigned r = 0; r < ranks_; ++r) {
      if (r == rank_ || received_.size() <= r || received_[r].empty()) continue;
      // Per rank: a count for each thread, then each thread's updates. The bytes come
      // from operator new, aligned for 64-bit words.
      const std::span<const std::uint64_t> words(reinterpret_cast<const std::uint64_t*>(received_[r].data()),
                                                 received_[r].size() / sizeof(std::uint64_t));
      std::uint64_t offset = threads_;
      for (unsigned k = 0; k < thread; ++k) offset += words[k];
      apply(words.subspan(offset, words[thread]));
    }
  }

  // Empties every buffer (keeping its capacity for the next round).
  void clear();

  double seconds() const { return seconds_; }               // packing, exchanging, unpacking
  std::uint64_t bytes_sent() const { return bytes_sent_; }  // to other ranks

 private:
  Communicator& comm_;
  unsigned threads_, rank_, ranks_;
  std::vector<std::vector<std::vector<std::uint64_t>>> out_;  // [thread][worker]
  std::vector<std::vector<std::uint8_t>> received_;  // from each rank, read in place
  double seconds_ = 0;
  std::uint64_t bytes_sent_ = 0;
};

}  // namespace tsivy
