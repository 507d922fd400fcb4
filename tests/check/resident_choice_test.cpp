// How `verify` and `stats` choose, pass by pair, between holding classes in memory and
// reading them from the files: by what the classes take against --memory.
#include "check/resident_choice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "indexing/capture_reach.h"
#include "lookup/residents.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

constexpr std::size_t kCache = std::size_t{1} << 20;
const Material kPair{2, kEndToEndStones - 2};

std::vector<Material> reached() { return pair_captures_reach(kPair); }

// The estimate the choice is made on is what holding the classes really takes.
TEST(ResidentChoice, BytesAreWhatTheLookupHoldsForTheClasses) {
  TableLookup lookup(TableDirectory::open(reference_tables()));
  hold_resident(lookup, reached(), 2, nullptr, "a test");
  EXPECT_EQ(resident_bytes_for(reached()), lookup.resident_bytes());
  EXPECT_EQ(resident_bytes_for({}), 0u);
}

TEST(ResidentChoice, BytesAreWrittenInPowersOf1024) {
  EXPECT_EQ(format_bytes(512), "512 bytes");
  EXPECT_EQ(format_bytes(1024), "1.0 KiB");
  EXPECT_EQ(format_bytes(3 << 20), "3.0 MiB");
  EXPECT_EQ(format_bytes(std::uint64_t{8} << 30), "8.00 GiB");
}

// Exactly the cache and the classes: resident; one byte less: read from the files,
// with a line that says what would not fit.
TEST(ResidentChoice, GoesResidentExactlyWhenTheClassesFitBesideTheCache) {
  const std::uint64_t bytes = resident_bytes_for(reached());
  for (const std::uint64_t memory : {kCache + bytes, kCache + bytes - 1}) {
    TableLookup lookup(TableDirectory::open(reference_tables()));
    std::ostringstream log;
    ResidentChoice choice(lookup, ResidentLimit{.memory = memory}, kCache, 2, &log, "test");
    const bool fits = memory == kCache + bytes;
    EXPECT_EQ(choice.before_pass(kPair, reached()), fits) << log.str();
    for (const Material m : reached()) EXPECT_EQ(lookup.is_resident(m), fits) << to_string(m);
    const std::string said = "  " + pair_name(kPair) + ": " + format_bytes(bytes) + " resident";
    if (fits) {
      EXPECT_NE(log.str().find(said + ", within --memory " + format_bytes(memory) + "\n"), std::string::npos)
          << log.str();
      EXPECT_NE(log.str().find("into memory for test"), std::string::npos) << log.str();
    } else {
      EXPECT_EQ(log.str(), said + " and the 1.0 MiB block cache would exceed --memory " + format_bytes(memory) +
                               ": reading from the files (slower)\n");
      EXPECT_EQ(lookup.resident_bytes(), 0u);
    }
  }
}

// The mirror class's pass reads the same classes: nothing changes, nothing is said.
TEST(ResidentChoice, TheMirrorClassPassSaysNothingMore) {
  TableLookup lookup(TableDirectory::open(reference_tables()));
  for (const std::uint64_t memory : {std::uint64_t{1} << 40, std::uint64_t{1}}) {
    std::ostringstream log;
    ResidentChoice choice(lookup, ResidentLimit{.memory = memory}, kCache, 2, &log, "test");
    const bool first = choice.before_pass(kPair, reached());
    const std::string said = log.str();
    std::vector<Material> reversed = reached();
    std::ranges::reverse(reversed);
    EXPECT_EQ(choice.before_pass(kPair.flipped(), reversed), first);
    EXPECT_EQ(log.str(), said);
  }
}

// A pass that does not fit frees what the pass before it held.
TEST(ResidentChoice, APassThatDoesNotFitFreesThePreviousPassesClasses) {
  TableLookup lookup(TableDirectory::open(reference_tables()));
  const std::vector<Material> small = pair_captures_reach(Material{1, 2});
  ASSERT_FALSE(small.empty());
  const std::uint64_t memory = kCache + resident_bytes_for(small);
  ASSERT_LT(memory, kCache + resident_bytes_for(reached()));
  ResidentChoice choice(lookup, ResidentLimit{.memory = memory}, kCache, 1, nullptr, "test");
  EXPECT_TRUE(choice.before_pass(Material{1, 2}, small));
  EXPECT_GT(lookup.resident_bytes(), 0u);
  EXPECT_FALSE(choice.before_pass(kPair, reached()));
  EXPECT_EQ(lookup.resident_bytes(), 0u);
}

// --resident holds the classes whatever --memory says; without a limit and without
// --resident (the library's default) nothing is held and nothing said.
TEST(ResidentChoice, ResidentForcesItAndNoLimitMeansNever) {
  {
    TableLookup lookup(TableDirectory::open(reference_tables()));
    std::ostringstream log;
    ResidentChoice choice(lookup, ResidentLimit{.forced = true, .memory = 1}, kCache, 2, &log, "test");
    EXPECT_TRUE(choice.before_pass(kPair, reached()));
    EXPECT_EQ(lookup.resident_bytes(), resident_bytes_for(reached()));
    EXPECT_NE(log.str().find("resident, as --resident asks\n"), std::string::npos) << log.str();
  }
  TableLookup lookup(TableDirectory::open(reference_tables()));
  std::ostringstream log;
  ResidentChoice choice(lookup, ResidentLimit{}, kCache, 2, &log, "test");
  EXPECT_FALSE(choice.before_pass(kPair, reached()));
  EXPECT_EQ(lookup.resident_bytes(), 0u);
  EXPECT_EQ(log.str(), "");
}

}  // namespace
}  // namespace tsivy::testing
