// Dense ranking of the symmetry orbits of point sets of one size ("stone sets").
// Internal to indexing/; INDEX.md explains the scheme. The board is cut into the left
// half (columns left of the middle), the middle column, and the right half read in the
// mirror, so that a stone set is a triple (A, M, B) of two half-board sets and one
// column set, and the four symmetries act on triples as
//   identity (A, M, B), left-right (B, M, A), top-bottom (tA, tM, tB), half turn (tB, tM, tA),
// with t the row flip. The flip orbits of half-board sets are numbered through a table
// over pairs of row bands (HalfBoardOrbits, below), those of middle-column sets through
// a table over the column's subsets (FlipOrbits), and the orbits of triples are counted
// and ranked in closed form.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "game/geometry.h"
#include "indexing/combinatorics.h"

namespace tsivy::detail {

inline constexpr int kHalfColumns = kColumns / 2;
inline constexpr int kHalfPoints = kRows * kHalfColumns;
static_assert(kHalfPoints <= 32, "a half-board set is gathered into a std::uint32_t");
static_assert((kHalfPoints + 1) * (kRows + 1) <= 256, "split numbers fit in a byte");
inline constexpr PointSet kLeftHalf = [] {
  PointSet s = 0;
  for (int c = 0; c < kHalfColumns; ++c) s |= column_mask(c);
  return s;
}();
inline constexpr PointSet kMiddleColumn = column_mask(kHalfColumns);

// The row flip t on a half-board set (rows of kHalfColumns bits) and on a column set
// (one bit per row).
constexpr std::uint32_t flip_half(std::uint32_t x) {
  constexpr std::uint32_t row = (1u << kHalfColumns) - 1;
  std::uint32_t out = 0;
  for (int r = 0; r < kRows; ++r) out |= ((x >> (r * kHalfColumns)) & row) << ((kRows - 1 - r) * kHalfColumns);
  return out;
}
constexpr std::uint32_t flip_column(std::uint32_t x) {
  std::uint32_t out = 0;
  for (int r = 0; r < kRows; ++r) out |= ((x >> r) & 1u) << (kRows - 1 - r);
  return out;
}

// The orbits of the row flip on the subsets of one small universe (the half board or the
// middle column), per subset size: orbits are numbered 0..N-1 within their size, the
// symmetric ones (t x = x) first, 0..S-1. Each orbit has a representative, the smaller
// of x and t x; `flipped` says that x is t of its representative.
class FlipOrbits {
 public:
  FlipOrbits(int points, std::uint32_t (*flip)(std::uint32_t));

  struct Entry {
    std::uint32_t orbit;
    bool flipped;
  };
  Entry entry(std::uint32_t x) const noexcept { return {code_[x] >> 1, (code_[x] & 1u) != 0}; }
  std::uint32_t representative(int size, std::uint32_t orbit) const noexcept { return reps_[rep_start_[size] + orbit]; }
  std::uint32_t orbits(int size) const noexcept { return orbits_[size]; }
  std::uint32_t symmetric(int size) const noexcept { return symmetric_[size]; }
  std::uint64_t sets(int size) const noexcept { return kBinomial[points_][size]; }
  std::size_t memory_bytes() const noexcept;

 private:
  int points_;
  std::vector<std::uint32_t> code_;  // per subset: orbit << 1 | flipped
  std::vector<std::uint32_t> reps_;
  std::vector<std::uint32_t> rep_start_, orbits_, symmetric_;
};

// The flip orbits of half-board sets, as FlipOrbits numbers them (symmetric orbits
// first, per size) but without a table over all 2^(half points) subsets, which would
// not stay in cache. A half-board set is cut into its low band (the rows below the
// middle row), its middle row and its high band read from the top row down, so that
// the flip just swaps the two bands and fixes the middle row: a flip orbit is an
// unordered pair of band sets plus a middle-row set. One table over ordered pairs of
// band sets (2^(2 * band bits) entries) numbers the pairs; INDEX.md has the layout.
class HalfBoardOrbits {
 public:
  static constexpr int kBandRows = kRows / 2;
  static constexpr int kBandBits = kBandRows * kHalfColumns;
  static constexpr int kRowBits = kHalfColumns;
  static_assert(kBandBits <= 9, "band pair numbers fit in 16 bits and the pair table stays small");

  HalfBoardOrbits();

  FlipOrbits::Entry entry(std::uint32_t x) const noexcept {
    const std::uint32_t low = x & kBandMask, middle = (x >> kBandBits) & kRowMask,
                        high = reverse_band(x >> (kBandBits + kRowBits));
    const std::uint32_t code = pair_code_[low | high << kBandBits];
    const int size = std::popcount(x), row = std::popcount(middle);
    const std::uint32_t orbit = start_[size][low != high][row] + (code >> 1) * row_sets_[row] + row_rank_[middle];
    return {orbit, (code & 1u) != 0};
  }
  // The member of a flip orbit: its representative, or the representative's flip.
  std::uint32_t member(int size, std::uint32_t orbit, bool flipped) const noexcept;
  std::uint32_t representative(int size, std::uint32_t orbit) const noexcept { return member(size, orbit, false); }
  std::uint32_t orbits(int size) const noexcept { return orbits_[size]; }
  std::uint32_t symmetric(int size) const noexcept { return symmetric_[size]; }
  std::uint64_t sets(int size) const noexcept { return sets_[size]; }
  std::size_t memory_bytes() const noexcept;

 private:
  static constexpr std::uint32_t kBandMask = (1u << kBandBits) - 1, kRowMask = (1u << kRowBits) - 1;
  // The band rows in the opposite order: the high band read from the top down, and back.
  static constexpr std::uint32_t reverse_band(std::uint32_t band) {
    std::uint32_t out = 0;
    for (int r = 0; r < kBandRows; ++r) out |= ((band >> (r * kRowBits)) & kRowMask) << ((kBandRows - 1 - r) * kRowBits);
    return out;
  }

  // Per ordered band pair (low, high): the pair's number << 1 | (low > high). Equal
  // bands are numbered by their colex rank among bands of their size; different ones
  // by the order of (smaller, larger) among unordered pairs of their total size.
  std::vector<std::uint16_t> pair_code_;
  std::vector<std::uint32_t> pairs_;  // by total size, then number: smaller | larger << band bits
  std::vector<std::uint16_t> bands_;  // by size, then colex rank
  std::array<std::uint32_t, 2 * kBandBits + 1> pair_start_{};
  std::array<std::uint32_t, kBandBits + 1> band_start_{};
  std::array<std::array<std::uint8_t, (1u << kRowBits)>, kRowBits + 1> row_of_{};  // per size: rows by colex rank
  std::array<std::uint8_t, 1u << kRowBits> row_rank_{};
  std::array<std::uint32_t, kRowBits + 1> row_sets_{};
  std::array<std::uint64_t, kRowBits + 1> row_reciprocal_{};  // 2^32 / row_sets_ + 1
  // Per size, symmetric or not, and middle-row size: the first orbit number.
  std::array<std::array<std::array<std::uint32_t, kRowBits + 2>, 2>, kHalfPoints + 1> start_{};
  std::array<std::uint32_t, kHalfPoints + 1> orbits_{}, symmetric_{};
  std::array<std::uint64_t, kHalfPoints + 1> sets_{};
};
static_assert(HalfBoardOrbits::kRowBits <= 8, "middle rows fit in a byte");
// member() divides orbit numbers (below C(half points, half / 2)) by C(row bits, i) with a
// 32-bit reciprocal, exact while their product stays below 2^32.
static_assert(binomial(kHalfPoints, kHalfPoints / 2) * binomial(HalfBoardOrbits::kRowBits, HalfBoardOrbits::kRowBits / 2) <
              (std::uint64_t{1} << 32));

// The tables, built once on first use (thread-safe).
const HalfBoardOrbits& half_orbits();
const FlipOrbits& column_orbits();

// The orbits of the four symmetries on the k-point sets of the board: the whole group
// of a board that is not square (a square board's eight take TableSetOrbits).
class StoneSetOrbits {
 public:
  explicit StoneSetOrbits(int k);

  int size() const noexcept { return k_; }
  // Number of orbits: rank() is a bijection from orbits onto 0..count()-1.
  std::uint64_t count() const noexcept { return count_; }

  struct Ranked {
    std::uint64_t rank;
    Symmetry to_canonical;    // maps the set to the orbit's representative, unrank(rank)
    SymmetrySet stabiliser;   // the symmetries that fix the set (and its representative)
  };
  // `set` must hold exactly size() points of the board.
  Ranked rank(PointSet set) const noexcept;
  // The same, given mirrored = mirror_left_right(set) (callers often have it).
  Ranked rank(PointSet set, PointSet mirrored) const noexcept;
  // The same, from the set's images (the interface of TableSetOrbits).
  Ranked rank(const Images& images) const noexcept {
    return rank(images[Symmetry::Identity], images[Symmetry::MirrorLeftRight]);
  }

  struct Unranked {
    PointSet set;  // the orbit's representative
    SymmetrySet stabiliser;
  };
  // `rank` must be below count().
  Unranked unrank(std::uint64_t rank) const noexcept;

  std::size_t memory_bytes() const noexcept;

 private:
  // One (a, m, c) split: a points in the left half, m in the middle column, c in the
  // mirrored right half, with a >= c (the left half holds at least as many).
  struct Split {
    std::uint64_t offset = 0, count = 0;
    // For a == c, the sub-blocks (INDEX.md): A == B, B == tA != A, and the pairs of
    // different flip orbits u < v by kind (both symmetric, symmetric and not, neither).
    std::uint64_t same = 0, mirrored = 0, pairs_ss = 0, pairs_sa = 0, pairs_aa = 0;
    std::uint8_t a = 0, m = 0, c = 0;
    // For unrank's 32-bit path: division by the element and orbit counts of the parts
    // after the first and the second part of the split's tuple ((A, M, B) for a != c,
    // (A, M) for a == c), as multiplications.
    std::array<Divider, 2> by_elements{}, by_orbits{};
  };
  template <typename U>
  Unranked unrank_as(U rank) const noexcept;

  static constexpr int kSplitStartBits = 10;
  int k_;
  std::uint64_t count_ = 0;
  std::vector<Split> splits_;                 // in rank order
  std::vector<std::uint8_t> split_start_;     // rank >> split_shift_ -> first split to try
  int split_shift_ = 0;
  std::vector<std::int16_t> split_of_;        // (a * (kRows + 1) + m) -> index in splits_, -1 if none
  const HalfBoardOrbits* half_;
  const FlipOrbits* column_;

  const Split& split(int a, int m) const noexcept { return splits_[split_of_[a * (kRows + 1) + m]]; }
};

// The table for sets of k points, 0 <= k <= kPoints, built once on first use.
const StoneSetOrbits& stone_set_orbits(int k);

}  // namespace tsivy::detail
