// Shared helpers for the game/ tests: seeded random positions, playouts, and
// comparisons of turn lists that print the position in notation when they fail.
#pragma once

#include <cstdint>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/movegen.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"

namespace tsivy::test {

using Rng = std::mt19937_64;

#ifdef TSIVY_SANITIZE_BUILD
inline constexpr bool kSanitizeBuild = true;
#else
inline constexpr bool kSanitizeBuild = false;
#endif

// An iteration count, divided by `divisor` in sanitizer builds (at least 1).
constexpr long scaled(long count, long divisor = 5) {
  return kSanitizeBuild ? (count / divisor > 0 ? count / divisor : 1) : count;
}

// `us` and `them` stones on distinct random points.
Position random_position(Rng& rng, int us, int them, Colour to_move);

// A random position of a random size: balanced (1..22 each), small, or lopsided.
Position random_position(Rng& rng);

// Positions met in `games` random games from the start (random turns, reference
// generator), each game at most `max_plies` long; the start itself is not included.
std::vector<Position> playout_positions(Rng& rng, int games, int max_plies);

// The position in notation (reference writer), for failure messages.
inline std::string show(const Position& p) { return reference::format(p); }

// (notation, result) pairs, sorted, from either generator.
using TurnList = std::vector<std::pair<std::string, Position>>;
TurnList sorted_turns(const std::vector<Turn>& turns);
TurnList sorted_turns(const std::vector<reference::RefTurn>& turns);

std::multiset<std::string> notations(const std::vector<Turn>& turns);
std::multiset<std::string> notations(const std::vector<reference::RefTurn>& turns);

// A readable dump of a turn list (notation -> resulting position).
std::string describe(const TurnList& turns);

}  // namespace tsivy::test

namespace tsivy {
// GoogleTest prints positions in notation.
inline void PrintTo(const Position& p, std::ostream* os) { *os << reference::format(p); }
}  // namespace tsivy
