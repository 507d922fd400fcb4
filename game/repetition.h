// The repetition rule (rules.md, "End of the game"): a position that occurs for the
// third time ends the game in a draw. Written once here; the engine, the server and
// the explorer (which asks the server) all use it.
#pragma once

#include <span>

#include "game/position.h"

namespace tsivy {

// How often `position` (stones and side to move) occurs in `game`, oldest first.
int occurrences(std::span<const Position> game, const Position& position);

// Whether the game, oldest position first, has just ended by repetition: its last
// position occurs in it for the third time.
bool ends_by_repetition(std::span<const Position> game);

}  // namespace tsivy
