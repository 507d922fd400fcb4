// One game between two engines from the start, for the programs that learn from games
// (bench/selfplay, bench/spsa_tune; docs/engine.md, "Evaluation"). It opens with 1 to
// `random_turns` uniformly random turns drawn from `rng` (so two games given equal
// generators open alike), then each side's engine searches its turns to a node limit.
// The game ends when a side has no turn (it lost), by repetition (a draw), at the turn
// limit (a draw), or as soon as the tables cover its position (their value, which the
// engines would then play out).
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "game/game.h"
#include "game/movegen.h"
#include "lookup/table_lookup.h"
#include "search/engine.h"

namespace tsivy::search {

struct SelfPlayRules {
  std::uint64_t nodes = 10000;  // each searched turn
  int random_turns = 6;
  int max_turns = 200;
  const TableLookup* tables = nullptr;  // with max_stones, the classes it covers whole
  int max_stones = 0;
};

struct SelfPlayResult {
  Colour winner{};
  bool drawn = true;
  int turns = 0;
};

// `on_quiet(position)` is called for each position a search scored whose side to move has
// no capture (a position the evaluation scores). White's engine may be Black's.
template <class OnQuiet>
SelfPlayResult play_self_play_game(Engine& white, Engine& black, const SelfPlayRules& rules, std::mt19937_64& rng,
                                   OnQuiet&& on_quiet) {
  const int random_turns = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(rules.random_turns));
  white.new_game();
  black.new_game();
  std::vector<Position> game{start_position()};
  SelfPlayResult result;
  MoveList moves;
  for (;;) {
    const Position& p = game.back();
    if (rules.tables && count(p.us) + count(p.them) <= rules.max_stones) {
      const Outcome outcome = rules.tables->value(p.us, p.them, Access::wdl_only).outcome;
      result.drawn = outcome == Outcome::draw;
      result.winner = outcome == Outcome::win ? p.to_move : other(p.to_move);
      return result;
    }
    generate_moves(p, moves);
    if (moves.empty()) {
      result.drawn = false;
      result.winner = other(p.to_move);
      return result;
    }
    if (result.turns >= rules.max_turns) return result;
    Move m = moves[0];
    if (result.turns < random_turns) {
      m = moves[rng() % moves.size()];
    } else {
      if (!has_capture(p)) on_quiet(p);
      Limits limits;
      limits.nodes = rules.nodes;
      Engine& engine = p.to_move == Colour::White ? white : black;
      m = *engine.search(p, std::span(game).first(game.size() - 1), limits).best;
    }
    const Position next = make_move(p, m);
    ++result.turns;
    if (would_end_by_repetition(game, next)) return result;
    game.push_back(next);
  }
}

}  // namespace tsivy::search
