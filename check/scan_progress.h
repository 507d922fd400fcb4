// How far a scan of one class has got, as a line every few seconds on a log: a class
// at 8 stones takes most of an hour to verify or count, and a pass that says nothing
// for that long cannot be told from one that hangs. When a line is due is the one
// progress meter's to say (runtime/progress_meter.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>

#include "runtime/progress_meter.h"

namespace tsivy {

class ScanProgress {
 public:
  // Lines on `log` (nothing when null), e.g.
  //   "  3v2: verified 1200 / 5000 slots (24.0 %), 30.0 s, 0.04 M slots/s"
  // `what` is "3v2: verified"; `of_whom` follows the slot count (" of rank 0"); at
  // most one line every `every` seconds (0: after every chunk). `log_mutex` is held
  // while writing, shared with whatever else writes to the same stream from threads.
  ScanProgress(std::ostream* log, std::mutex& log_mutex, std::string what, std::string of_whom,
               std::uint64_t slots, double every);

  // `slots` more are done; called by any thread as it finishes a chunk.
  void done(std::uint64_t slots);

 private:
  std::ostream* const log_;
  std::mutex& log_mutex_;
  const std::string what_, of_whom_;
  const std::uint64_t slots_;
  std::atomic<std::uint64_t> scanned_{0};
  ProgressMeter meter_;
};

}  // namespace tsivy
