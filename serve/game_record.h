// A game as the explorer sends it: its first position (a FEN) and the turns played from
// there, in notation, separated by spaces (`moves`, as in docs/engine.md's `position
// fen F moves T ...`). Replayed here into game/game.h's record, every turn checked
// against the rules, so that the server, not the page, decides what was played and
// whether the game has ended by repetition.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "game/game.h"

namespace tsivy::serve {

// Raised for a `moves` text that is no game from its first position: a turn that is
// not legal there, or a turn after the game ended. The message says which turn and why.
class BadGame : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The most turns one request may carry, checked before any is replayed. The page sends
// only the turns since the last capture (no position before a capture can occur again:
// captures are for good); 1000 paika turns fit the request line's 8 KiB
// (guarded_server.h).
inline constexpr std::size_t kMaxGameTurns = 1000;

// Replays `moves` (nullopt or empty: none) from `first`. Throws BadGame.
Game read_game(const Position& first, const std::optional<std::string>& moves);

}  // namespace tsivy::serve
