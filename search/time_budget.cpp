#include "search/time_budget.h"

#include <algorithm>

namespace tsivy::search {

std::chrono::milliseconds time_for_turn(const TurnClock& clock) {
  using std::chrono::milliseconds;
  const milliseconds left = std::max(clock.left, milliseconds(0));
  // What answering costs beyond the search (the bestmove line, the front end's reading
  // it): kept back from the clock.
  const milliseconds margin = std::min(milliseconds(50), left / 10);
  const milliseconds usable = left - margin;
  const int turns = clock.turns_to_go > 0 ? clock.turns_to_go : kAssumedTurnsToGo;
  milliseconds budget = usable / turns + std::max(clock.increment, milliseconds(0)) * 3 / 4;
  budget = std::min(budget, turns == 1 ? usable : usable / 2);
  return std::max(budget, milliseconds(1));
}

}  // namespace tsivy::search
