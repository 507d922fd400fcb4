// The one class walk (lookup/class_walk.h) on real tables: every canonical slot once,
// quiet positions from the files and capture positions through the lookup, each with
// the value a reader finds; over value files, every entry stored.
#include "lookup/class_walk.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <vector>

#include "parallel/parallel.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

struct Visit {
  std::uint64_t canonical = 0, stored = 0, resolved = 0, wrong = 0;
};

Visit walk_and_compare(const TableLookup& lookup, const ClassWalk& walk, unsigned threads) {
  Visit total;
  std::mutex merge;
  const std::uint64_t slots = walk.index().slots();
  std::vector<std::uint8_t> seen(slots, 0);
  parallel_for(0, slots, threads, [&](std::uint64_t first, std::uint64_t last) {
    Visit part;
    walk.visit(first, last, [&](const SlotCursor& slot, const Value& value, bool stored) {
      ++seen[slot.slot()];
      ++part.canonical;
      ++(stored ? part.stored : part.resolved);
      if (value != lookup.value(slot.us(), slot.them())) ++part.wrong;
    });
    std::lock_guard lock(merge);
    total.canonical += part.canonical, total.stored += part.stored, total.resolved += part.resolved, total.wrong += part.wrong;
  }, std::uint64_t{1} << 10);
  std::uint64_t canonical = 0;
  for_each_slot(walk.index(), 0, slots, [&](const SlotCursor& slot) {
    EXPECT_EQ(seen[slot.slot()], slot.canonical() ? 1 : 0) << slot.slot();
    canonical += slot.canonical();
  });
  EXPECT_EQ(total.canonical, canonical);
  return total;
}

TEST(ClassWalk, VisitsEveryCanonicalSlotOnceWithTheLookupsValue) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  for (const Material m : {Material{2, 2}, Material{1, 3}, Material{3, 1}}) {
    const ClassWalk walk(lookup, m);
    const Visit v = walk_and_compare(lookup, walk, 3);
    EXPECT_EQ(v.wrong, 0u) << to_string(m);
    EXPECT_GT(v.stored, 0u) << to_string(m);
    EXPECT_GT(v.resolved, 0u) << to_string(m);  // these classes have capture positions
  }
}

TEST(ClassWalk, OverValueFilesEveryEntryIsStored) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  const ClassWalk walk(lookup, {2, 2}, ClassEntries::every);
  const Visit v = walk_and_compare(lookup, walk, 2);
  EXPECT_EQ(v.wrong, 0u);
  EXPECT_EQ(v.resolved, 0u);
  EXPECT_EQ(v.stored, v.canonical);
}

TEST(ClassWalk, AMissingFileIsALookupError) {
  const ScratchDir dir;
  for (const auto& e : std::filesystem::directory_iterator(reference_tables()))
    if (e.is_regular_file()) std::filesystem::copy_file(e.path(), dir / e.path().filename());
  std::filesystem::remove(dir / "2v2.depth.tsivy");
  const TableLookup lookup(TableDirectory::open(dir.path()));
  try {
    const ClassWalk walk(lookup, {2, 2});
    ADD_FAILURE() << "walked a class without its depth file";
  } catch (const LookupError& e) {
    EXPECT_EQ(e.failure(), LookupFailure::table_missing) << e.what();
  }
  EXPECT_THROW(ClassWalk(lookup, {2, 2}, ClassEntries::every), io::TableError);  // no value files copied
}

}  // namespace
}  // namespace tsivy::testing
