#include "tests/game/test_support.h"

#include <algorithm>
#include <sstream>

namespace tsivy::test {
namespace {

std::uint64_t random_bit(Rng& rng, std::uint64_t taken) {
  std::uniform_int_distribution<int> point(0, kPoints - 1);
  for (;;) {
    const std::uint64_t b = std::uint64_t{1} << point(rng);
    if (!(taken & b)) return b;
  }
}

bool pair_less(const std::pair<std::string, Position>& a, const std::pair<std::string, Position>& b) {
  if (a.first != b.first) return a.first < b.first;
  return reference::less(a.second, b.second);
}

}  // namespace

Position random_position(Rng& rng, int us, int them, Colour to_move) {
  Position p;
  p.to_move = to_move;
  for (int i = 0; i < us; ++i) p.us |= random_bit(rng, p.us | p.them);
  for (int i = 0; i < them; ++i) p.them |= random_bit(rng, p.us | p.them);
  return p;
}

Position random_position(Rng& rng) {
  const int max_side = (kPoints - 1) / 2;
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int kind = uniform(0, 9);
  int us = 0, them = 0;
  if (kind < 4) {  // balanced-ish, any size
    us = uniform(1, max_side);
    them = uniform(1, max_side);
  } else if (kind < 7) {  // endgames
    us = uniform(1, 4);
    them = uniform(1, 4);
  } else {  // lopsided
    const int few = uniform(1, 3), many = uniform(10, max_side);
    if (uniform(0, 1)) {
      us = few;
      them = many;
    } else {
      us = many;
      them = few;
    }
  }
  return random_position(rng, us, them, uniform(0, 1) ? Colour::White : Colour::Black);
}

std::vector<Position> playout_positions(Rng& rng, int games, int max_plies) {
  const Position start = reference::parse("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w");
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position p = start;
    for (int ply = 0; ply < max_plies; ++ply) {
      const std::vector<reference::RefTurn> ts = reference::turns(p);
      if (ts.empty()) break;
      p = ts[std::uniform_int_distribution<std::size_t>(0, ts.size() - 1)(rng)].result;
      out.push_back(p);
    }
  }
  return out;
}

TurnList sorted_turns(const std::vector<Turn>& turns) {
  TurnList out;
  for (const Turn& t : turns) out.emplace_back(t.notation, t.result);
  std::sort(out.begin(), out.end(), pair_less);
  return out;
}

TurnList sorted_turns(const std::vector<reference::RefTurn>& turns) {
  TurnList out;
  for (const reference::RefTurn& t : turns) out.emplace_back(t.notation, t.result);
  std::sort(out.begin(), out.end(), pair_less);
  return out;
}

std::multiset<std::string> notations(const std::vector<Turn>& turns) {
  std::multiset<std::string> out;
  for (const Turn& t : turns) out.insert(t.notation);
  return out;
}

std::multiset<std::string> notations(const std::vector<reference::RefTurn>& turns) {
  std::multiset<std::string> out;
  for (const reference::RefTurn& t : turns) out.insert(t.notation);
  return out;
}

std::string describe(const TurnList& turns) {
  std::ostringstream s;
  for (const auto& [text, result] : turns) s << "  " << text << " -> " << show(result) << "\n";
  if (turns.empty()) s << "  (no turns)\n";
  return s.str();
}

}  // namespace tsivy::test
