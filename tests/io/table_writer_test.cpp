// The writer leaves a complete file under the final name or nothing, and never a
// temporary file.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/atomic_file.h"
#include "io/table_reader.h"
#include "io/table_writer.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

using testing::ScratchDir;

TEST(TableWriter, LeavesOnlyTheFinalFile) {
  ScratchDir dir;
  const auto values = testing::random_wdl(5000, 1);
  write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(values), {256});
  EXPECT_EQ(dir.names(), std::vector<std::string>{"t.wdl"});
}

TEST(TableWriter, ReplacesAnExistingFileWhole) {
  ScratchDir dir;
  const auto first = testing::random_wdl(5000, 1), second = testing::random_wdl(300, 2);
  write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(first), {256});
  write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(second), {256});
  TableReader reader(dir / "t.wdl");
  EXPECT_EQ(reader.size(), second.size());
  reader.verify();
  EXPECT_EQ(dir.names(), std::vector<std::string>{"t.wdl"});
}

// The operating system's refusals are FileWriteError (io/atomic_file.h), never the
// TableError of a damaged file.
TEST(TableWriter, MissingDirectoryIsAFileWriteErrorAndLeavesNothing) {
  ScratchDir dir;
  const auto values = testing::random_wdl(10, 1);
  try {
    write_table(dir / "no-such-dir" / "t.wdl", {}, std::span<const std::uint8_t>(values));
    ADD_FAILURE() << "write into a missing directory succeeded";
  } catch (const FileWriteError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot create temporary file"), std::string::npos) << e.what();
    EXPECT_EQ(e.file(), dir / "no-such-dir" / "t.wdl");
  }
  EXPECT_TRUE(dir.names().empty());
}

TEST(TableWriter, UnwritableDirectoryIsAFileWriteErrorAndLeavesNothing) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  ScratchDir dir;
  const auto ro = dir.path() / "ro";
  std::filesystem::create_directory(ro);
  ::chmod(ro.c_str(), 0555);
  const auto values = testing::random_wdl(10, 1);
  EXPECT_THROW(write_table(ro / "t.wdl", {}, std::span<const std::uint8_t>(values)), FileWriteError);
  ::chmod(ro.c_str(), 0755);
  EXPECT_TRUE(std::filesystem::is_empty(ro));
}

// A write that fails half-way (here: the file-size limit, which binds root too)
// removes its temporary file and leaves the old table in place.
TEST(TableWriter, FailureMidWriteKeepsTheOldFileAndRemovesTheTemporary) {
  ScratchDir dir;
  const auto old_values = testing::random_wdl(100, 1);
  write_table(dir / "t.wdl", {}, std::span<const std::uint8_t>(old_values));
  const auto old_bytes = testing::read_bytes(dir / "t.wdl");

  const auto big = testing::random_depth(200000, 60000, 2);  // ~400 KB of noise
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto saved_handler = ::signal(SIGXFSZ, SIG_IGN);  // make the write fail with EFBIG
  rlimit small = saved;
  small.rlim_cur = 64 * 1024;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message;
  try {
    write_table(dir / "t.wdl", {TableKind::depth}, std::span<const std::uint16_t>(big), {4096});
  } catch (const FileWriteError& e) {
    message = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, saved_handler);

  EXPECT_NE(message.find("write failed"), std::string::npos) << message;
  EXPECT_EQ(dir.names(), std::vector<std::string>{"t.wdl"});
  EXPECT_EQ(testing::read_bytes(dir / "t.wdl"), old_bytes);
}

TEST(TableWriter, BadOptionsAreRefusedBeforeAnyFileIsCreated) {
  ScratchDir dir;
  const auto values = testing::random_wdl(10, 1);
  EXPECT_THROW(write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {100}), std::invalid_argument);
  EXPECT_THROW(write_table(dir / "t", {}, std::span<const std::uint8_t>(values), {0, 99}), std::invalid_argument);
  EXPECT_THROW(write_table(dir / "t", {static_cast<TableKind>(5)}, std::span<const std::uint8_t>(values)),
               std::invalid_argument);
  EXPECT_TRUE(dir.names().empty());
}

}  // namespace
}  // namespace tsivy::io
