#include "memory/huge_pages.h"

#include <gtest/gtest.h>
#include <sys/mman.h>

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

// Calls on_field(line) for every field line ("AnonHugePages: ...", "VmFlags: ...") of
// the mappings of /proc/self/smaps that overlap [begin, end).
template <class OnField>
void for_each_smaps_field(const void* begin, const void* end, OnField on_field) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t from = 0, to = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> from >> dash >> to && dash == '-') {
      inside = from < reinterpret_cast<std::uintptr_t>(end) && reinterpret_cast<std::uintptr_t>(begin) < to;
    } else if (inside) {
      on_field(line);
    }
  }
}

// Bytes of [begin, end) that /proc/self/smaps reports on anonymous huge pages.
std::uint64_t huge_page_bytes_in(const void* begin, const void* end) {
  std::uint64_t total = 0;
  for_each_smaps_field(begin, end, [&](const std::string& line) {
    if (line.rfind("AnonHugePages:", 0) == 0) total += std::stoull(line.substr(14)) * 1024;
  });
  return total;
}

// The flags of the mapping that holds `address` (" hg " marks one advised
// MADV_HUGEPAGE), space-separated with a space at each end; empty when no mapping holds it.
std::string vm_flags_at(const std::uint8_t* address) {
  std::string flags;
  for_each_smaps_field(address, address + 1, [&](const std::string& line) {
    if (line.rfind("VmFlags:", 0) == 0) flags = line.substr(8) + " ";
  });
  return flags;
}

// An anonymous mapping of its own, never touched, so that the kernel's flags on it say
// only what advise_huge_pages asked.
class Mapping {
 public:
  explicit Mapping(std::size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    data_ = p == MAP_FAILED ? nullptr : static_cast<std::uint8_t*>(p);
  }
  ~Mapping() {
    if (data_) munmap(data_, bytes_);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  std::uint8_t* data() const { return data_; }

 private:
  std::size_t bytes_;
  std::uint8_t* data_;
};

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

// The advice reaches the kernel (smaps shows the "hg" flag) for the whole 2 MiB pages
// inside a large range and for nothing else: not the unaligned head of the range, not a
// range below kHugePageMinBytes. Where the kernel has no transparent huge pages, advice
// is ignored and there is nothing to see.
TEST(HugePages, AdviceCoversTheWholeHugePagesOfLargeRangesOnly) {
  if (!std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled")) GTEST_SKIP() << "no transparent huge pages here";
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  advise_huge_pages(nullptr, std::size_t{1} << 30);  // nothing to advise, and no crash

  const Mapping large(kHugePageMinBytes + 4 * kHugePage);
  ASSERT_NE(large.data(), nullptr);
  // From one page past the start: the first whole huge page begins at the next 2 MiB
  // boundary, and the bytes before it stay unadvised.
  std::uint8_t* const begin = large.data() + 4096;
  const auto* first = reinterpret_cast<const std::uint8_t*>(
      (reinterpret_cast<std::uintptr_t>(begin) + kHugePage - 1) & ~(kHugePage - 1));
  advise_huge_pages(begin, kHugePageMinBytes + 2 * kHugePage);
  EXPECT_NE(vm_flags_at(first).find(" hg "), std::string::npos) << vm_flags_at(first);
  EXPECT_EQ(vm_flags_at(large.data()).find(" hg "), std::string::npos) << vm_flags_at(large.data());

  const Mapping small(kHugePageMinBytes);
  ASSERT_NE(small.data(), nullptr);
  advise_huge_pages(small.data(), kHugePageMinBytes - 1);
  EXPECT_EQ(vm_flags_at(small.data()).find(" hg "), std::string::npos) << vm_flags_at(small.data());
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
