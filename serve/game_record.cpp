#include "serve/game_record.h"

#include <sstream>
#include <vector>

#include "game/notation.h"

namespace tsivy::serve {

Game read_game(const Position& first, const std::optional<std::string>& moves) {
  Game game(first);
  std::vector<std::string> texts;
  std::istringstream words(moves.value_or(""));
  for (std::string text; words >> text;) texts.push_back(std::move(text));
  if (texts.size() > kMaxGameTurns)
    throw BadGame("moves: " + std::to_string(texts.size()) + " turns, more than " + std::to_string(kMaxGameTurns) +
                  " (send those since the last capture)");
  for (const std::string& text : texts) {
    const std::string which = "moves: turn " + std::to_string(game.turns().size() + 1);
    try {
      game.play(text);
    } catch (const GameOver&) {
      throw BadGame(which + " (" + printable(text) +
                    ") comes after the game ended: its position had occurred for the third time");
    } catch (const InvalidTurn& e) {
      throw BadGame(which + ": " + e.what());
    }
  }
  return game;
}

}  // namespace tsivy::serve
