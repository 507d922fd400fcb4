// One handle probed from several threads at once gives every answer a single thread
// gives (run under ThreadSanitizer by the tsan preset).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "probe_test_support.h"
#include "tsivy/tsivy.h"

namespace tsivy::testing {
namespace {

struct Answer {
  int status = -1, wdl = 0, depth = 0;
  std::size_t turns = 0;
  friend bool operator==(const Answer&, const Answer&) = default;
};

Answer probe(const tsivy_tables* t, const RandomPosition& p, bool root) {
  Answer a;
  a.status = tsivy_probe(t, p.us, p.them, &a.wdl, &a.depth);
  if (root && a.status == TSIVY_OK) {
    tsivy_turn turns[128];
    const int s = tsivy_probe_root(t, p.us, p.them, turns, 128, &a.turns);
    if (s != TSIVY_OK) {
      a.status = s;
    } else if (a.turns) {
      a.depth = a.depth * 1000 + turns[0].depth;
    }
  }
  return a;
}

TEST(Concurrency, ThreadsOnOneHandleAgreeWithOneThread) {
  constexpr int kThreads = 4, kPositions = 3000;
  std::mt19937_64 rng(11);
  std::vector<RandomPosition> positions;
  for (int i = 0; i < kPositions; ++i) positions.push_back(random_position(rng));

  tsivy_tables* single = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &single), TSIVY_OK);
  std::vector<Answer> expected;
  for (int i = 0; i < kPositions; ++i) expected.push_back(probe(single, positions[i], i % 8 == 0));
  tsivy_close(single);
  for (const Answer& a : expected) ASSERT_EQ(a.status, TSIVY_OK);

  // A cache far smaller than the tables, so the threads also evict each other's blocks.
  tsivy_tables* shared = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 1 << 15, &shared), TSIVY_OK);
  std::vector<std::vector<Answer>> got(kThreads, std::vector<Answer>(kPositions));
  std::vector<std::thread> threads;
  for (int k = 0; k < kThreads; ++k)
    threads.emplace_back([&, k] {
      // Each thread walks the positions from a different start.
      for (int j = 0; j < kPositions; ++j) {
        const int i = (j + k * kPositions / kThreads) % kPositions;
        got[k][i] = probe(shared, positions[i], i % 8 == 0);
      }
    });
  for (auto& t : threads) t.join();
  tsivy_close(shared);
  for (int k = 0; k < kThreads; ++k)
    for (int i = 0; i < kPositions; ++i) ASSERT_EQ(got[k][i], expected[i]) << "thread " << k << " position " << i;
}

}  // namespace
}  // namespace tsivy::testing
