// Binomial coefficients, the combinatorial number system (colex rank of a point set)
// and bit gather/scatter, as small inline functions for the index's hot paths.
// Internal to indexing/ (the solver uses material_index.h only); check/reachable.cpp
// numbers positions without symmetry with the same colex ranks.
#pragma once

#include <array>
#include <cstdint>

#if defined(__x86_64__)
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

// Gathers the bits of `value` selected by `mask` into the low bits, in order (pext), and
// spreads the low bits of `value` onto the bits of `mask`, in order (pdep): without BMI2,
// one step per bit of the mask.
inline std::uint64_t gather_bit_by_bit(std::uint64_t value, std::uint64_t mask) {
  std::uint64_t out = 0;
  for (std::uint64_t bitpos = 1; mask; bitpos <<= 1, mask &= mask - 1)
    if (value & mask & -mask) out |= bitpos;
  return out;
}
inline std::uint64_t scatter_bit_by_bit(std::uint64_t value, std::uint64_t mask) {
  std::uint64_t out = 0;
  for (std::uint64_t bitpos = 1; mask; bitpos <<= 1, mask &= mask - 1)
    if (value & bitpos) out |= mask & -mask;
  return out;
}

#if defined(__BMI2__)
// Built for a CPU with BMI2 (-march=native): one instruction, inlined.
inline std::uint64_t gather(std::uint64_t value, std::uint64_t mask) { return _pext_u64(value, mask); }
inline std::uint64_t scatter(std::uint64_t value, std::uint64_t mask) { return _pdep_u64(value, mask); }
#elif defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__)
// Portable x86-64 build: function multiversioning, so a CPU with BMI2 still gets
// pext/pdep (the index is 2-3 times slower bit by bit, see docs/benchmarks.md). The loader
// picks the version once (an ifunc); calls stay out of line. Not under ThreadSanitizer:
// the loader runs those resolvers before TSan's runtime is up, and the test binaries
// crashed at start; TSan builds take the bit-by-bit loops below.
__attribute__((target("default"))) inline std::uint64_t gather(std::uint64_t value, std::uint64_t mask) {
  return gather_bit_by_bit(value, mask);
}
__attribute__((target("bmi2"))) inline std::uint64_t gather(std::uint64_t value, std::uint64_t mask) {
  return _pext_u64(value, mask);
}
__attribute__((target("default"))) inline std::uint64_t scatter(std::uint64_t value, std::uint64_t mask) {
  return scatter_bit_by_bit(value, mask);
}
__attribute__((target("bmi2"))) inline std::uint64_t scatter(std::uint64_t value, std::uint64_t mask) {
  return _pdep_u64(value, mask);
}
#else
inline std::uint64_t gather(std::uint64_t value, std::uint64_t mask) { return gather_bit_by_bit(value, mask); }
inline std::uint64_t scatter(std::uint64_t value, std::uint64_t mask) { return scatter_bit_by_bit(value, mask); }
#endif

// The bits of x in reverse order (bit i to bit 63 - i).
inline std::uint64_t reverse_bits(std::uint64_t x) {
#if defined(__GFNI__)
  // Reverse the bits inside each byte with one affine map over GF(2), then the bytes.
  const __m128i v = _mm_gf2p8affine_epi64_epi8(_mm_cvtsi64_si128(static_cast<long long>(x)),
                                               _mm_set1_epi64x(0x8040201008040201LL), 0);
  return __builtin_bswap64(static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)));
#else
  x = __builtin_bswap64(x);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
#endif
}

// A set of symmetries, bit g for Symmetry g (the eight of a square board fit a byte).
using SymmetrySet = std::uint8_t;
constexpr SymmetrySet symmetry_bit(Symmetry g) { return static_cast<SymmetrySet>(1u << static_cast<int>(g)); }
inline constexpr SymmetrySet kOnlyIdentity = symmetry_bit(Symmetry::Identity);
inline constexpr SymmetrySet kWholeGroup = static_cast<SymmetrySet>((1u << kSymmetries) - 1);

// The symmetric images of a point set, indexed by Symmetry, computed without
// branches. With points numbered row by row, the half turn sends point p to
// kPoints - 1 - p, which is a bit reversal; the left-right mirror is the half turn of
// the top-bottom mirror. On a square board the other four are those of the transpose
// T: AntiTranspose is the half turn of T, QuarterTurn its top-bottom mirror and
// ThreeQuarterTurn its left-right mirror (geometry.h composes them the other way round).
struct Images {
  std::array<PointSet, kSymmetries> of{};
  explicit Images(PointSet s) {
    const PointSet top_bottom = mirror_top_bottom(s);
    of[static_cast<int>(Symmetry::Identity)] = s;
    of[static_cast<int>(Symmetry::MirrorLeftRight)] = reverse_bits(top_bottom) >> (64 - kPoints);
    of[static_cast<int>(Symmetry::MirrorTopBottom)] = top_bottom;
    of[static_cast<int>(Symmetry::HalfTurn)] = reverse_bits(s) >> (64 - kPoints);
    if constexpr (kSquareBoard) {
      const PointSet t = transpose(s), t_top_bottom = mirror_top_bottom(t);
      of[static_cast<int>(Symmetry::Transpose)] = t;
      of[static_cast<int>(Symmetry::AntiTranspose)] = reverse_bits(t) >> (64 - kPoints);
      of[static_cast<int>(Symmetry::QuarterTurn)] = t_top_bottom;
      of[static_cast<int>(Symmetry::ThreeQuarterTurn)] = reverse_bits(t_top_bottom) >> (64 - kPoints);
    }
  }
  PointSet operator[](Symmetry g) const { return of[static_cast<int>(g)]; }
};
inline PointSet fast_mirror_left_right(PointSet s) { return reverse_bits(mirror_top_bottom(s)) >> (64 - kPoints); }

// Division of 32-bit numbers by a fixed 32-bit divisor with one multiplication:
// q = floor(x * ceil(2^64 / d) / 2^64) is exact for x, d < 2^32 (the error term
// x * (ceil(2^64 / d) * d - 2^64) stays below 2^64).
class Divider {
 public:
  Divider() = default;
  explicit Divider(std::uint32_t d) : magic_(d == 1 ? 0 : ~std::uint64_t{0} / d + 1), d_(d) {}
  std::uint32_t divide(std::uint32_t x) const {
    __extension__ using Wide = unsigned __int128;
    const auto q = static_cast<std::uint32_t>((static_cast<Wide>(x) * magic_) >> 64);
    return d_ == 1 ? x : q;
  }
  std::uint32_t divisor() const { return d_; }

 private:
  std::uint64_t magic_ = 0;
  std::uint32_t d_ = 1;
};

// Colex rank of a set of bit positions: sum of C(p_i, i) over its elements p_1 < p_2 < ...
// Sets of the same size in increasing numeric order get ranks 0, 1, 2, ...
inline std::uint64_t colex_rank(std::uint64_t set) {
  std::uint64_t rank = 0;
  for (int i = 1; set; ++i) rank += kBinomial[pop_first(set)][i];
  return rank;
}
template <int Size>
inline std::uint64_t colex_rank_fixed(std::uint64_t set) {
  std::uint64_t rank = 0;
  for (int i = 1; i <= Size; ++i) rank += kBinomial[pop_first(set)][i];
  return rank;
}
// The same for a set known to hold `size` elements: unrolled for the sizes classes use.
inline std::uint64_t colex_rank(std::uint64_t set, int size) {
  switch (size) {
    case 1: return colex_rank_fixed<1>(set);
    case 2: return colex_rank_fixed<2>(set);
    case 3: return colex_rank_fixed<3>(set);
    case 4: return colex_rank_fixed<4>(set);
    case 5: return colex_rank_fixed<5>(set);
    default: return colex_rank(set);
  }
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

template <int Size>
inline std::uint64_t colex_unrank_fixed(std::uint64_t rank) {
  std::uint64_t set = 0;
  for (int i = Size; i >= 1; --i) {
    int x = kColexGuess.low[i][rank >> kColexGuess.shift[i]];
    while (kBinomial[x + 1][i] <= rank) ++x;
    rank -= kBinomial[x][i];
    set |= std::uint64_t{1} << x;
  }
  return set;
}

// `rank` must be below C(kPoints, size).
inline std::uint64_t colex_unrank(std::uint64_t rank, int size) {
  // One unrolled loop per size (the sizes a class uses are few and fixed).
  switch (size) {
    case 0: return 0;
    case 1: return std::uint64_t{1} << rank;
    case 2: return colex_unrank_fixed<2>(rank);
    case 3: return colex_unrank_fixed<3>(rank);
    case 4: return colex_unrank_fixed<4>(rank);
    case 5: return colex_unrank_fixed<5>(rank);
    default: break;
  }
  std::uint64_t set = 0;
  for (int i = size; i >= 1; --i) {
    int x = kColexGuess.low[i][rank >> kColexGuess.shift[i]];
    while (kBinomial[x + 1][i] <= rank) ++x;
    rank -= kBinomial[x][i];
    set |= std::uint64_t{1} << x;
  }
  return set;
}

}  // namespace tsivy::detail
