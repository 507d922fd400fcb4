#include "check/resident_choice.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <utility>

#include "lookup/residents.h"

namespace tsivy {

std::uint64_t resident_bytes_for(std::span<const Material> classes) {
  std::uint64_t bytes = 0;
  for (const Material m : classes) bytes += TableLookup::kResidentBytesPerSlot * MaterialIndex::of(m).slots();
  return bytes;
}

std::string format_bytes(std::uint64_t bytes) {
  char text[40];
  const double b = static_cast<double>(bytes);
  if (bytes >= std::uint64_t{1} << 30) std::snprintf(text, sizeof text, "%.2f GiB", b / (1ull << 30));
  else if (bytes >= std::uint64_t{1} << 20) std::snprintf(text, sizeof text, "%.1f MiB", b / (1ull << 20));
  else if (bytes >= std::uint64_t{1} << 10) std::snprintf(text, sizeof text, "%.1f KiB", b / (1ull << 10));
  else std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
  return text;
}

ResidentChoice::ResidentChoice(TableLookup& lookup, ResidentLimit limit, std::size_t cache_bytes, unsigned threads,
                               std::ostream* log, std::string purpose, Hold hold)
    : lookup_(lookup), limit_(limit), cache_bytes_(cache_bytes), threads_(threads), log_(log),
      purpose_(std::move(purpose)), hold_(std::move(hold)) {}

bool ResidentChoice::before_pass(Material material, std::vector<Material> classes) {
  std::vector<Material> sorted = classes;
  std::ranges::sort(sorted, [](Material a, Material b) { return std::pair{a.us, a.them} < std::pair{b.us, b.them}; });
  if (last_classes_ == sorted) return last_resident_;
  last_classes_ = std::move(sorted);

  // Named from its class with fewer stones to move, as generate names pairs.
  const std::string pair = pair_name(material.us <= material.them ? material : material.flipped());
  const std::uint64_t bytes = resident_bytes_for(classes);
  const bool fits = limit_.memory && cache_bytes_ <= *limit_.memory && bytes <= *limit_.memory - cache_bytes_;
  last_resident_ = !classes.empty() && (limit_.forced || fits);
  if (!last_resident_) {
    hold_resident(lookup_, {}, threads_, nullptr, purpose_);  // frees the previous pass's classes
    if (log_ && !classes.empty() && limit_.memory)
      *log_ << "  " << pair << ": " << format_bytes(bytes) << " resident and the " << format_bytes(cache_bytes_)
            << " block cache would exceed --memory " << format_bytes(*limit_.memory)
            << ": reading from the files (slower)\n"
            << std::flush;
    return false;
  }
  // Said before the classes are read, which at 8 stones takes minutes.
  if (log_)
    *log_ << "  " << pair << ": " << format_bytes(bytes) << " resident, "
          << (limit_.forced ? std::string("as --resident asks") : "within --memory " + format_bytes(*limit_.memory))
          << "\n"
          << std::flush;
  if (hold_) hold_(classes);
  else hold_resident(lookup_, classes, threads_, log_, purpose_);
  return true;
}

}  // namespace tsivy
