// Time management for a game on a clock (`go wtime W btime B [winc I binc J]
// [movestogo M]`, docs/engine.md): how long the side to move searches this turn.
#pragma once

#include <chrono>

namespace tsivy::search {

// The side to move's clock: the time it has left, what each turn adds, and how many
// turns it must make before the clock is reset (0: the rest of the game).
struct TurnClock {
  std::chrono::milliseconds left{0};
  std::chrono::milliseconds increment{0};
  int turns_to_go = 0;
};

// The turns a game is assumed still to need of the side to move when the clock does not
// say (sudden death): Fanorona sheds stones fast and most games are decided within
// 25 turns a side of the start, and a budget of a 25th of what is left keeps a reserve
// for a long endgame.
inline constexpr int kAssumedTurnsToGo = 25;

// The search time for this turn: an even share of the time left over the turns to go,
// plus three quarters of the increment; never more than half of what is left (all of
// it less a margin when this is the last turn before the reset), so that a slow turn
// cannot lose on time; at least 1 ms.
std::chrono::milliseconds time_for_turn(const TurnClock& clock);

}  // namespace tsivy::search
