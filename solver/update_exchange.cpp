#include "solver/update_exchange.h"

#include <cstring>

#include "solver/clock.h"

namespace tsivy {

UpdateExchange::UpdateExchange(Communicator& comm, unsigned threads)
    : comm_(comm), threads_(threads), rank_(static_cast<unsigned>(comm.rank())),
      ranks_(static_cast<unsigned>(comm.size())), out_(threads) {
  for (auto& outboxes : out_) outboxes.resize(std::size_t{ranks_} * threads_);
}

// One message per rank, holding for each of its threads a count and that thread's updates.
void UpdateExchange::exchange() {
  if (ranks_ == 1) return;
  const auto start = Clock::now();
  std::vector<std::vector<std::uint8_t>> send(ranks_);
  for (unsigned r = 0; r < ranks_; ++r) {
    if (r == rank_) continue;
    std::vector<std::uint64_t> words(threads_, 0);
    for (unsigned j = 0; j < threads_; ++j)
      for (const auto& from : out_) words[j] += from[r * threads_ + j].size();
    for (unsigned j = 0; j < threads_; ++j)
      for (const auto& from : out_) {
        const auto& part = from[r * threads_ + j];
        words.insert(words.end(), part.begin(), part.end());
      }
    send[r].resize(words.size() * sizeof(std::uint64_t));
    std::memcpy(send[r].data(), words.data(), send[r].size());
    bytes_sent_ += send[r].size();
  }
  comm_.all_to_all(send, received_);
  received_words_.assign(ranks_, {});
  for (unsigned r = 0; r < ranks_; ++r) {
    if (r == rank_ || received_[r].empty()) continue;
    auto& words = received_words_[r];
    words.resize(received_[r].size() / sizeof(std::uint64_t));
    std::memcpy(words.data(), received_[r].data(), received_[r].size());
    received_[r] = {};
  }
  seconds_ += seconds_since(start);
}

void UpdateExchange::clear() {
  for (auto& outboxes : out_)
    for (auto& buffer : outboxes) buffer.clear();
}

}  // namespace tsivy
