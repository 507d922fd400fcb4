#include "cli/memory_size.h"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace tsivy::cli {

std::uint64_t parse_memory_size(const std::string& text, const std::string& option) {
  const auto bad = [&] {
    return std::invalid_argument(option + ": '" + text +
                                 "' is not a memory size (examples: 240G, 3.5GiB, 1073741824; K, M, G, T are powers of "
                                 "1024)");
  };
  std::size_t digits = 0;
  while (digits < text.size() && (std::isdigit(static_cast<unsigned char>(text[digits])) || text[digits] == '.')) ++digits;
  if (digits == 0 || text.find('.') != text.rfind('.') || text[0] == '.') throw bad();
  const double number = std::strtod(text.substr(0, digits).c_str(), nullptr);
  const std::string unit = text.substr(digits);
  static constexpr std::array<std::pair<const char*, int>, 9> kUnits{{{"", 0}, {"K", 10}, {"KiB", 10}, {"M", 20},
                                                                      {"MiB", 20}, {"G", 30}, {"GiB", 30},
                                                                      {"T", 40}, {"TiB", 40}}};
  for (const auto& [name, shift] : kUnits) {
    if (unit != name) continue;
    const double bytes = std::ldexp(number, shift);
    if (!(bytes >= 1) || bytes >= 0x1p63) throw bad();
    return static_cast<std::uint64_t>(bytes);
  }
  throw bad();
}

}  // namespace tsivy::cli
