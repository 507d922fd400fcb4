// The one way work is spread over threads: on_threads runs a body once per thread,
// parallel_for hands out chunks of an index range. Threads are started per call (no
// pool lives between calls), so a call costs what starting its threads costs.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace tsivy {

// Calls body(t) for every t in [0, threads): t = 0 on the calling thread, the others
// on threads of their own; one thread runs it inline. Returns when every call has
// returned, then rethrows the first exception any of them threw.
template <class Body>
void on_threads(unsigned threads, Body&& body) {
  if (threads <= 1) return body(0u);
  std::exception_ptr error;
  std::mutex mutex;
  const auto run = [&](unsigned t) {
    try {
      body(t);
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> helpers;
    helpers.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(run, t);
    run(0);
  }  // joins the helpers
  if (error) std::rethrow_exception(error);
}

// Calls body for disjoint chunks of at most `chunk` indices covering [begin, end), on
// up to `threads` threads (never more than there are chunks). Chunks are handed out
// one at a time as threads come free, so uneven work (capture-rich regions of a table)
// balances. body(first, last) or, where a thread keeps state of its own (a buffer, an
// encoder), body(first, last, t) with t in [0, threads). After an exception no new
// chunk starts; the first one is rethrown once every thread has stopped.
template <class Body>
void parallel_for(std::uint64_t begin, std::uint64_t end, unsigned threads, Body&& body,
                  std::uint64_t chunk = 1 << 14) {
  if (begin >= end) return;
  chunk = std::max<std::uint64_t>(chunk, 1);
  const std::uint64_t chunks = (end - begin - 1) / chunk + 1;
  threads = static_cast<unsigned>(std::clamp<std::uint64_t>(threads, 1, chunks));
  std::atomic<std::uint64_t> next{begin};
  on_threads(threads, [&](unsigned t) {
    try {
      for (std::uint64_t first; (first = next.fetch_add(chunk)) < end;) {
        const std::uint64_t last = std::min(end, first + chunk);
        if constexpr (std::is_invocable_v<Body&, std::uint64_t, std::uint64_t, unsigned>)
          body(first, last, t);
        else
          body(first, last);
      }
    } catch (...) {
      next.store(end);
      throw;
    }
  });
}

}  // namespace tsivy
