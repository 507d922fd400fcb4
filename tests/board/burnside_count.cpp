#include "burnside_count.h"

namespace tsivy::test {

std::vector<int> cycle_lengths(Symmetry g) {
  std::vector<int> lengths;
  PointSet seen = 0;
  for (Point p = 0; p < kPoints; ++p) {
    if (seen & bit(p)) continue;
    int length = 0;
    for (PointSet q = bit(p); !(seen & q); q = apply(g, q)) {
      seen |= q;
      ++length;
    }
    lengths.push_back(length);
  }
  return lengths;
}

namespace {

// Polynomial in x and y with coefficients indexed [x degree][y degree], up to kPoints.
// Coefficients of high degree on 5x9 pass 2^64 and wrap; those of the indexed classes
// (and of point sets) stay exact, since a coefficient only adds lower ones.
using Polynomial = std::vector<std::vector<std::uint64_t>>;

// The product over g's cycles of (1 + x^len + y^len): the coefficient of x^m y^n
// counts the positions (m stones to move, n opposing) that g fixes.
Polynomial fixed_positions(Symmetry g) {
  Polynomial p(kPoints + 1, std::vector<std::uint64_t>(kPoints + 1, 0));
  p[0][0] = 1;
  for (const int len : cycle_lengths(g)) {
    Polynomial next = p;  // the cycle empty
    for (int i = 0; i <= kPoints; ++i)
      for (int j = 0; i + j <= kPoints; ++j) {
        if (p[i][j] == 0) continue;
        if (i + len <= kPoints) next[i + len][j] += p[i][j];
        if (j + len <= kPoints) next[i][j + len] += p[i][j];
      }
    p = std::move(next);
  }
  return p;
}

const std::vector<Polynomial>& fixed_position_counts() {
  static const std::vector<Polynomial> counts = [] {
    std::vector<Polynomial> c;
    for (Symmetry g : kAllSymmetries) c.push_back(fixed_positions(g));
    return c;
  }();
  return counts;
}

}  // namespace

std::uint64_t burnside_set_orbits(int k) { return burnside_position_orbits(k, 0); }

std::uint64_t burnside_position_orbits(int m, int n) {
  std::uint64_t total = 0;
  for (const Polynomial& p : fixed_position_counts()) total += p[m][n];
  return total / kSymmetries;
}

}  // namespace tsivy::test
