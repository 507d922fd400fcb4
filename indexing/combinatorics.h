// Binomial coefficients, the combinatorial number system (colex rank of a point set)
// and bit gather/scatter, as small inline functions for the index's hot paths.
// Internal to indexing/: the solver uses material_index.h only.
#pragma once

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "game/geometry.h"

namespace tsivy::detail {

// Binomials C(x, i) for x <= 64 and every i; 64-bit exact for the sizes used here
// (the largest needed is C(kPoints, kPoints / 2) < 2^63 for a 64-bit point set).
inline constexpr int kBinomialRows = 65;
inline constexpr auto kBinomial = [] {
  std::array<std::array<std::uint64_t, kBinomialRows>, kBinomialRows> c{};
  for (int x = 0; x < kBinomialRows; ++x) {
    c[x][0] = 1;
    for (int i = 1; i <= x; ++i) c[x][i] = c[x - 1][i - 1] + (i < x ? c[x - 1][i] : 0);
  }
  return c;
}();
constexpr std::uint64_t binomial(int x, int i) {
  return (x < 0 || i < 0 || i > x) ? 0 : kBinomial[x][i];
}

// Gathers the bits of `value` selected by `mask` into the low bits, in order (pext).
inline std::uint64_t gather(std::uint64_t value, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(value, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bitpos = 1; mask; bitpos <<= 1, mask &= mask - 1)
    if (value & mask & -mask) out |= bitpos;
  return out;
#endif
}

// Spreads the low bits of `value` onto the bits of `mask`, in order (pdep).
inline std::uint64_t scatter(std::uint64_t value, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(value, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bitpos = 1; mask; bitpos <<= 1, mask &= mask - 1)
    if (value & bitpos) out |= mask & -mask;
  return out;
#endif
}

// Colex rank of a set of bit positions: sum of C(p_i, i) over its elements p_1 < p_2 < ...
// Sets of the same size in increasing numeric order get ranks 0, 1, 2, ...
inline std::uint64_t colex_rank(std::uint64_t set) {
  std::uint64_t rank = 0;
  for (int i = 1; set; ++i) rank += kBinomial[pop_first(set)][i];
  return rank;
}

// The inverse of colex_rank for sets of `size` elements, size <= kMaxColexSize.
// Each element is found from a guess table indexed by the rank's high bits, then at
// most a few steps up: the guess is exact except for small ranks, where elements are
// dense (see INDEX.md, "Secondary set").
inline constexpr int kMaxColexSize = 12;
inline constexpr int kColexGuessBits = 10;
struct ColexGuess {
  std::array<int, kMaxColexSize + 1> shift{};
  std::array<std::array<std::uint8_t, std::size_t{1} << kColexGuessBits>, kMaxColexSize + 1> low{};
};
inline constexpr ColexGuess kColexGuess = [] {
  ColexGuess g{};
  for (int i = 1; i <= kMaxColexSize; ++i) {
    // Ranks of i-sets inside the board are below C(kPoints, i).
    const std::uint64_t top = kBinomial[kPoints][i];
    int width = 0;
    while (width < 64 && (std::uint64_t{1} << width) < top) ++width;
    g.shift[i] = width > kColexGuessBits ? width - kColexGuessBits : 0;
    for (std::size_t b = 0; b < g.low[i].size(); ++b) {
      const std::uint64_t r = std::uint64_t{b} << g.shift[i];
      int x = i - 1;  // the largest x with C(x, i) <= r (C(i - 1, i) = 0)
      while (x + 1 < kBinomialRows && kBinomial[x + 1][i] <= r) ++x;
      g.low[i][b] = static_cast<std::uint8_t>(x);
    }
  }
  return g;
}();

inline std::uint64_t colex_unrank(std::uint64_t rank, int size) {
  std::uint64_t set = 0;
  for (int i = size; i >= 1; --i) {
    const std::uint64_t bucket = rank >> kColexGuess.shift[i];
    int x = bucket < kColexGuess.low[i].size() ? kColexGuess.low[i][bucket] : kPoints;
    while (kBinomial[x + 1][i] <= rank) ++x;
    rank -= kBinomial[x][i];
    set |= std::uint64_t{1} << x;
  }
  return set;
}

}  // namespace tsivy::detail
