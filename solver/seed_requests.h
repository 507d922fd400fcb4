// Seeding asks the owners (solver/resident_shares.h): a capture position's value is the
// best of its capture successors', which lie in smaller classes split over the ranks.
// Each thread of each rank lists, for a round of its capture positions, the successor
// slots it needs that other ranks hold, grouped by rank (its own rank's share answers
// at once, without a request); the ranks exchange the requests, answer from their
// shares, exchange the answers, and each thread folds them into its positions. Rounds are bounded (a soft limit of requests per thread), and go through
// the same Communicator as propagation. Communication only: which positions ask what
// is the solver's business.
#pragma once

#include <cstdint>
#include <vector>

#include "lookup/outcome.h"
#include "lookup/value_code.h"
#include "runtime/communicator.h"
#include "solver/resident_shares.h"

namespace tsivy {

class SeedRequests {
 public:
  SeedRequests(Communicator& comm, unsigned threads);

  // Thread `thread` asks for the value of `slot` of share class `class_id`, for its
  // waiting position number `waiting` (0, 1, ... in the thread's own numbering, reset
  // by clear()). Returns the requests the thread has buffered this round.
  std::uint64_t ask(unsigned thread, unsigned owner, int class_id, std::uint64_t slot, std::uint32_t waiting) {
    out_[thread][owner].push_back(static_cast<std::uint64_t>(class_id) << kSlotBits | slot);
    waiting_[thread][owner].push_back(waiting);
    return ++buffered_[thread].value;
  }

  // Sends the requests, answers those of the other ranks (and this one's) from `shares`
  // on the threads, and brings the answers back. Collective.
  void exchange(const ResidentShares& shares);

  // Calls add(waiting, value) with every answer for thread `thread`'s requests, the
  // value of the successor from its side to move.
  template <class Add>
  void for_each_answer(unsigned thread, Add&& add) const {
    for (unsigned r = 0; r < ranks_; ++r) {
      const std::vector<std::uint32_t>& waiting = waiting_[thread][r];
      const std::uint16_t* answers = answers_[r].data() + answer_offset_[thread][r];
      for (std::size_t k = 0; k < waiting.size(); ++k) add(waiting[k], unpack_value(answers[k]));
    }
  }

  void clear();  // after every thread has read its answers

  double seconds() const { return seconds_; }               // packing, exchanging, answering
  std::uint64_t bytes_sent() const { return bytes_sent_; }  // to other ranks, requests and answers

 private:
  static constexpr unsigned kSlotBits = 58;
  struct alignas(64) Count {
    std::uint64_t value = 0;
  };

  Communicator& comm_;
  unsigned threads_, rank_, ranks_;
  std::vector<std::vector<std::vector<std::uint64_t>>> out_;      // [thread][rank]: requests
  std::vector<std::vector<std::vector<std::uint32_t>>> waiting_;  // [thread][rank]: whose
  std::vector<Count> buffered_;                                   // [thread]
  std::vector<std::vector<std::uint16_t>> answers_;               // [rank]: to this rank's requests, thread-major
  std::vector<std::vector<std::uint64_t>> answer_offset_;         // [thread][rank]
  double seconds_ = 0;
  std::uint64_t bytes_sent_ = 0;
};

}  // namespace tsivy
