#include "index_test_support.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace tsivy::test {

bool full_run() {
  const char* v = std::getenv("TSIVY_INDEX_TESTS_FULL");
  return v != nullptr && std::string(v) == "1";
}

std::uint64_t choose(int x, int i) {
  if (i < 0 || x < 0 || i > x) return 0;
  std::uint64_t r = 1;
  for (int j = 1; j <= i; ++j) r = r * static_cast<std::uint64_t>(x - i + j) / static_cast<std::uint64_t>(j);
  return r;
}

namespace {

// Fixed points and 2-cycles of a symmetry (every one is an involution).
std::pair<int, int> cycle_type(Symmetry g) {
  int fixed = 0;
  for (Point p = 0; p < kPoints; ++p)
    if (apply(g, bit(p)) == bit(p)) ++fixed;
  return {fixed, (kPoints - fixed) / 2};
}

// Sets of k points fixed by an involution with f fixed points and c 2-cycles.
std::uint64_t fixed_sets(int f, int c, int k) {
  std::uint64_t total = 0;
  for (int pairs = 0; 2 * pairs <= k; ++pairs) total += choose(c, pairs) * choose(f, k - 2 * pairs);
  return total;
}

}  // namespace

std::uint64_t burnside_set_orbits(int k) {
  std::uint64_t total = 0;
  for (Symmetry g : kAllSymmetries) {
    const auto [f, c] = cycle_type(g);
    total += fixed_sets(f, c, k);
  }
  return total / kSymmetries;
}

std::uint64_t burnside_position_orbits(int m, int n) {
  std::uint64_t total = 0;
  for (Symmetry g : kAllSymmetries) {
    const auto [f, c] = cycle_type(g);
    // us takes i fixed points and x cycles, them j fixed points and y cycles of the rest.
    for (int x = 0; 2 * x <= m; ++x)
      for (int y = 0; 2 * y <= n; ++y) {
        const int i = m - 2 * x, j = n - 2 * y;
        total += choose(f, i) * choose(c, x) * choose(f - i, j) * choose(c - x, y);
      }
  }
  return total / kSymmetries;
}

std::array<Pair, kSymmetries> images(PointSet us, PointSet them) {
  std::array<Pair, kSymmetries> out{};
  for (int i = 0; i < kSymmetries; ++i) out[i] = {apply(kAllSymmetries[i], us), apply(kAllSymmetries[i], them)};
  return out;
}

Pair least_image(PointSet us, PointSet them) {
  const auto all = images(us, them);
  return *std::min_element(all.begin(), all.end());
}

bool is_image(Pair candidate, PointSet us, PointSet them) {
  const auto all = images(us, them);
  return std::find(all.begin(), all.end(), candidate) != all.end();
}

namespace {
void subsets_from(const std::vector<Point>& points, std::size_t from, int left, PointSet chosen,
                  const std::function<void(PointSet)>& f) {
  if (left == 0) {
    f(chosen);
    return;
  }
  for (std::size_t i = from; i + static_cast<std::size_t>(left) <= points.size(); ++i)
    subsets_from(points, i + 1, left - 1, chosen | bit(points[i]), f);
}
}  // namespace

void for_each_subset(PointSet universe, int size, const std::function<void(PointSet)>& f) {
  std::vector<Point> points;
  for (PointSet s = universe; s;) points.push_back(pop_first(s));
  subsets_from(points, 0, size, 0, f);
}

PointSet random_set(std::mt19937_64& rng, int size, PointSet exclude) {
  std::uniform_int_distribution<int> point(0, kPoints - 1);
  PointSet s = 0;
  while (count(s) < size) {
    const PointSet b = bit(point(rng));
    if (!(b & exclude)) s |= b;
  }
  return s;
}

}  // namespace tsivy::test
