// The capture-resolving lookup (lookup/table_lookup.h) on real tables: the rules for
// empty sides, the cache-only access, and every failure as its own LookupFailure.
#include "lookup/table_lookup.h"

#include <gtest/gtest.h>

#include "game/movegen.h"
#include "game/notation.h"
#include "table_dir/table_paths.h"
#include "solver/table_files.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

Position parse(const char* fen) { return parse_position(fen); }

LookupFailure failure_of(const TableLookup& lookup, const Position& p, Access access = Access::may_read) {
  try {
    lookup.value(p.us, p.them, access);
  } catch (const LookupError& e) {
    return e.failure();
  }
  ADD_FAILURE() << "no LookupError for " << format_position(p);
  return LookupFailure::bad_position;
}

TEST(TableLookup, ListsTheClassesFoundAndTheLargestCompleteTotal) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  EXPECT_EQ(lookup.listing().max_complete_stones(), kEndToEndStones);
  EXPECT_EQ(lookup.listing().classes().size(), materials_up_to(kEndToEndStones).size());
  for (const auto& f : lookup.listing().classes()) EXPECT_TRUE(f.wdl && f.depth) << to_string(f.material);
}

TEST(TableLookup, SideToMoveWithoutStonesHasLostInZero) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  EXPECT_EQ(lookup.value(0, parse("9/9/4B4/9/9 w").them), kLostNow);
}

TEST(TableLookup, SideToMoveWhoseOpponentHasNoStonesHasWonInZero) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  EXPECT_EQ(lookup.value(parse("9/9/4W4/9/9 w").us, 0), (Value{Outcome::win, 0}));
}

TEST(TableLookup, CapturePositionIsTheBestOfItsCaptureSequences) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  // d3-e3 approaches f3, the last black stone: won in one turn.
  const Position p = parse("9/9/3W1B3/9/9 w");
  EXPECT_EQ(lookup.value(p.us, p.them), (Value{Outcome::win, 1}));
}

TEST(TableLookup, CacheOnlyAnswersWhatIsInMemoryAndSaysNotCachedOtherwise) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  const Position quiet = parse("9/6B2/4W4/2W6/9 w");
  ASSERT_FALSE(has_capture(quiet));
  EXPECT_EQ(failure_of(lookup, quiet, Access::cache_only), LookupFailure::not_cached);
  const Value read = lookup.value(quiet.us, quiet.them);
  EXPECT_EQ(lookup.value(quiet.us, quiet.them, Access::cache_only), read);
}

TEST(TableLookup, OverlappingOrOffBoardStonesAreABadPosition) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  EXPECT_EQ(failure_of(lookup, Position{1, 1, Colour::White}), LookupFailure::bad_position);
  EXPECT_EQ(failure_of(lookup, Position{1, PointSet{1} << kPoints, Colour::White}), LookupFailure::bad_position);
}

TEST(TableLookup, MoreStonesThanTheTablesHoldIsTooManyStones) {
  const TableLookup lookup(TableDirectory::open(reference_tables()));
  // A quiet position one stone past the tables: White a1 b1 c1 ... against Black i5.
  Position p = parse("8B/9/9/9/9 w");
  for (int k = 0; k < kEndToEndStones; ++k) p.us |= bit(static_cast<Point>(k));
  ASSERT_FALSE(has_capture(p));
  EXPECT_EQ(failure_of(lookup, p), LookupFailure::too_many_stones);
}

TEST(TableLookup, MissingClassFileIsTableMissing) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  std::filesystem::remove(table_file(dir.path(), {2, 1}, io::TableKind::wdl));
  const TableLookup lookup(TableDirectory::open(dir.path()));
  EXPECT_EQ(lookup.listing().max_complete_stones(), 2);
  const Position quiet = parse("9/9/W3B3W/9/9 w");  // 2v1, nothing to capture
  ASSERT_FALSE(has_capture(quiet));
  EXPECT_EQ(failure_of(lookup, quiet), LookupFailure::table_missing);
}

TEST(TableLookup, DamagedOrMisplacedFileIsTableCorrupt) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  // 1v2's files put under 2v1's names: the header names another class.
  std::filesystem::copy_file(table_file(dir.path(), {1, 2}, io::TableKind::wdl),
                             table_file(dir.path(), {2, 1}, io::TableKind::wdl),
                             std::filesystem::copy_options::overwrite_existing);
  write_bytes(table_file(dir.path(), {1, 1}, io::TableKind::wdl), "not a table");
  const TableLookup lookup(TableDirectory::open(dir.path()));
  EXPECT_EQ(failure_of(lookup, parse("9/9/W3B3W/9/9 w")), LookupFailure::table_corrupt);
  EXPECT_EQ(failure_of(lookup, parse("9/9/W7B/9/9 w")), LookupFailure::table_corrupt);
}

TEST(TableLookup, ResidentClassesGiveTheSameValuesAsTheFiles) {
  const TableLookup from_files(TableDirectory::open(reference_tables()));
  TableLookup resident(TableDirectory::open(reference_tables()));
  for (const Material m : materials_up_to(kEndToEndStones - 1)) resident.make_resident(m, 2);
  EXPECT_GT(resident.resident_bytes(), 0u);
  for (const Material m : materials_up_to(kEndToEndStones - 1)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    std::uint64_t differ = 0;
    for_each_slot(index, 0, index.slots(), [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      if (!(resident.value(slot.us(), slot.them()) == from_files.value(slot.us(), slot.them()))) ++differ;
    });
    EXPECT_EQ(differ, 0u) << to_string(m);
  }
}

// Dropping a resident class frees its memory and leaves the values as they were (read
// from the files again); the other resident classes stay.
TEST(TableLookup, DroppedResidentClassReadsItsFilesAgain) {
  TableLookup lookup(TableDirectory::open(reference_tables()));
  const Material kept{1, 2}, dropped{2, 2};
  lookup.make_resident(kept, 2);
  const std::size_t kept_bytes = lookup.resident_bytes();
  lookup.make_resident(dropped, 2);
  ASSERT_TRUE(lookup.is_resident(dropped));
  const MaterialIndex& index = MaterialIndex::of(dropped);
  std::vector<Value> before;
  for_each_slot(index, 0, index.slots(), [&](const SlotCursor& slot) {
    if (slot.canonical()) before.push_back(lookup.value(slot.us(), slot.them()));
  });
  lookup.drop_resident(dropped);
  lookup.drop_resident(dropped);  // nothing left to drop
  EXPECT_FALSE(lookup.is_resident(dropped));
  EXPECT_TRUE(lookup.is_resident(kept));
  EXPECT_EQ(lookup.resident_bytes(), kept_bytes);
  std::size_t k = 0, differ = 0;
  for_each_slot(index, 0, index.slots(), [&](const SlotCursor& slot) {
    if (slot.canonical() && !(lookup.value(slot.us(), slot.them()) == before[k++])) ++differ;
  });
  EXPECT_EQ(k, before.size());
  EXPECT_EQ(differ, 0u);
}

// The non-throwing path: every failure value() throws, try_value() reports as a
// LookupFailureSite whose error() is the same LookupError, message and all; an admit
// that refuses stops it before any table is read, leaving `why` alone.
TEST(TableLookup, TryValueReportsWhatValueThrows) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  std::filesystem::remove(table_file(dir.path(), {2, 1}, io::TableKind::wdl));
  write_bytes(table_file(dir.path(), {1, 1}, io::TableKind::wdl), "not a table");
  const TableLookup lookup(TableDirectory::open(dir.path()));
  Position past_tables = parse("8B/9/9/9/9 w");
  for (int k = 0; k < kEndToEndStones; ++k) past_tables.us |= bit(static_cast<Point>(k));
  const Position cases[] = {parse("9/9/W3B3W/9/9 w"), parse("9/9/W7B/9/9 w"), past_tables, Position{1, 1, Colour::White},
                            parse("9/6B2/4W4/2W6/9 w")};
  for (const Position& p : cases) {
    for (const Access access : {Access::may_read, Access::cache_only, Access::wdl_only}) {
      std::string thrown;
      LookupFailure thrown_failure = LookupFailure::bad_position;
      Value thrown_value;
      try {
        thrown_value = lookup.value(p.us, p.them, access);
      } catch (const LookupError& e) {
        thrown = e.what();
        thrown_failure = e.failure();
      }
      Value found;
      LookupFailureSite why;
      const bool ok = lookup.try_value(p.us, p.them, access, [](Material) { return true; }, found, why);
      EXPECT_EQ(ok, thrown.empty()) << format_position(p);
      if (ok) {
        EXPECT_EQ(found, thrown_value);
      } else {
        EXPECT_EQ(why.failure, thrown_failure) << format_position(p) << ": " << thrown;
        EXPECT_EQ(lookup.error(why).what(), thrown);
      }
    }
  }
  Value found;
  LookupFailureSite why;
  why.failure = LookupFailure::io_error;
  const Position quiet = parse("9/6B2/4W4/2W6/9 w");
  int asked = 0;
  EXPECT_FALSE(lookup.try_value(quiet.us, quiet.them, Access::may_read,
                                [&](Material m) { return ++asked, m.us != 2; }, found, why));
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(why.failure, LookupFailure::io_error);
}

TEST(TableLookup, NotADirectoryIsRefusedWhenOpened) {
  EXPECT_THROW(TableDirectory::open("/nonexistent/tsivy-tables"), NotATableDirectory);
}

}  // namespace
}  // namespace tsivy::testing
