// The one progress meter (runtime/progress_meter.h): a line at most every so often,
// at once when forced, and the first at once only when asked.
#include "runtime/progress_meter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace tsivy {
namespace {

TEST(ProgressMeter, ALineIsDueAtMostOnceAPeriodUnlessForced) {
  ProgressMeter meter(3600);
  EXPECT_FALSE(meter.due());
  EXPECT_TRUE(meter.due(/*force=*/true));
  EXPECT_FALSE(meter.due());
  EXPECT_GE(meter.seconds(), 0.0);
}

TEST(ProgressMeter, TheFirstLineIsDueAtOnceWhenAsked) {
  ProgressMeter meter(3600, /*first_at_once=*/true);
  EXPECT_TRUE(meter.due());
  EXPECT_FALSE(meter.due());
}

TEST(ProgressMeter, APeriodOfZeroMakesEveryLineDue) {
  ProgressMeter meter(0);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(meter.due());
}

// From many threads at once, one line is due per period: one thread gets it.
TEST(ProgressMeter, OneThreadGetsTheLineThatIsDue) {
  ProgressMeter meter(3600, /*first_at_once=*/true);
  std::atomic<int> due{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 100; ++i) due += meter.due();
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(due.load(), 1);
}

}  // namespace
}  // namespace tsivy
