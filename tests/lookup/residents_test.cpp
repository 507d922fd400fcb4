// The residency helpers (lookup/residents.h): the order of passes, and holding classes
// resident on real tables.
#include "lookup/residents.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "indexing/capture_reach.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

TEST(Residents, PairByPairOrderListsEveryClassOnceWithItsMirrorNext) {
  const std::vector<Material> order = classes_pair_by_pair();
  EXPECT_EQ(order.size(), materials_up_to(kMaxStones).size());
  for (const Material m : materials_up_to(kMaxStones)) EXPECT_EQ(std::count(order.begin(), order.end(), m), 1);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i].us < order[i].them) {
      ASSERT_LT(i + 1, order.size());
      EXPECT_EQ(order[i + 1], order[i].flipped());
    }
}

// hold_resident keeps exactly the classes asked for, and a line is written for each
// class made resident now, none for one already resident.
TEST(Residents, HoldResidentKeepsExactlyTheClassesAskedFor) {
  TableLookup lookup(TableDirectory::open(reference_tables()));
  const std::vector<Material> first = pair_captures_reach({2, 2});  // 1v1, 1v2, 2v1
  std::ostringstream log;
  hold_resident(lookup, first, 2, &log, "a test");
  for (const Material m : materials_up_to(kEndToEndStones))
    EXPECT_EQ(lookup.is_resident(m), std::ranges::find(first, m) != first.end()) << to_string(m);
  EXPECT_NE(log.str().find("into memory for a test"), std::string::npos) << log.str();
  const std::vector<Material> second{{1, 1}, {1, 3}};
  std::ostringstream again;
  hold_resident(lookup, second, 2, &again, "a test");
  for (const Material m : materials_up_to(kEndToEndStones))
    EXPECT_EQ(lookup.is_resident(m), std::ranges::find(second, m) != second.end()) << to_string(m);
  EXPECT_EQ(again.str().find("1v1"), std::string::npos) << again.str();  // already resident: no line
  EXPECT_NE(again.str().find("1v3"), std::string::npos) << again.str();
  EXPECT_EQ(lookup.resident_bytes(),
            (MaterialIndex::of({1, 1}).slots() + MaterialIndex::of({1, 3}).slots()) * TableLookup::kResidentBytesPerSlot);
}

}  // namespace
}  // namespace tsivy::testing
