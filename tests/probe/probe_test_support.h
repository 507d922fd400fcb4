// Shared by the probe tests: the table directory the ctest fixture generated (or one
// generated on first use when a test binary runs alone), scratch copies of it to
// damage, and random positions.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "tsivy/tsivy.h"
#include "tests/support/scratch_dir.h"

namespace tsivy::testing {

// Stones of the tables the probe tests use (TSIVY_PROBE_TEST_STONES, set by CMake).
inline constexpr int kTableStones = TSIVY_PROBE_TEST_STONES;

inline std::filesystem::path reference_tables() {
  static const std::filesystem::path dir = [] {
    if (const char* env = std::getenv("TSIVY_PROBE_TEST_TABLES"); env && std::filesystem::exists(std::string(env) + "/manifest.json"))
      return std::filesystem::path(env);
    const auto made = std::filesystem::temp_directory_path() / ("tsivy-probe-tables-" + std::to_string(::getpid()));
    const std::string command = std::string(TSIVY_CLI) + " generate --threads 2 --max-stones " +
                                std::to_string(kTableStones) + " --out " + made.string() + " >/dev/null";
    if (std::system(command.c_str()) != 0) throw std::runtime_error("could not generate " + made.string());
    return made;
  }();
  return dir;
}


// A copy of the reference tables to damage.
inline void copy_tables(const std::filesystem::path& to) {
  std::filesystem::copy(reference_tables(), to,
                        std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
}

struct RandomPosition {
  std::uint64_t us = 0, them = 0;
};

// A position with `us_stones` and `them_stones` stones on distinct random points.
inline RandomPosition random_position(std::mt19937_64& rng, int us_stones, int them_stones) {
  RandomPosition p;
  std::uint64_t taken = 0;
  auto place = [&](std::uint64_t& set, int n) {
    while (n > 0) {
      const std::uint64_t b = std::uint64_t{1} << (rng() % 45);
      if (taken & b) continue;
      taken |= b;
      set |= b;
      --n;
    }
  };
  place(p.us, us_stones);
  place(p.them, them_stones);
  return p;
}

// Random stones of any class within the tables (1..kTableStones-1 each side).
inline RandomPosition random_position(std::mt19937_64& rng) {
  const int total = 2 + static_cast<int>(rng() % (kTableStones - 1));
  const int us = 1 + static_cast<int>(rng() % (total - 1));
  return random_position(rng, us, total - us);
}

}  // namespace tsivy::testing
