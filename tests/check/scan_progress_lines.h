// The progress lines a class scan prints (check/scan_progress.h), e.g.
// "  2v3: verified 65536 / 3135762 slots (2.1 %), ...", checked the same way by the
// verify and stats tests: each line's count within the class's slots, at least two
// lines, and the last reaching every slot.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <regex>
#include <sstream>
#include <string>

#include "indexing/material_index.h"

namespace tsivy::testing {

// `verb`: "verified" or "counted".
inline void expect_progress_through_the_class(const std::string& log, Material material, const std::string& verb) {
  const std::uint64_t slots = MaterialIndex::of(material).slots();
  const std::regex line("^  " + to_string(material) + ": " + verb + R"( (\d+) / (\d+) slots \()");
  std::istringstream lines(log);
  std::uint64_t most = 0, count = 0;
  for (std::string text; std::getline(lines, text);) {
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    ++count;
    EXPECT_EQ(std::stoull(m[2]), slots) << text;
    EXPECT_LE(std::stoull(m[1]), slots) << text;
    most = std::max<std::uint64_t>(most, std::stoull(m[1]));
  }
  EXPECT_GE(count, 2u) << log;
  EXPECT_EQ(most, slots) << log;
}

}  // namespace tsivy::testing
