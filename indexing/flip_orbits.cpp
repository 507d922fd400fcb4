// The row flip's orbits on the small universes of the index (stone_set_orbits.h): the
// tables built once, at first use.
#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "indexing/stone_set_orbits.h"

namespace tsivy::detail {

FlipOrbits::FlipOrbits(int points, std::uint32_t (*flip)(std::uint32_t))
    : points_(points),
      code_(std::size_t{1} << points),
      rep_start_(points + 2, 0),
      orbits_(points + 1, 0),
      symmetric_(points + 1, 0) {
  const std::uint32_t subsets = std::uint32_t{1} << points;
  for (std::uint32_t x = 0; x < subsets; ++x) {
    const std::uint32_t y = flip(x);
    if (x > y) continue;
    const int size = std::popcount(x);
    ++orbits_[size];
    if (x == y) ++symmetric_[size];
  }
  for (int size = 0; size <= points; ++size) rep_start_[size + 1] = rep_start_[size] + orbits_[size];
  reps_.resize(rep_start_[points + 1]);
  // Symmetric orbits are numbered first, then the others, each in increasing order of
  // their representative.
  std::vector<std::uint32_t> next_symmetric(points + 1, 0), next_other(symmetric_.begin(), symmetric_.end());
  for (std::uint32_t x = 0; x < subsets; ++x) {
    const std::uint32_t y = flip(x);
    if (x > y) continue;
    const int size = std::popcount(x);
    const std::uint32_t orbit = x == y ? next_symmetric[size]++ : next_other[size]++;
    reps_[rep_start_[size] + orbit] = x;
    code_[x] = orbit << 1;
    if (y != x) code_[y] = orbit << 1 | 1u;
  }
}

std::size_t FlipOrbits::memory_bytes() const noexcept {
  return sizeof(*this) + (code_.size() + reps_.size() + rep_start_.size() + orbits_.size() + symmetric_.size()) *
                             sizeof(std::uint32_t);
}

HalfBoardOrbits::HalfBoardOrbits() : pair_code_(std::size_t{1} << (2 * kBandBits)) {
  for (std::uint32_t row = 0; row <= kRowMask; ++row) {
    const int size = std::popcount(row);
    row_rank_[row] = static_cast<std::uint8_t>(row_sets_[size]);
    row_of_[size][row_sets_[size]++] = static_cast<std::uint8_t>(row);
  }
  for (int size = 0; size <= kRowBits; ++size)
    row_reciprocal_[size] = (std::uint64_t{1} << 32) / row_sets_[size] + 1;
  std::vector<std::vector<std::uint16_t>> band_of(kBandBits + 1);
  std::vector<std::uint32_t> band_rank(kBandMask + 1);
  for (std::uint32_t band = 0; band <= kBandMask; ++band) {
    auto& list = band_of[std::popcount(band)];
    band_rank[band] = static_cast<std::uint32_t>(list.size());
    list.push_back(static_cast<std::uint16_t>(band));
  }
  std::vector<std::vector<std::uint32_t>> pair_of(2 * kBandBits + 1);
  for (std::uint32_t pair = 0; pair < pair_code_.size(); ++pair) {
    const std::uint32_t low = pair & kBandMask, high = pair >> kBandBits;
    if (low == high) {
      pair_code_[pair] = static_cast<std::uint16_t>(band_rank[low] << 1);
    } else if (low < high) {
      auto& list = pair_of[std::popcount(pair)];
      pair_code_[pair] = static_cast<std::uint16_t>(list.size() << 1);
      pair_code_[high | low << kBandBits] = static_cast<std::uint16_t>(list.size() << 1 | 1u);
      list.push_back(pair);
    }
  }
  // Flat lists by size, so that member() reads them without a pointer chase.
  for (int size = 0; size <= kBandBits; ++size) {
    band_start_[size] = static_cast<std::uint32_t>(bands_.size());
    bands_.insert(bands_.end(), band_of[size].begin(), band_of[size].end());
  }
  for (int size = 0; size <= 2 * kBandBits; ++size) {
    pair_start_[size] = static_cast<std::uint32_t>(pairs_.size());
    pairs_.insert(pairs_.end(), pair_of[size].begin(), pair_of[size].end());
  }
  for (int size = 0; size <= kHalfPoints; ++size) {
    sets_[size] = binomial(kHalfPoints, size);
    std::uint32_t next = 0;
    for (int asymmetric = 0; asymmetric < 2; ++asymmetric) {
      for (int row = 0; row <= kRowBits + 1; ++row) {
        start_[size][asymmetric][row] = next;
        const int bands = size - row;  // stones in the two bands together
        if (row > kRowBits || bands < 0 || bands > 2 * kBandBits) continue;
        if (asymmetric)
          next += static_cast<std::uint32_t>(pair_of[bands].size()) * row_sets_[row];
        else if (bands % 2 == 0 && bands / 2 <= kBandBits)
          next += static_cast<std::uint32_t>(band_of[bands / 2].size()) * row_sets_[row];
      }
      (asymmetric ? orbits_ : symmetric_)[size] = next;
    }
  }
}

std::size_t HalfBoardOrbits::memory_bytes() const noexcept {
  std::size_t total = sizeof(*this) + pair_code_.size() * sizeof(std::uint16_t);
  total += pairs_.size() * sizeof(std::uint32_t) + bands_.size() * sizeof(std::uint16_t);
  return total;
}

const HalfBoardOrbits& half_orbits() {
  static const HalfBoardOrbits table;
  return table;
}

const FlipOrbits& column_orbits() {
  static const FlipOrbits table(kRows, [](std::uint32_t x) { return flip_column(x); });
  return table;
}

}  // namespace tsivy::detail
