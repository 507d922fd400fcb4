// Perft: turn sequences and distinct positions per depth (a move generator check).
#pragma once

#include <cstdint>
#include <vector>

#include "game/position.h"

namespace tsivy {

struct PerftLevel {
  int depth = 0;
  std::uint64_t turns = 0;      // turn sequences of exactly this length from the root
  std::uint64_t positions = 0;  // distinct positions reached after exactly this many turns
};

// Levels 1..depth. A position whose side to move has no stones or no turn has no children.
// Runs on `threads` threads (0: every core); the counts do not depend on it.
std::vector<PerftLevel> perft(const Position& root, int depth, unsigned threads = 0);

}  // namespace tsivy
