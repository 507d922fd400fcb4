// Which classes captures reach: a fact about material alone. A side to move with a
// stones that captures k of the opponent's b leaves the opponent to move with b - k
// stones against a: class (b - k)v a. The lookup's capture searches end there, the
// solver's seeding reads them, the probe library answers a class only when they are
// there, and `verify` and `stats` hold them in memory.
#pragma once

#include <vector>

#include "indexing/material_index.h"

namespace tsivy {

// The classes one capture from `material` can land in, every k from 1 to them - 1 (a
// capture may stop after any of its steps; k = them leaves a side without stones, which
// needs no table), k = 1 first.
std::vector<Material> capture_targets(Material material);

// The classes that captures from the pair of `material` (it and its mirror) can reach,
// directly or through further captures, smallest first (by total, then by the side to
// move's stones); the pair itself is not among them. At 8 stones this is one or two
// 7-stone classes per pair, not all six (3v5+5v3 reaches 4v3 and 2v5).
std::vector<Material> pair_captures_reach(Material material);

}  // namespace tsivy
