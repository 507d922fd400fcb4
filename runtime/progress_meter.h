// The one progress meter of the long passes: the solver's seeding and `tsivy
// generate`'s lines, and `verify`'s and `stats`' scans (check/scan_progress.h). It says
// when a line is due: at most one every `every` seconds, and at once when forced (a
// phase change). Each user writes its own line; what is due, and when, is decided here.
#pragma once

#include <mutex>

#include "runtime/clock.h"

namespace tsivy {

class ProgressMeter {
 public:
  // The first line is due `every` seconds after the start, or at once with first_at_once.
  explicit ProgressMeter(double every, bool first_at_once = false)
      : every_(every), last_(first_at_once ? -every - 1 : 0) {}

  // Whether a line is due now (then the next is due `every` seconds later). Thread-safe.
  bool due(bool force = false) {
    std::lock_guard lock(mutex_);
    const double now = seconds();
    if (!force && now - last_ < every_) return false;
    last_ = now;
    return true;
  }

  // Seconds since the meter started.
  double seconds() const { return seconds_since(start_); }

 private:
  const Clock::time_point start_ = Clock::now();
  const double every_;
  double last_;
  std::mutex mutex_;
};

}  // namespace tsivy
