// Symmetry classes counted by Burnside's lemma from the cycles of each symmetry as a
// permutation of the points, for the index tests of every board. Independent of
// indexing/: only geometry.h's apply() defines the symmetries. The quarter turns of a
// square board have cycles of four points, so the count takes cycles of any length.
#pragma once

#include <cstdint>
#include <vector>

#include "game/geometry.h"

namespace tsivy::test {

// The lengths of the cycles of g acting on the board's points.
std::vector<int> cycle_lengths(Symmetry g);

// Symmetry classes of k-point sets: the mean over the group of the sets each symmetry
// fixes (a fixed set is a union of whole cycles).
std::uint64_t burnside_set_orbits(int k);

// Symmetry classes of positions with m stones to move and n opposing (each cycle is
// empty, all us or all them).
std::uint64_t burnside_position_orbits(int m, int n);

}  // namespace tsivy::test
