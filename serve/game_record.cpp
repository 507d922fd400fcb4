#include "serve/game_record.h"

#include <algorithm>
#include <sstream>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/repetition.h"

namespace tsivy::serve {

bool GameRecord::ends_by_repetition() const { return tsivy::ends_by_repetition(positions); }

namespace {

// The texts of a position's legal turns, for the message about a turn that is none.
std::string legal_list(const std::vector<Turn>& legal) {
  if (legal.empty()) return "none: the game is over there";
  std::string out;
  for (std::size_t i = 0; i < legal.size() && i < 12; ++i) out += (i ? ", " : "") + legal[i].notation;
  if (legal.size() > 12) out += ", ... (" + std::to_string(legal.size()) + " in all)";
  return out;
}

}  // namespace

GameRecord read_game(const Position& first, const std::optional<std::string>& moves) {
  GameRecord game;
  game.positions.push_back(first);
  std::vector<std::string> texts;
  std::istringstream words(moves.value_or(""));
  for (std::string text; words >> text;) texts.push_back(std::move(text));
  if (texts.size() > kMaxGameTurns)
    throw BadGame("moves: " + std::to_string(texts.size()) + " turns, more than " + std::to_string(kMaxGameTurns) +
                  " (send those since the last capture)");
  for (const std::string& text : texts) {
    const std::size_t number = game.turns.size() + 1;
    if (game.ends_by_repetition())
      throw BadGame("moves: turn " + std::to_string(number) + " (" + text +
                    ") comes after the game ended: its position had occurred for the third time");
    const std::vector<Turn> legal = generate_turns(game.current());
    const auto found = std::find_if(legal.begin(), legal.end(), [&](const Turn& t) { return t.notation == text; });
    if (found == legal.end())
      throw BadGame("moves: turn " + std::to_string(number) + " (\"" + text + "\") is not a legal turn of " +
                    format_position(game.current()) + "; legal: " + legal_list(legal));
    game.positions.push_back(found->result);
    game.turns.push_back(found->notation);
  }
  return game;
}

}  // namespace tsivy::serve
