// The solver's tables of the whole game of this build's board, generated once per test
// process (every class up to the start's material, the value files with them) into a
// scratch directory that is removed when the process ends. Only for the boards the
// tests solve whole (kWholeBoardTestPoints).
#pragma once

#include <filesystem>

#include "game/geometry.h"

namespace tsivy::testing {

// The whole game fits a test's time and memory up to 15 points: 3x3, 3x5, 5x3.
inline constexpr int kWholeBoardTestPoints = 15;
inline constexpr bool kWholeBoardTested = kPoints <= kWholeBoardTestPoints;

// The directory of the tables, generated on first call (2 threads). Throws what
// generation throws.
const std::filesystem::path& solved_board_tables();

}  // namespace tsivy::testing
