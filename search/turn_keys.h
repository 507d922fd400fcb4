// How a turn changes a position's Zobrist key (game/zobrist.h): shared by the engine
// and the prover, so that both key positions the same way.
#pragma once

#include <cstdint>

#include "game/move.h"
#include "game/zobrist.h"

namespace tsivy::search {

// The stone of `mover` leaves `from` and lands on `to`, the captured stones of the
// other colour leave, and the other side is to move.
inline std::uint64_t key_change(const Move& m, Colour mover) {
  return stones_key(mover, bit(m.from) ^ bit(m.to)) ^ stones_key(other(mover), m.captured) ^ kBlackToMoveKey;
}

}  // namespace tsivy::search
