// The generation-side value files (solver/table_files.h, write_value_files): every value
// of a class, capture positions included, written when the class is solved and read
// back by later seeding instead of searching; rebuilt by search when missing or damaged.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "lookup/value_code.h"
#include "table_dir/manifest.h"
#include "table_dir/table_directory.h"
#include "table_dir/table_paths.h"
#include "solver/table_files.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

// Against the lookup's search, which reads only the distributed tables (capture entries
// don't-care there) and resolves every capture position through smaller classes.
TEST(ValueFiles, HoldTheTrueValueOfEveryCanonicalSlotCapturesIncluded) {
  const std::filesystem::path& dir = reference_tables();
  const Manifest manifest = Manifest::load(dir);
  const TableLookup lookup(TableDirectory::open(dir));
  for (const Material m : materials_up_to(kEndToEndStones)) {
    const MaterialIndex& index = MaterialIndex::of(m);
    std::vector<std::uint16_t> values(index.slots());
    read_value_share(*TableDirectory::open(dir), m, 0, values, 2);
    std::uint64_t captures = 0, mismatches = 0;
    for_each_slot(index, 0, index.slots(), [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      captures += !TableLookup::reads_entry(slot.us(), slot.them());
      mismatches += unpack_value(values[slot.slot()]) != lookup.value(slot.us(), slot.them());
    });
    EXPECT_EQ(mismatches, 0u) << to_string(m);
    if (m.stones() >= 4) {
      EXPECT_GT(captures, 0u) << to_string(m) << ": the comparison must cover capture positions";
    }
    // Listed in the manifest, checksums included.
    const ManifestClass* entry = manifest.find(m);
    ASSERT_NE(entry, nullptr);
    ASSERT_TRUE(entry->values.has_value()) << to_string(m);
    const ManifestValueFiles on_disk = TableDirectory::open(dir)->describe_value_files(m);
    EXPECT_EQ(entry->values->wdl.name, "values/" + to_string(m) + ".wdl.tsivy");
    EXPECT_EQ(entry->values->wdl.checksum, on_disk.wdl.checksum) << to_string(m);
    EXPECT_EQ(entry->values->depth.checksum, on_disk.depth.checksum) << to_string(m);
  }
}

// A share of a class starts at a rank's first slot: the same values as the whole.
TEST(ValueFiles, ASharesValuesAreThoseOfTheWholeClass) {
  const Material m{2, kEndToEndStones - 2};
  const std::uint64_t slots = MaterialIndex::of(m).slots();
  std::vector<std::uint16_t> whole(slots);
  read_value_share(*TableDirectory::open(reference_tables()), m, 0, whole, 1);
  const std::uint64_t first = 65536;  // solver/partition.h, kRankAlignment
  ASSERT_LT(first, slots);
  std::vector<std::uint16_t> share(slots - first);
  read_value_share(*TableDirectory::open(reference_tables()), m, first, share, 2);
  EXPECT_TRUE(std::equal(share.begin(), share.end(), whole.begin() + static_cast<std::ptrdiff_t>(first)));
}

TEST(ValueFiles, ADamagedFileIsRefusedAsCorrupt) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  const Material m{2, 2};
  const std::filesystem::path file = table_file(value_files_dir(dir.path()), m, io::TableKind::depth);
  std::string bytes = read_bytes(file);
  for (std::size_t k = bytes.size() / 2; k < bytes.size(); k += 7) bytes[k] = static_cast<char>(bytes[k] ^ 0x5a);
  write_bytes(file, bytes);
  std::vector<std::uint16_t> values(MaterialIndex::of(m).slots());
  EXPECT_THROW(read_value_share(*TableDirectory::open(dir.path()), m, 0, values, 2), io::TableError);
}

// The largest pair solved again with one class's value files gone and another's
// damaged: both are resolved by search, written again byte for byte, and the tables
// are the same.
TEST(ValueFiles, MissingOrDamagedOnesAreResolvedAgainAndWrittenTheSame) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  const Material pair{1, kEndToEndStones - 1};  // its captures reach 1v1 .. (N-2)v1
  const Material gone{kEndToEndStones - 2, 1}, damaged{1, 1};
  const std::filesystem::path values = value_files_dir(dir.path());
  std::filesystem::remove(table_file(values, gone, io::TableKind::wdl));
  std::filesystem::remove(table_file(values, gone, io::TableKind::depth));
  const std::filesystem::path damaged_file = table_file(values, damaged, io::TableKind::wdl);
  std::string bytes = read_bytes(damaged_file);
  bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0xff);
  write_bytes(damaged_file, bytes);
  for (const Material m : {pair, pair.flipped()})
    for (const io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth})
      std::filesystem::remove(table_file(dir.path(), m, kind));

  const CommandResult r = run_tsivy({"generate", "--max-stones", std::to_string(kEndToEndStones), "--out",
                                     dir.path().string(), "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find(to_string(damaged) + ": value files unusable"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("resolved by search, value files written"), std::string::npos) << r.err;
  // The intact one (2v1) is read; at 4 stones (sanitizer builds) 1v3 reaches only 1v1 and 2v1, both spoilt.
  if (kEndToEndStones >= 5) {
    EXPECT_NE(r.err.find("read from value files"), std::string::npos) << r.err;
  }
  EXPECT_EQ(table_files(dir.path()), table_files(reference_tables()));
  EXPECT_EQ(table_files(values), table_files(value_files_dir(reference_tables())));
  EXPECT_EQ(manifest_classes(dir.path()), manifest_classes(reference_tables()));
  ASSERT_TRUE(Manifest::load(dir.path()).find(gone)->values.has_value());
}

}  // namespace
}  // namespace tsivy::testing
