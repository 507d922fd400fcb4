#include "check/scan_progress.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <utility>

namespace tsivy {

ScanProgress::ScanProgress(std::ostream* log, std::mutex& log_mutex, std::string what, std::string of_whom,
                           std::uint64_t slots, double every)
    : log_(log), log_mutex_(log_mutex), what_(std::move(what)), of_whom_(std::move(of_whom)), slots_(slots),
      meter_(every) {}

void ScanProgress::done(std::uint64_t slots) {
  const std::uint64_t so_far = scanned_ += slots;
  if (!log_) return;
  std::lock_guard lock(log_mutex_);
  if (!meter_.due()) return;
  const double elapsed = meter_.seconds();
  char line[200];
  std::snprintf(line, sizeof line, "  %s %llu / %llu slots%s (%.1f %%), %.1f s, %.2f M slots/s\n", what_.c_str(),
                static_cast<unsigned long long>(so_far), static_cast<unsigned long long>(slots_), of_whom_.c_str(),
                100.0 * static_cast<double>(so_far) / static_cast<double>(std::max<std::uint64_t>(slots_, 1)), elapsed,
                static_cast<double>(so_far) / std::max(elapsed, 1e-9) / 1e6);
  *log_ << line << std::flush;
}

}  // namespace tsivy
