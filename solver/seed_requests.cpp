#include "solver/seed_requests.h"

#include <cstring>

#include "lookup/value_code.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"

namespace tsivy {
SeedRequests::SeedRequests(Communicator& comm, unsigned threads)
    : comm_(comm), threads_(threads), rank_(static_cast<unsigned>(comm.rank())),
      ranks_(static_cast<unsigned>(comm.size())), out_(threads, std::vector<std::vector<std::uint64_t>>(ranks_)),
      waiting_(threads, std::vector<std::vector<std::uint32_t>>(ranks_)), buffered_(threads), answers_(ranks_),
      answer_offset_(threads, std::vector<std::uint64_t>(ranks_, 0)) {}

void SeedRequests::exchange(const ResidentShares& shares) {
  if (ranks_ == 1) return;  // a single rank asks nobody (the solver answers its own at once)
  const auto start = Clock::now();
  // To each rank one message: every thread's requests for it, thread after thread.
  std::vector<std::vector<std::uint64_t>> requests(ranks_);
  for (unsigned r = 0; r < ranks_; ++r) {
    for (unsigned t = 0; t < threads_; ++t) {
      answer_offset_[t][r] = requests[r].size();
      requests[r].insert(requests[r].end(), out_[t][r].begin(), out_[t][r].end());
    }
  }
  std::vector<std::vector<std::uint8_t>> send(ranks_), received;
  for (unsigned r = 0; r < ranks_; ++r) {
    if (r == rank_) continue;
    send[r] = to_bytes(requests[r]);
    bytes_sent_ += send[r].size();
  }
  comm_.all_to_all(send, received);
  std::vector<std::vector<std::uint64_t>> asked(ranks_);
  for (unsigned r = 0; r < ranks_; ++r) {
    if (r == rank_) {
      asked[r] = std::move(requests[r]);
    } else {
      append_from_bytes(received[r], asked[r]);
    }
  }

  // Answers from this rank's shares, for every asking rank (this one included).
  std::vector<std::vector<std::uint16_t>> answers(ranks_);
  for (unsigned r = 0; r < ranks_; ++r) {
    answers[r].resize(asked[r].size());
    parallel_for(0, asked[r].size(), threads_, [&](std::uint64_t first, std::uint64_t last) {
      for (std::uint64_t k = first; k < last; ++k) {
        const std::uint64_t request = asked[r][k];
        const auto id = static_cast<int>(request >> kSlotBits);
        answers[r][k] = shares.packed(id, request & ((std::uint64_t{1} << kSlotBits) - 1));
      }
    }, std::uint64_t{1} << 16);
  }
  for (unsigned r = 0; r < ranks_; ++r) {
    send[r] = r == rank_ ? std::vector<std::uint8_t>{} : to_bytes(answers[r]);
    bytes_sent_ += send[r].size();
  }
  comm_.all_to_all(send, received);
  for (unsigned r = 0; r < ranks_; ++r) {
    answers_[r].clear();
    if (r == rank_) {
      answers_[r] = std::move(answers[r]);
    } else {
      append_from_bytes(received[r], answers_[r]);
    }
  }
  seconds_ += seconds_since(start);
}

void SeedRequests::clear() {
  for (unsigned t = 0; t < threads_; ++t) {
    buffered_[t].value = 0;
    for (unsigned r = 0; r < ranks_; ++r) {
      out_[t][r].clear();
      waiting_[t][r].clear();
    }
  }
}

}  // namespace tsivy
