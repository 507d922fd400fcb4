// The fast generator of game/ against the reference of tests/game/ on one position.
#pragma once

#include "game/position.h"

namespace tsivy::board_test {

// A loop over many positions stops after this many disagreements: enough to see a pattern.
inline constexpr int kMaxReportedFailures = 5;

// Compares the turns (notation and result), successors, has_capture and the paika
// un-moves of `p`. Returns true when everything agrees; otherwise adds one GoogleTest
// failure that shows the position and what differs.
bool generators_agree(const Position& p);

}  // namespace tsivy::board_test
