#include "lookup/residents.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>

namespace tsivy {

std::vector<Material> classes_pair_by_pair() {
  std::vector<Material> order;
  for (const Material m : materials_up_to(kMaxStones)) {
    if (m.us > m.them) continue;
    order.push_back(m);
    if (m.flipped() != m) order.push_back(m.flipped());
  }
  return order;
}

void hold_resident(TableLookup& lookup, std::span<const Material> classes, unsigned threads, std::ostream* log,
                   std::string_view purpose) {
  for (const Material m : materials_up_to(kMaxStones))
    if (lookup.is_resident(m) && std::ranges::find(classes, m) == classes.end()) lookup.drop_resident(m);
  make_resident(lookup, classes, threads, log, purpose);
}

void make_resident(TableLookup& lookup, std::span<const Material> classes, unsigned threads, std::ostream* log,
                   std::string_view purpose) {
  for (const Material m : classes) {
    const std::size_t bytes_before = lookup.resident_bytes();
    const auto start = std::chrono::steady_clock::now();
    lookup.make_resident(m, threads);
    if (!log || lookup.resident_bytes() == bytes_before) continue;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[200];
    std::snprintf(line, sizeof line, "  %-9s into memory for %.*s: %.1f MB, %.1f s (all resident: %.1f MB)\n",
                  to_string(m).c_str(), static_cast<int>(purpose.size()), purpose.data(),
                  static_cast<double>(lookup.resident_bytes() - bytes_before) / 1e6, seconds,
                  static_cast<double>(lookup.resident_bytes()) / 1e6);
    *log << line << std::flush;
  }
}

}  // namespace tsivy
