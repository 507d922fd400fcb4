#include "solver/update_exchange.h"

#include <cstring>

#include "runtime/clock.h"

namespace tsivy {

UpdateExchange::UpdateExchange(Communicator& comm, unsigned threads)
    : comm_(comm), threads_(threads), rank_(static_cast<unsigned>(comm.rank())),
      ranks_(static_cast<unsigned>(comm.size())), out_(threads) {
  for (auto& outboxes : out_) outboxes.resize(std::size_t{ranks_} * threads_);
}

// One message per rank, holding for each of its threads a count and that thread's
// updates, packed straight into the bytes that are sent; what arrives is read in place
// (for_each_batch), so no update is copied twice on either side.
void UpdateExchange::exchange() {
  if (ranks_ == 1) return;
  const auto start = Clock::now();
  std::vector<std::vector<std::uint8_t>> send(ranks_);
  for (unsigned r = 0; r < ranks_; ++r) {
    if (r == rank_) continue;
    std::vector<std::uint64_t> counts(threads_, 0);
    for (unsigned j = 0; j < threads_; ++j)
      for (const auto& from : out_) counts[j] += from[r * threads_ + j].size();
    std::uint64_t words = threads_;
    for (const std::uint64_t c : counts) words += c;
    std::vector<std::uint8_t>& bytes = send[r];
    bytes.resize(words * sizeof(std::uint64_t));
    std::uint8_t* at = bytes.data();
    std::memcpy(at, counts.data(), counts.size() * sizeof(std::uint64_t));
    at += counts.size() * sizeof(std::uint64_t);
    for (unsigned j = 0; j < threads_; ++j)
      for (const auto& from : out_) {
        const auto& part = from[r * threads_ + j];
        if (part.empty()) continue;
        std::memcpy(at, part.data(), part.size() * sizeof(std::uint64_t));
        at += part.size() * sizeof(std::uint64_t);
      }
    bytes_sent_ += bytes.size();
  }
  comm_.all_to_all(send, received_);
  seconds_ += seconds_since(start);
}

void UpdateExchange::clear() {
  for (auto& outboxes : out_)
    for (auto& buffer : outboxes) buffer.clear();
  for (auto& bytes : received_) bytes.clear();
}

}  // namespace tsivy
