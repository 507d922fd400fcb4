// The orbit ranking of this board's k-point sets (material_index.h, detail::OrbitRanking):
// the closed form of stone_set_orbits.h, or the table of table_set_orbits.h on a square
// board. Internal to indexing/ (and its tests).
#pragma once

#include <type_traits>

#include "indexing/material_index.h"
#include "indexing/stone_set_orbits.h"
#include "indexing/table_set_orbits.h"

namespace tsivy::detail {

// A template only so that the branch not taken is not compiled for this board.
template <typename Ranking = OrbitRanking>
const Ranking& orbit_ranking(int k) {
  if constexpr (std::is_same_v<Ranking, TableSetOrbits>)
    return table_set_orbits(k);
  else
    return stone_set_orbits(k);
}

}  // namespace tsivy::detail
