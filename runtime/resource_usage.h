// This process's CPU time and peak memory so far, for the per-pair lines of long runs
// (the 8-stone set is reported pair by pair: wall, CPU and peak memory).
#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace tsivy {

struct ResourceUsage {
  double cpu_seconds = 0;           // user + system, all threads of this process
  std::uint64_t peak_rss_bytes = 0;  // the most resident memory this process has had
};

inline ResourceUsage resource_usage() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  return {seconds(usage.ru_utime) + seconds(usage.ru_stime), static_cast<std::uint64_t>(usage.ru_maxrss) * 1024};
}

}  // namespace tsivy
