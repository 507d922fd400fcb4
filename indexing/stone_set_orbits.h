// Dense ranking of the symmetry orbits of point sets of one size ("stone sets").
// Internal to indexing/; INDEX.md explains the scheme. The board is cut into the left
// half (columns left of the middle), the middle column, and the right half read in the
// mirror, so that a stone set is a triple (A, M, B) of two half-board sets and one
// column set, and the four symmetries act on triples as
//   identity (A, M, B), left-right (B, M, A), top-bottom (tA, tM, tB), half turn (tB, tM, tA),
// with t the row flip. Half-board sets are ranked by a table over all 2^(half points)
// subsets, and the orbits of triples are counted and ranked in closed form.
#pragma once

#include <cstdint>
#include <vector>

#include "game/geometry.h"
#include "indexing/combinatorics.h"

namespace tsivy::detail {

inline constexpr int kHalfColumns = kColumns / 2;
inline constexpr int kHalfPoints = kRows * kHalfColumns;
static_assert(kHalfPoints <= 24, "the half-board orbit table has 2^(half points) entries");
inline constexpr PointSet kLeftHalf = [] {
  PointSet s = 0;
  for (int c = 0; c < kHalfColumns; ++c) s |= column_mask(c);
  return s;
}();
inline constexpr PointSet kMiddleColumn = column_mask(kHalfColumns);

// A set of symmetries, bit g for Symmetry g. The symmetries form the Klein group, and
// with the enum's codes (identity 0, left-right 1, top-bottom 2, half turn 3) composing
// two of them is the exclusive or of their codes.
using SymmetrySet = std::uint8_t;
constexpr Symmetry compose(Symmetry g, Symmetry h) {
  return static_cast<Symmetry>(static_cast<int>(g) ^ static_cast<int>(h));
}
constexpr SymmetrySet symmetry_bit(Symmetry g) { return static_cast<SymmetrySet>(1u << static_cast<int>(g)); }
inline constexpr SymmetrySet kOnlyIdentity = symmetry_bit(Symmetry::Identity);

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
  std::uint64_t sets(int size) const noexcept { return binomial(points_, size); }
  std::size_t memory_bytes() const noexcept;

 private:
  int points_;
  std::vector<std::uint32_t> code_;  // per subset: orbit << 1 | flipped
  std::vector<std::uint32_t> reps_;
  std::vector<std::uint32_t> rep_start_, orbits_, symmetric_;
};

// The two flip-orbit tables, built once on first use (thread-safe).
const FlipOrbits& half_orbits();
const FlipOrbits& column_orbits();

// The orbits of the four symmetries on the k-point sets of the board.
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
  };
  int k_;
  std::uint64_t count_ = 0;
  std::vector<Split> splits_;                 // in rank order
  std::vector<std::int16_t> split_of_;        // (a * (kRows + 1) + m) -> index in splits_, -1 if none
  const FlipOrbits* half_;
  const FlipOrbits* column_;

  const Split& split(int a, int m) const noexcept { return splits_[split_of_[a * (kRows + 1) + m]]; }
};

// The table for sets of k points, 0 <= k <= kPoints, built once on first use.
const StoneSetOrbits& stone_set_orbits(int k);

}  // namespace tsivy::detail
