// The time a turn gets on a clock (search/time_budget.h): a share of what is left plus
// most of the increment, never enough to lose on time.
#include <gtest/gtest.h>

#include "search/time_budget.h"

namespace tsivy::search {
namespace {

using std::chrono::milliseconds;

TEST(TimeBudget, SuddenDeathGivesAShareOfWhatIsLeft) {
  // 60 s left, no increment: (60000 - 50 ms of margin) / 25 turns.
  EXPECT_EQ(time_for_turn({milliseconds(60000), milliseconds(0), 0}), milliseconds(2398));
  // An increment adds three quarters of itself.
  EXPECT_EQ(time_for_turn({milliseconds(60000), milliseconds(1000), 0}), milliseconds(2398 + 750));
}

TEST(TimeBudget, TurnsToGoShareTheTimeUntilTheReset) {
  EXPECT_EQ(time_for_turn({milliseconds(10000), milliseconds(0), 10}), milliseconds(995));
  // The last turn before the reset may use all of it but the margin.
  EXPECT_EQ(time_for_turn({milliseconds(10000), milliseconds(0), 1}), milliseconds(9950));
}

TEST(TimeBudget, NeverMoreThanHalfOfWhatIsLeftAndAlwaysSomething) {
  // A large increment with little time left: half of it, not the increment.
  EXPECT_EQ(time_for_turn({milliseconds(1000), milliseconds(5000), 0}), milliseconds(475));
  for (const int left : {0, 1, 5, 30, 99, 100, 101, 1000, 100000}) {
    for (const int increment : {0, 10, 1000}) {
      for (const int turns : {0, 1, 2, 40}) {
        const milliseconds t = time_for_turn({milliseconds(left), milliseconds(increment), turns});
        EXPECT_GE(t, milliseconds(1)) << left << " " << increment << " " << turns;
        if (left >= 10) {
          EXPECT_LT(t, milliseconds(left)) << left << " " << increment << " " << turns;
        }
        if (turns != 1 && left >= 10) {
          EXPECT_LE(t, milliseconds(left / 2)) << left << " " << increment << " " << turns;
        }
      }
    }
  }
}

TEST(TimeBudget, NegativeTimesCountAsNone) {
  // A front end may send a negative time once a flag has fallen; it gets the least.
  EXPECT_EQ(time_for_turn({milliseconds(-20), milliseconds(-5), 0}), milliseconds(1));
}

}  // namespace
}  // namespace tsivy::search
