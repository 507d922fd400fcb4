// Shared helpers for the io/ tests: a scratch directory, random tables, raw file
// bytes, and re-sealing a deliberately damaged file so that its checksums are right
// again and the check under test (not a checksum) is what rejects it.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "io/format.h"
#include "tests/support/scratch_dir.h"

namespace tsivy::io::testing {

using tsivy::testing::ScratchDir;

// WDL codes with a skew and runs, as a real table might have (and some `unused`).
inline std::vector<std::uint8_t> random_wdl(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> v(n);
  std::uint8_t last = 2;
  // Stored codes only: `unused` (3) given to the writer means "don't care" and is filled.
  for (auto& x : v) x = last = (rng() % 4 == 0) ? static_cast<std::uint8_t>(rng() % 3) : last;
  return v;
}

inline std::vector<std::uint16_t> random_depth(std::size_t n, std::uint16_t max, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint16_t> v(n);
  for (auto& x : v) x = static_cast<std::uint16_t>(rng() % (std::uint64_t{max} + 1));
  if (n > 0) v[n / 2] = max;  // the maximum is present, so it sets the width
  return v;
}

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_bytes(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Recomputes the metadata and header checksums of a (modified) file image, as far as
// the header's counts say where the metadata is and the image holds it.
inline void reseal(std::vector<std::uint8_t>& b) {
  using namespace format;
  const auto len = load_le<std::uint32_t>(&b[kValueCountsLenAt]);
  const auto blocks = load_le<std::uint32_t>(&b[kBlockCountAt]);
  const std::uint64_t end = data_offset(len, blocks);
  if (end <= b.size())
    store_le<std::uint64_t>(&b[kMetadataChecksumAt],
                            checksum(std::span<const std::uint8_t>(b).subspan(kHeaderSize, end - kHeaderSize)));
  store_le<std::uint64_t>(&b[kHeaderChecksumAt], checksum(std::span<const std::uint8_t>(b).first(kHeaderChecksumAt)));
}

}  // namespace tsivy::io::testing
