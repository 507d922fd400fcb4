#include "memory/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace tsivy::memory {
namespace {

// The kernel's transparent-huge-page mode, e.g. "madvise"; empty where there is none.
std::string thp_mode() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(in, line);
  const auto open = line.find('['), close = line.find(']');
  return open == std::string::npos || close == std::string::npos ? "" : line.substr(open + 1, close - open - 1);
}

// Bytes of [begin, end) that /proc/self/smaps reports on anonymous huge pages.
std::uint64_t huge_page_bytes_in(const void* begin, const void* end) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  std::uint64_t total = 0;
  while (std::getline(smaps, line)) {
    std::uintptr_t from = 0, to = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> from >> dash >> to && dash == '-') {
      inside = from < reinterpret_cast<std::uintptr_t>(end) && reinterpret_cast<std::uintptr_t>(begin) < to;
    } else if (inside && line.rfind("AnonHugePages:", 0) == 0) {
      total += std::stoull(line.substr(14)) * 1024;
    }
  }
  return total;
}

TEST(HugePages, AssignGivesTheRequestedContentsWhateverTheSize) {
  std::vector<std::uint16_t> small{1, 2, 3};
  assign_on_huge_pages(small, 5, std::uint16_t{7});
  EXPECT_EQ(small, std::vector<std::uint16_t>(5, 7));

  std::vector<std::uint64_t> large(10, 1);
  const std::size_t n = (64u << 20) / sizeof(std::uint64_t);
  assign_on_huge_pages(large, n, std::uint64_t{0xabcdef});
  ASSERT_EQ(large.size(), n);
  EXPECT_EQ(large.front(), 0xabcdefu);
  EXPECT_EQ(large[n / 2], 0xabcdefu);
  EXPECT_EQ(large.back(), 0xabcdefu);

  assign_on_huge_pages(large, 0, std::uint64_t{1});
  EXPECT_TRUE(large.empty());
}

TEST(HugePages, AdviceOnTooSmallOrEmptyRangesIsHarmless) {
  advise_huge_pages(nullptr, 1u << 30);
  std::vector<std::uint8_t> bytes(4096, 9);
  advise_huge_pages(bytes.data(), bytes.size());
  EXPECT_EQ(bytes[4095], 9);
}

// Where the kernel hands out huge pages on request, a large array filled through
// assign_on_huge_pages is mostly on them (the whole 2 MiB pages inside it).
TEST(HugePages, LargeArraysLandOnHugePagesWhereTheKernelAllows) {
  const std::string mode = thp_mode();
  if (mode != "madvise" && mode != "always") GTEST_SKIP() << "transparent huge pages are '" << mode << "' here";
  std::vector<std::uint8_t> values;
  assign_on_huge_pages(values, std::size_t{64} << 20, std::uint8_t{1});
  const std::uint64_t huge = huge_page_bytes_in(values.data(), values.data() + values.size());
  // 64 MiB hold at least 31 whole 2 MiB pages; allow the kernel to refuse a few.
  EXPECT_GE(huge, std::uint64_t{24} << 20) << "of 64 MiB, only " << huge << " bytes on huge pages";
}

}  // namespace
}  // namespace tsivy::memory
