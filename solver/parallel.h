// A minimal parallel loop over an index range, in chunks handed out dynamically so
// that uneven work (capture-rich regions of a table) balances across threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tsivy {

// Calls body(first, last) for disjoint chunks covering [begin, end), on `threads`
// threads. The first exception thrown by any chunk is rethrown after all threads stop.
template <class Body>
void parallel_for(std::uint64_t begin, std::uint64_t end, unsigned threads, Body body,
                  std::uint64_t chunk = 1 << 14) {
  if (begin >= end) return;
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>((end - begin + chunk - 1) / chunk)));
  std::atomic<std::uint64_t> next{begin};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    try {
      for (;;) {
        const std::uint64_t first = next.fetch_add(chunk);
        if (first >= end) return;
        body(first, std::min(end, first + chunk));
      }
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next.store(end);
    }
  };
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace tsivy
