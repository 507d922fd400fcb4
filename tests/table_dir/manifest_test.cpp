// The manifest read back as written, and refused, naming the file, when it is no
// manifest (the probe library turns that refusal into TSIVY_ERROR_TABLE_CORRUPT).
#include "table_dir/manifest.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "table_dir/table_directory.h"
#include "table_dir/table_paths.h"
#include "tests/io/io_test_support.h"

namespace tsivy {
namespace {

using io::testing::ScratchDir;

ManifestClass entry_of(Material material) {
  ManifestClass c;
  c.material = material;
  c.wdl = {to_string(material) + ".wdl.tsivy", 100, 0x0123456789abcdefull};
  c.depth = {to_string(material) + ".depth.tsivy", 200, 0xfedcba9876543210ull};
  c.canonical = 10;
  c.wins = 4;
  c.draws = 3;
  c.losses = 3;
  c.max_depth = 7;
  c.seconds = 1.5;
  return c;
}

void write_text(const std::filesystem::path& file, const std::string& text) { std::ofstream(file) << text; }

TEST(Manifest, ReadsBackWhatItWrote) {
  const ScratchDir dir;
  Manifest written;
  written.put(entry_of({2, 1}));
  written.put(entry_of({1, 2}));
  written.save(dir.path());
  const Manifest read = Manifest::load(dir.path());
  ASSERT_EQ(read.classes().size(), 2u);
  const ManifestClass* c = read.find({2, 1});
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->wdl.name, "2v1.wdl.tsivy");
  EXPECT_EQ(c->wdl.checksum, 0x0123456789abcdefull);
  EXPECT_EQ(c->depth.bytes, 200u);
  EXPECT_EQ(c->max_depth, 7);
  EXPECT_EQ(read.find({1, 3}), nullptr);
}

TEST(Manifest, AbsentIsEmptyButRequiredIsRefused) {
  const ScratchDir dir;
  EXPECT_TRUE(Manifest::load(dir.path()).classes().empty());
  const auto directory = TableDirectory::open(dir.path());
  EXPECT_FALSE(directory->has_manifest());
  EXPECT_THROW(directory->require_classes(), std::runtime_error);
}

TEST(Manifest, NoManifestIsRefusedNamingTheFile) {
  const ScratchDir dir;
  for (const std::string& text : {std::string("garbage"), std::string("{\"version\": 1}"),
                                  std::string("{\"version\": 99, \"index_scheme\": \"0\", \"classes\": []}")}) {
    write_text(dir / Manifest::kFileName, text);
    try {
      Manifest::load(dir.path());
      ADD_FAILURE() << "read as a manifest: " << text;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(Manifest::kFileName), std::string::npos) << e.what();
    }
  }
}

// The one check of a file against the manifest: by size alone (a stat), or by size and
// checksum (the whole file read).
TEST(Manifest, DiffersFromManifestNamesAMissingOrChangedFile) {
  const ScratchDir dir;
  const Material m{1, 1};
  for (const io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth}) write_text(table_file(dir.path(), m, kind), "x");
  const auto directory = TableDirectory::open(dir.path());
  ManifestClass c;
  c.material = m;
  c.wdl = directory->describe_table(m, io::TableKind::wdl);
  c.depth = directory->describe_table(m, io::TableKind::depth);
  EXPECT_EQ(c.wdl.name, "1v1.wdl.tsivy");
  EXPECT_EQ(c.wdl.bytes, 1u);
  for (const ManifestCheck check : {ManifestCheck::size, ManifestCheck::size_and_checksum})
    EXPECT_EQ(directory->class_differs_from_manifest(c, check), std::nullopt);
  write_text(table_file(dir.path(), m, io::TableKind::depth), "y");  // same size, other bytes
  EXPECT_EQ(directory->class_differs_from_manifest(c, ManifestCheck::size), std::nullopt);
  const auto changed = directory->class_differs_from_manifest(c, ManifestCheck::size_and_checksum);
  ASSERT_TRUE(changed);
  EXPECT_NE(changed->find("1v1.depth.tsivy"), std::string::npos) << *changed;
  EXPECT_NE(changed->find("checksum"), std::string::npos) << *changed;
  write_text(table_file(dir.path(), m, io::TableKind::depth), "yy");
  const auto longer = directory->differs_from_manifest(c.depth, ManifestCheck::size);
  ASSERT_TRUE(longer);
  EXPECT_NE(longer->find("size 2 bytes where the manifest says 1"), std::string::npos) << *longer;
  std::filesystem::remove(table_file(dir.path(), m, io::TableKind::wdl));
  const auto missing = directory->class_differs_from_manifest(c, ManifestCheck::size);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("1v1.wdl.tsivy: cannot read"), std::string::npos) << *missing;
}

}  // namespace
}  // namespace tsivy
