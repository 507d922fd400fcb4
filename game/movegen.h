// Full-turn generation (rules.md, "Moves") and the fast queries the solver needs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/move.h"
#include "game/position.h"
#include "game/turn_generator.h"

namespace tsivy {

struct Turn {
  std::string notation;  // e.g. "d2-e3A-e4W" (notation.md)
  Position result;       // the position after the turn, the other side to move
};

// Does the side to move have a capturing step anywhere? (Decides paika legality.)
bool has_capture(PointSet us, PointSet them);
inline bool has_capture(const Position& p) { return has_capture(p.us, p.them); }

// Does any stone of the side to move have an empty neighbour along a line? Without a
// capture, this decides whether the side to move has any turn at all.
bool has_paika(const Position& position);

// Every legal turn, captures with every stopping point, or paika steps when no capture
// exists. A side with no stones or no legal turn gets an empty list.
std::vector<Turn> generate_turns(const Position& position);

// The same turns in the same order, compact (game/move.h), into `out` (cleared first).
void generate_moves(const Position& position, MoveList& out);

// The distinct positions reachable by one turn, appended to `out` (which is cleared).
// Same turns as generate_turns without building strings.
void successors(const Position& position, std::vector<Position>& out);

// The result of every legal turn, one entry per turn (so repeated when different turns
// reach the same position), appended to `out` (which is cleared). Perft counts with it.
void all_turn_results(const Position& position, std::vector<Position>& out);

// Calls visit(from, to, result) for every paika step of the side to move (the turn
// generator's, game/turn_generator.h). Looks for no capture, so these are the legal
// turns only where there is none: the generators use it after looking, the solver for
// positions it knows to be quiet. Inline, as the solver counts successors with it in
// its innermost loop.
template <class Visit>
void for_each_paika_step(const Position& p, Visit&& visit) {
  for_each_paika(p, [&](Point from, Point to, Direction, const Position& result) { visit(from, to, result); });
}

// Paika un-moves: every position from which the opponent of the side to move reached
// `position` by one paika step, keeping only those where that paika was legal (no
// capture available there). Appended to `out` (which is cleared); all distinct.
void paika_unmoves(const Position& position, std::vector<Position>& out);

}  // namespace tsivy
