// Independent helpers for the index tests: counting by Burnside's lemma, enumerating
// and sampling positions, and the symmetric images of a position. Nothing here uses
// the index's own code, so the tests compare two separate computations.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "game/geometry.h"

namespace tsivy::test {

// Test sizes: the quick build (Debug, sanitisers) runs fewer positions.
#if defined(TSIVY_INDEX_TESTS_QUICK)
inline constexpr bool kQuick = true;
#else
inline constexpr bool kQuick = false;
#endif

// Whether TSIVY_INDEX_TESTS_FULL=1 asks for every 6..10-stone class at full size.
bool full_run();

std::uint64_t choose(int x, int i);

// Number of symmetry classes of k-point sets, and of positions of class (m, n), by
// Burnside's lemma over the four symmetries' fixed points and 2-cycles.
std::uint64_t burnside_set_orbits(int k);
std::uint64_t burnside_position_orbits(int m, int n);

using Pair = std::pair<PointSet, PointSet>;
std::array<Pair, kSymmetries> images(PointSet us, PointSet them);
// The least image in (us, them) lexicographic order: one per symmetry class.
Pair least_image(PointSet us, PointSet them);
bool is_image(Pair candidate, PointSet us, PointSet them);

// Calls f(set) for every set of `size` points chosen from `universe`.
void for_each_subset(PointSet universe, int size, const std::function<void(PointSet)>& f);

PointSet random_set(std::mt19937_64& rng, int size, PointSet exclude = 0);

}  // namespace tsivy::test
