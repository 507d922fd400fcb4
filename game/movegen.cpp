#include "game/movegen.h"

#include <algorithm>

#include "game/capture_masks.h"
#include "game/notation.h"
#include "game/turn_generator.h"

namespace tsivy {

bool has_capture(PointSet us, PointSet them) { return capture_origins(us, them) != 0; }

bool has_paika(const Position& p) {
  PointSet reachable = 0;
  for_each_direction([&]<Direction D>() { reachable |= shift<D>(p.us); });
  return (reachable & p.empty()) != 0;
}

void generate_moves(const Position& position, MoveList& out) {
  out.clear();
  MoveSink sink(out);
  generate(sink, position);
}

std::vector<Turn> generate_turns(const Position& position) {
  MoveList moves;
  generate_moves(position, moves);
  std::vector<Turn> turns;
  turns.reserve(moves.size());
  for (const Move& m : moves) turns.push_back({turn_text(m), make_move(position, m)});
  return turns;
}

void all_turn_results(const Position& position, std::vector<Position>& out) {
  out.clear();
  PositionSink sink(out);
  generate(sink, position);
}

void successors(const Position& position, std::vector<Position>& out) {
  all_turn_results(position, out);
  // Different capture sequences often end in the same position; paika results never repeat.
  if (out.size() > 1 && has_capture(position)) {
    const auto key = [](const Position& p) { return std::pair{p.us, p.them}; };
    std::sort(out.begin(), out.end(), [&](const Position& a, const Position& b) { return key(a) < key(b); });
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
}

}  // namespace tsivy
