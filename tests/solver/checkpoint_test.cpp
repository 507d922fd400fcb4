// The byte plumbing of checkpoint files (solver/checkpoint.h): what is written reads
// back, and a short or damaged file is refused with a message instead of read past.
#include "solver/checkpoint.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/solver/solver_test_support.h"

namespace tsivy {
namespace {

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
    return in.at_end() ? "" : "not at the end";
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

}  // namespace
}  // namespace tsivy
