// A game: its first position and the turns played from it, each checked legal, with the
// position after each turn; and the repetition rule (rules.md, "End of the game": a
// position that occurs for the third time ends the game in a draw), written once here.
// The one game record: the engine's protocol and the server replay games with it, the
// tables' root choice asks its rule, and the searches see a game's history through
// game/search_path.h.
#pragma once

#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "game/move.h"
#include "game/position.h"

namespace tsivy {

// How often `position` (stones and side to move) occurs in `positions`.
int occurrences(std::span<const Position> positions, const Position& position);

// The rule: whether reaching `next` after `game` (oldest position first) ends the game
// by repetition, `next` occurring there for the third time.
bool would_end_by_repetition(std::span<const Position> game, const Position& next);

// Raised for a turn played after the game ended by repetition.
class GameOver : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Game {
 public:
  explicit Game(const Position& start) : positions_{start} {}

  // Plays the legal turn `text` names (notation.md) and returns it. Throws InvalidTurn
  // (game/notation.h) for a text that names no legal turn of the current position, and
  // GameOver once the game has ended by repetition. Nothing changes when it throws.
  Move play(std::string_view text);

  const Position& start() const { return positions_.front(); }
  const Position& current() const { return positions_.back(); }
  // The first position, then the one after each turn.
  std::span<const Position> positions() const { return positions_; }
  std::span<const Move> turns() const { return turns_; }
  // The game before the current position, oldest first: what a search of the current
  // position must know to see repetitions.
  std::span<const Position> history() const { return std::span(positions_).first(positions_.size() - 1); }

  // Whether the current position occurs for the third time: the game is over, drawn.
  bool ended_by_repetition() const { return would_end_by_repetition(history(), current()); }

 private:
  std::vector<Position> positions_;
  std::vector<Move> turns_;
};

}  // namespace tsivy
