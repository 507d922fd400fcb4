// The byte plumbing of checkpoint files (solver/checkpoint.h): what is written reads
// back, and a short or damaged file is refused with a message instead of read past or
// resumed from.
#include "solver/checkpoint.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/pair_solver.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy {
namespace {

using testing::reference_tables;
using testing::ScratchDir;

std::filesystem::path write_sample(const std::filesystem::path& file) {
  CheckpointWriter out(file);
  out.put(std::uint64_t{42});
  out.put_vector(std::vector<std::uint16_t>{1, 2, 3});
  std::vector<std::uint8_t> large(3 << 20);
  for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<std::uint8_t>(i * 7);
  out.put_vector(large);
  out.commit();
  return file;
}

std::string error_reading(const std::filesystem::path& file) {
  try {
    CheckpointReader in(file);
    (void)in.get<std::uint64_t>();
    std::vector<std::uint16_t> small;
    in.get_vector(small);
    std::vector<std::uint8_t> large;
    in.get_vector(large, 3 << 20);
    in.finish();
    return "";
  } catch (const CheckpointError& e) {
    return e.what();
  }
}

TEST(Checkpoint, WhatIsWrittenReadsBackToTheEnd) {
  const ScratchDir dir;
  CheckpointReader in(write_sample(dir.path() / "slice"));
  EXPECT_EQ(in.get<std::uint64_t>(), 42u);
  std::vector<std::uint16_t> small;
  in.get_vector(small);
  EXPECT_EQ(small, (std::vector<std::uint16_t>{1, 2, 3}));
  EXPECT_FALSE(in.at_end());
  std::vector<std::uint8_t> large;
  in.get_vector(large, 3 << 20);
  ASSERT_EQ(large.size(), std::size_t{3} << 20);
  for (std::size_t i = 0; i < large.size(); i += 4099) ASSERT_EQ(large[i], static_cast<std::uint8_t>(i * 7));
  EXPECT_TRUE(in.at_end());
  EXPECT_NO_THROW(in.finish());
}

// Inverts the bits of one byte in place: the size stays.
void flip_byte(const std::filesystem::path& file, std::uintmax_t offset) {
  std::fstream f(file, std::ios::binary | std::ios::in | std::ios::out);
  f.seekg(static_cast<std::streamoff>(offset));
  const int byte = f.get();
  f.seekp(static_cast<std::streamoff>(offset));
  f.put(static_cast<char>(~byte));
  ASSERT_TRUE(f.good()) << file;
}

// A damaged byte keeps the size and every array length: only the checksum tells it.
TEST(Checkpoint, DamagedByteIsRefusedWithItsName) {
  const ScratchDir dir;
  const std::filesystem::path file = write_sample(dir.path() / "slice");
  const std::uintmax_t size = std::filesystem::file_size(file);
  for (const std::uintmax_t offset : {std::uintmax_t{100000}, size - 1}) {  // content, then the checksum itself
    write_sample(file);
    flip_byte(file, offset);
    const std::string error = error_reading(file);
    EXPECT_NE(error.find("is damaged"), std::string::npos) << offset << ": " << error;
    EXPECT_NE(error.find(file.string()), std::string::npos) << error;
  }
}

TEST(Checkpoint, BytesLeftUnreadAreRefused) {
  const ScratchDir dir;
  CheckpointReader in(write_sample(dir.path() / "slice"));
  (void)in.get<std::uint64_t>();
  EXPECT_THROW(in.finish(), CheckpointError);
}

TEST(Checkpoint, TruncatedFileIsRefusedWithItsName) {
  const ScratchDir dir;
  const std::filesystem::path file = write_sample(dir.path() / "slice");
  // Shortest last: each cut shortens what the one before left.
  for (const std::uintmax_t keep : {std::filesystem::file_size(file) - 1, std::uintmax_t{20}, std::uintmax_t{5},
                                    std::uintmax_t{0}}) {
    std::filesystem::resize_file(file, keep);
    const std::string error = error_reading(file);
    EXPECT_NE(error.find("is truncated"), std::string::npos) << keep << " bytes: " << error;
    EXPECT_NE(error.find(file.string()), std::string::npos) << error;
  }
}

TEST(Checkpoint, WrongArrayLengthIsRefused) {
  const ScratchDir dir;
  CheckpointReader in(write_sample(dir.path() / "slice"));
  (void)in.get<std::uint64_t>();
  std::vector<std::uint16_t> small;
  EXPECT_THROW(in.get_vector(small, 4), CheckpointError);
}

TEST(Checkpoint, MissingFileIsRefused) {
  const ScratchDir dir;
  EXPECT_THROW(CheckpointReader(dir.path() / "absent"), CheckpointError);
}

// A pair's slice with one byte of its working state changed, the size unchanged: the
// resume is refused, naming the file, instead of finishing with wrong values (found by
// the three-node test's fault runs, which damaged a 5-stone slice this way).
TEST(Checkpoint, PairWithADamagedSliceIsNotResumed) {
  const Material material{1, 3};
  const TableLookup smaller(TableDirectory::open(reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  const ScratchDir checkpoints;
  struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
  };
  SolveOptions interrupted;
  interrupted.checkpoint_dir = checkpoints.path();
  interrupted.checkpoint_every = 1e-9;
  interrupted.on_progress = [](const SolveProgress& p) {
    if (p.phase == SolvePhase::propagate && p.depth == 4) throw Interrupted("interrupted");
  };
  EXPECT_THROW(solve_pair(material, smaller, *comm, interrupted), Interrupted);

  std::filesystem::path slice;
  for (const auto& entry : std::filesystem::directory_iterator(checkpoints.path()))
    if (entry.path().filename().string().find(".rank0of1") != std::string::npos) slice = entry.path();
  ASSERT_FALSE(slice.empty());
  flip_byte(slice, std::filesystem::file_size(slice) / 2);

  SolveOptions resumed;
  resumed.checkpoint_dir = checkpoints.path();
  try {
    solve_pair(material, smaller, *comm, resumed);
    ADD_FAILURE() << "resumed from a damaged slice";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("is damaged"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(slice.string()), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tsivy
