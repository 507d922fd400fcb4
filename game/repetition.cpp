#include "game/repetition.h"

#include <algorithm>

namespace tsivy {

int occurrences(std::span<const Position> game, const Position& position) {
  return static_cast<int>(std::count(game.begin(), game.end(), position));
}

bool ends_by_repetition(std::span<const Position> game) { return !game.empty() && occurrences(game, game.back()) >= 3; }

}  // namespace tsivy
