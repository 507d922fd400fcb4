// The one thread pool (parallel/parallel.h): every index is visited once, whatever the
// thread count and chunk size; a failure anywhere reaches the caller; one thread runs
// on the caller's own thread.
#include "parallel/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tsivy {
namespace {

TEST(ParallelFor, VisitsEveryIndexOfTheRangeExactlyOnce) {
  for (const unsigned threads : {1u, 2u, 7u}) {
    for (const std::uint64_t chunk : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{64}, std::uint64_t{1000}}) {
      constexpr std::uint64_t kBegin = 5, kEnd = 1000;
      std::vector<std::atomic<int>> visits(kEnd);
      parallel_for(kBegin, kEnd, threads, [&](std::uint64_t first, std::uint64_t last) {
        EXPECT_LE(last - first, chunk);
        for (std::uint64_t i = first; i < last; ++i) ++visits[i];
      }, chunk);
      for (std::uint64_t i = 0; i < kEnd; ++i)
        ASSERT_EQ(visits[i].load(), i < kBegin ? 0 : 1) << "index " << i << ", " << threads << " threads, chunk " << chunk;
    }
  }
}

TEST(ParallelFor, AnEmptyRangeCallsNothing) {
  bool called = false;
  parallel_for(10, 10, 4, [&](std::uint64_t, std::uint64_t) { called = true; });
  parallel_for(10, 3, 4, [&](std::uint64_t, std::uint64_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelFor, GivesEachThreadItsOwnIndexForStateOfItsOwn) {
  constexpr unsigned kThreads = 4;
  std::vector<std::uint64_t> sums(kThreads, 0);  // unsynchronised: each t touches only its own
  std::mutex mutex;
  std::set<std::thread::id> ids_of[kThreads];
  parallel_for(0, 10000, kThreads, [&](std::uint64_t first, std::uint64_t last, unsigned t) {
    ASSERT_LT(t, kThreads);
    for (std::uint64_t i = first; i < last; ++i) sums[t] += i;
    std::lock_guard lock(mutex);
    ids_of[t].insert(std::this_thread::get_id());
  }, 10);
  std::uint64_t total = 0;
  for (const std::uint64_t s : sums) total += s;
  EXPECT_EQ(total, std::uint64_t{10000} * 9999 / 2);
  for (const auto& ids : ids_of) EXPECT_LE(ids.size(), 1u) << "one t ran on two threads";
}

TEST(ParallelFor, NeverStartsMoreThreadsThanThereAreChunks) {
  std::atomic<unsigned> largest_t{0};
  parallel_for(0, 3, 16, [&](std::uint64_t, std::uint64_t, unsigned t) {
    for (unsigned seen = largest_t; t > seen && !largest_t.compare_exchange_weak(seen, t);) {
    }
  }, 1);
  EXPECT_LT(largest_t.load(), 3u);
}

TEST(ParallelFor, RethrowsAFailureAndStartsNoNewChunkAfterIt) {
  std::atomic<std::uint64_t> chunks_after_failure{0};
  std::atomic<bool> failed{false};
  try {
    parallel_for(0, 1'000'000, 4, [&](std::uint64_t first, std::uint64_t) {
      if (failed) {
        // Slow from here on: all the chunks left would take a quarter of an hour.
        ++chunks_after_failure;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      if (first == 500) {
        failed = true;
        throw std::runtime_error("chunk at 500 failed");
      }
    }, 1);
    ADD_FAILURE() << "no exception reached the caller";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "chunk at 500 failed");
  }
  // Only chunks begun while the failure was on its way out ran.
  EXPECT_LT(chunks_after_failure.load(), 1000u);
}

TEST(OnThreads, RunsTheBodyOnceForEveryThreadIndex) {
  for (const unsigned threads : {1u, 2u, 5u}) {
    std::vector<std::atomic<int>> runs(threads);
    std::mutex mutex;
    std::set<std::thread::id> ids;
    on_threads(threads, [&](unsigned t) {
      ++runs[t];
      std::lock_guard lock(mutex);
      ids.insert(std::this_thread::get_id());
    });
    for (unsigned t = 0; t < threads; ++t) EXPECT_EQ(runs[t].load(), 1) << "t = " << t << " of " << threads;
    EXPECT_EQ(ids.size(), threads) << "the bodies ran on fewer threads than asked";
    EXPECT_TRUE(ids.contains(std::this_thread::get_id())) << "t = 0 runs on the caller's thread";
  }
}

TEST(OnThreads, OneThreadRunsInlineOnTheCallersThread) {
  std::thread::id ran_on;
  on_threads(1, [&](unsigned t) {
    EXPECT_EQ(t, 0u);
    ran_on = std::this_thread::get_id();
  });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  std::thread::id chunk_ran_on;
  parallel_for(0, 100, 1, [&](std::uint64_t, std::uint64_t) { chunk_ran_on = std::this_thread::get_id(); });
  EXPECT_EQ(chunk_ran_on, std::this_thread::get_id());
}

TEST(OnThreads, RethrowsTheFirstFailureAfterEveryThreadHasFinished) {
  std::atomic<int> finished{0};
  try {
    on_threads(4, [&](unsigned t) {
      if (t == 2) throw std::invalid_argument("thread 2 failed");
      // The others keep running after it: on_threads waits for them.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++finished;
    });
    ADD_FAILURE() << "no exception reached the caller";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "thread 2 failed");
  }
  EXPECT_EQ(finished.load(), 3);
}

TEST(OnThreads, KeepsOnlyTheFirstOfSeveralFailures) {
  std::atomic<int> thrown{0};
  try {
    on_threads(3, [&](unsigned t) {
      ++thrown;
      throw std::runtime_error("failure " + std::to_string(t));
    });
    ADD_FAILURE() << "no exception reached the caller";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("failure ", 0), 0u) << e.what();
  }
  EXPECT_EQ(thrown.load(), 3);
}

}  // namespace
}  // namespace tsivy
