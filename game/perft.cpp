#include "game/perft.h"

#include <unordered_map>

#include "game/movegen.h"

namespace tsivy {

std::vector<PerftLevel> perft(const Position& root, int depth) {
  // Breadth first, each distinct position carrying the number of turn sequences that
  // reach it: turns(d) is then a sum over distinct positions rather than over paths.
  std::unordered_map<Position, std::uint64_t, PositionHash> level{{root, 1}}, next;
  std::vector<PerftLevel> levels;
  std::vector<Position> results;
  for (int d = 1; d <= depth; ++d) {
    next.clear();
    std::uint64_t turns = 0;
    for (const auto& [position, paths] : level) {
      all_turn_results(position, results);
      turns += paths * results.size();
      for (const Position& child : results) next[child] += paths;
    }
    levels.push_back({d, turns, next.size()});
    level.swap(next);
  }
  return levels;
}

}  // namespace tsivy
