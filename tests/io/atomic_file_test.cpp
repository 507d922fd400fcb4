// The atomic writer (io/atomic_file.h): the target appears whole at commit or not at
// all, nothing is left behind by an abandoned write, several writers fill one file at
// their own offsets, and the operating system's refusals are FileWriteError.
#include "io/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "io/table_file.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

using testing::ScratchDir;

std::string contents_of(const std::filesystem::path& file) {
  const std::vector<std::uint8_t> bytes = testing::read_bytes(file);
  return {bytes.begin(), bytes.end()};
}

// The directory holds t.bin alone, and t.bin holds `contents`.
void expect_only_the_target(const ScratchDir& dir, const std::string& contents) {
  EXPECT_EQ(contents_of(dir / "t.bin"), contents);
  EXPECT_EQ(dir.names(), std::vector<std::string>{"t.bin"});
}

TEST(AtomicFile, TargetDoesNotExistUntilCommit) {
  ScratchDir dir;
  const auto target = dir / "t.bin";
  AtomicFile out(target);
  out.write_at(0, "abc", 3);
  EXPECT_FALSE(std::filesystem::exists(target));
  EXPECT_EQ(out.temporary().parent_path(), dir.path());
  EXPECT_EQ(dir.names(), std::vector<std::string>{out.temporary().filename().string()});
  out.commit();
  expect_only_the_target(dir, "abc");
}

TEST(AtomicFile, AnAbandonedWriteLeavesNeitherTargetNorTemporary) {
  ScratchDir dir;
  {
    AtomicFile out(dir / "t.bin");
    out.write_at(0, "abc", 3);
  }
  EXPECT_TRUE(dir.names().empty());
}

TEST(AtomicFile, AnAbandonedWriteKeepsTheOldFile) {
  ScratchDir dir;
  write_text_atomically(dir / "t.bin", "old");
  {
    AtomicFile out(dir / "t.bin");
    out.write_at(0, "new and longer", 14);
    out.sync();
  }
  expect_only_the_target(dir, "old");
}

TEST(AtomicFile, CommitReplacesTheOldFileWhole) {
  ScratchDir dir;
  write_text_atomically(dir / "t.bin", "a much longer old content");
  write_text_atomically(dir / "t.bin", "new");
  expect_only_the_target(dir, "new");
}

// As the ranks of the MPI solver write one table: the first creates, the second joins
// the temporary by its name, each writes its part, the joined one syncs, then the
// creator commits.
TEST(AtomicFile, TwoWritersFillOneFileAtTheirOwnOffsets) {
  ScratchDir dir;
  const auto target = dir / "t.bin";
  AtomicFile creator(target);
  {
    AtomicFile joined = AtomicFile::join(target, creator.temporary());
    joined.write_at(4, "5678", 4);
    joined.sync();
  }
  // A joined writer never removes the temporary: it is the creator's.
  EXPECT_TRUE(std::filesystem::exists(creator.temporary()));
  creator.write_at(0, "1234", 4);
  creator.commit();
  expect_only_the_target(dir, "12345678");
}

TEST(AtomicFile, OnlyTheCreatorCommits) {
  ScratchDir dir;
  AtomicFile creator(dir / "t.bin");
  AtomicFile joined = AtomicFile::join(dir / "t.bin", creator.temporary());
  EXPECT_THROW(joined.commit(), std::logic_error);
  EXPECT_FALSE(std::filesystem::exists(dir / "t.bin"));
}

TEST(AtomicFile, JoiningATemporaryThatIsGoneIsAFileWriteError) {
  ScratchDir dir;
  try {
    (void)AtomicFile::join(dir / "t.bin", dir / ".t.bin.1.2.tmp");
    ADD_FAILURE() << "joined a temporary that does not exist";
  } catch (const FileWriteError& e) {
    EXPECT_EQ(e.error_number(), ENOENT);
    EXPECT_NE(std::string(e.what()).find("cannot open temporary file"), std::string::npos) << e.what();
  }
}

TEST(AtomicFile, EveryWriterGetsATemporaryOfItsOwn) {
  ScratchDir dir;
  AtomicFile first(dir / "t.bin"), second(dir / "t.bin");
  EXPECT_NE(first.temporary(), second.temporary());
  first.write_at(0, "first", 5);
  second.write_at(0, "second", 6);
  first.commit();
  EXPECT_EQ(contents_of(dir / "t.bin"), "first");
  second.commit();
  EXPECT_EQ(contents_of(dir / "t.bin"), "second");
}

// A writing error is no damaged table: a reader that reports TableError as "corrupt"
// must never see one.
static_assert(!std::is_base_of_v<TableError, FileWriteError>);

// A directory path through a regular file is refused even to root (ENOTDIR), so this
// runs everywhere; the read-only directory below needs an ordinary user.
TEST(AtomicFile, AnUncreatableTemporaryIsAFileWriteErrorWithTheSystemsReason) {
  ScratchDir dir;
  write_text_atomically(dir / "plain", "not a directory");
  const auto target = dir / "plain" / "t.bin";
  try {
    AtomicFile out(target);
    ADD_FAILURE() << "created a file below a regular file";
  } catch (const FileWriteError& e) {
    EXPECT_EQ(e.file(), target);
    EXPECT_EQ(e.error_number(), ENOTDIR);
    const std::string message = e.what();
    EXPECT_EQ(message.rfind(target.string() + ": cannot create temporary file", 0), 0u) << message;
    EXPECT_NE(message.find(std::strerror(ENOTDIR)), std::string::npos) << message;
  }
  EXPECT_EQ(dir.names(), std::vector<std::string>{"plain"});
}

TEST(AtomicFile, AReadOnlyDirectoryIsAFileWriteErrorWithTheSystemsReason) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  ScratchDir dir;
  const auto ro = dir / "ro";
  std::filesystem::create_directory(ro);
  ::chmod(ro.c_str(), 0555);
  std::string message;
  int error_number = 0;
  try {
    write_text_atomically(ro / "t.bin", "x");
  } catch (const FileWriteError& e) {
    message = e.what();
    error_number = e.error_number();
  }
  ::chmod(ro.c_str(), 0755);
  EXPECT_EQ(error_number, EACCES);
  EXPECT_NE(message.find(std::strerror(EACCES)), std::string::npos) << message;
  EXPECT_TRUE(std::filesystem::is_empty(ro));
}

TEST(TemporaryNames, AreHiddenBesideTheTargetAndNeverRepeat) {
  const std::filesystem::path target = "/some/dir/3v4.wdl.tsivy";
  const std::filesystem::path a = temporary_path_for(target), b = temporary_path_for(target);
  EXPECT_NE(a, b);
  for (const auto& name : {a, b}) {
    EXPECT_EQ(name.parent_path(), target.parent_path());
    const std::string file = name.filename().string();
    EXPECT_EQ(file.rfind(".3v4.wdl.tsivy." + std::to_string(::getpid()) + ".", 0), 0u) << file;
    EXPECT_TRUE(is_temporary_name(file)) << file;
  }
}

TEST(TemporaryNames, OnlyThatFormIsRecognised) {
  EXPECT_TRUE(is_temporary_name(".manifest.json.123.0.tmp"));
  EXPECT_TRUE(is_temporary_name(".a.1.22.tmp"));
  for (const char* name : {"manifest.json", "3v4.wdl.tsivy", ".checkpoint", "a.1.2.tmp", ".a.1.2", ".a.tmp",
                           ".a.1.tmp", ".a.x.2.tmp", ".a.1.x.tmp", ".a..2.tmp", "..1.2.tmp", ".a.1.2.tmp.old"})
    EXPECT_FALSE(is_temporary_name(name)) << name;
}

}  // namespace
}  // namespace tsivy::io
