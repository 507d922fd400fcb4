// gather/scatter (indexing/combinatorics.h): the version this CPU runs (pext/pdep where
// it has BMI2) against the bit-by-bit one that CPUs without BMI2 run, so both are tested
// on any machine.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "indexing/combinatorics.h"

namespace tsivy::detail {
namespace {

TEST(BitGather, KnownValues) {
  EXPECT_EQ(gather_bit_by_bit(0b1011'0100, 0b1111'0000), 0b1011u);
  EXPECT_EQ(scatter_bit_by_bit(0b1011, 0b1111'0000), 0b1011'0000u);
  EXPECT_EQ(gather_bit_by_bit(0b101, 0b1010), 0b0u);
  EXPECT_EQ(scatter_bit_by_bit(0b11, 0b1010), 0b1010u);
  EXPECT_EQ(gather_bit_by_bit(~std::uint64_t{0}, 0), 0u);
}

TEST(BitGather, EveryVersionAgreesAndScatterUndoesGather) {
  std::mt19937_64 random(19);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t value = random(), mask = random() & random();
    const std::uint64_t gathered = gather_bit_by_bit(value, mask);
    ASSERT_EQ(gather(value, mask), gathered) << value << " " << mask;
    ASSERT_EQ(scatter(gathered, mask), value & mask);
    ASSERT_EQ(scatter_bit_by_bit(gathered, mask), value & mask);
    ASSERT_EQ(scatter(value, mask), scatter_bit_by_bit(value, mask));
  }
}

}  // namespace
}  // namespace tsivy::detail
