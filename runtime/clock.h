// The one clock of long runs (the solver, verify), for progress lines, checkpoint intervals and cost figures.
#pragma once

#include <chrono>

namespace tsivy {

using Clock = std::chrono::steady_clock;  // steady: unaffected by changes of the wall clock

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace tsivy
