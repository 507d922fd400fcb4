#include "game/game.h"

#include <algorithm>

#include "game/notation.h"

namespace tsivy {

int occurrences(std::span<const Position> positions, const Position& position) {
  return static_cast<int>(std::count(positions.begin(), positions.end(), position));
}

bool would_end_by_repetition(std::span<const Position> game, const Position& next) {
  return occurrences(game, next) >= 2;
}

Move Game::play(std::string_view text) {
  if (ended_by_repetition()) throw GameOver("the game already ended by repetition");
  const Move turn = parse_turn(current(), text);
  positions_.push_back(make_move(current(), turn));
  turns_.push_back(turn);
  return turn;
}

}  // namespace tsivy
