#include "tests/game/reference_generator.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <unordered_set>

namespace tsivy::reference {
namespace {

// Cell contents, from the point of view of the side to move.
enum Cell : signed char { kEmpty = 0, kMine = 1, kEnemy = 2 };

struct Grid {
  std::array<std::array<Cell, kRows>, kColumns> cell{};
  Colour to_move = Colour::White;

  Cell at(int c, int r) const { return cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)]; }
  void set(int c, int r, Cell v) { cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)] = v; }
};

struct Step {
  int dc;
  int dr;
};
// Orthogonal first, then the diagonals.
constexpr std::array<Step, 8> kSteps = {{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};

bool on_board(int c, int r) { return c >= 0 && c < kColumns && r >= 0 && r < kRows; }

// Is there a line from (c, r) one step along (dc, dr)? Orthogonal lines join all
// neighbours; diagonal lines leave strong points only.
bool line_from(int c, int r, int dc, int dr) {
  if (!on_board(c, r) || !on_board(c + dc, r + dr)) return false;
  const bool diagonal = dc != 0 && dr != 0;
  return !diagonal || is_strong_point(c, r);
}

// Bit of (column, row) in a point set, per docs/notation.md: p = row * columns + column.
std::uint64_t bit_of(int c, int r) { return std::uint64_t{1} << (r * kColumns + c); }

Grid to_grid(const Position& p) {
  Grid g;
  g.to_move = p.to_move;
  for (int c = 0; c < kColumns; ++c)
    for (int r = 0; r < kRows; ++r) {
      if (p.us & bit_of(c, r)) g.set(c, r, kMine);
      if (p.them & bit_of(c, r)) g.set(c, r, kEnemy);
    }
  return g;
}

// The position after the mover's turn: the opponent to move.
Position after_turn(const Grid& g) {
  Position p;
  for (int c = 0; c < kColumns; ++c)
    for (int r = 0; r < kRows; ++r) {
      if (g.at(c, r) == kEnemy) p.us |= bit_of(c, r);
      if (g.at(c, r) == kMine) p.them |= bit_of(c, r);
    }
  p.to_move = g.to_move == Colour::White ? Colour::Black : Colour::White;
  return p;
}

// Removes the enemy stones starting at (c, r) and continuing along (dc, dr) while the
// line goes on and holds enemy stones. Returns how many were removed.
int remove_line(Grid& g, int c, int r, int dc, int dr) {
  int removed = 0;
  while (on_board(c, r) && g.at(c, r) == kEnemy) {
    g.set(c, r, kEmpty);
    ++removed;
    if (!line_from(c, r, dc, dr)) break;
    c += dc;
    r += dr;
  }
  return removed;
}

// Can the stone at (c, r) step along (dc, dr) to an empty point and capture by
// approach (the point beyond the target) or withdrawal (the point behind the stone)?
bool approach_possible(const Grid& g, int c, int r, int dc, int dr) {
  if (!line_from(c, r, dc, dr) || g.at(c + dc, r + dr) != kEmpty) return false;
  const int tc = c + dc, tr = r + dr;
  return line_from(tc, tr, dc, dr) && g.at(tc + dc, tr + dr) == kEnemy;
}
bool withdrawal_possible(const Grid& g, int c, int r, int dc, int dr) {
  if (!line_from(c, r, dc, dr) || g.at(c + dc, r + dr) != kEmpty) return false;
  return line_from(c, r, -dc, -dr) && g.at(c - dc, r - dr) == kEnemy;
}

bool grid_has_capture(const Grid& g) {
  for (int c = 0; c < kColumns; ++c)
    for (int r = 0; r < kRows; ++r) {
      if (g.at(c, r) != kMine) continue;
      for (const Step& s : kSteps)
        if (approach_possible(g, c, r, s.dc, s.dr) || withdrawal_possible(g, c, r, s.dc, s.dr)) return true;
    }
  return false;
}

struct Coord {
  int c;
  int r;
};

// Extends a capture sequence of the stone now at (c, r). `visited` holds every point
// the stone has occupied this turn (the start included); `last` is the index of the
// previous step's direction in kSteps, or -1 before the first step.
void extend(const Grid& g, int c, int r, int last, std::vector<Coord>& visited, const std::string& notation,
            std::vector<RefTurn>& out) {
  for (int k = 0; k < static_cast<int>(kSteps.size()); ++k) {
    if (k == last) continue;  // no repeated direction
    const int dc = kSteps[static_cast<std::size_t>(k)].dc, dr = kSteps[static_cast<std::size_t>(k)].dr;
    if (!line_from(c, r, dc, dr)) continue;
    const int tc = c + dc, tr = r + dr;
    if (g.at(tc, tr) != kEmpty) continue;
    const bool seen = std::any_of(visited.begin(), visited.end(), [&](const Coord& v) { return v.c == tc && v.r == tr; });
    if (seen) continue;  // no revisiting
    for (const char kind : {'A', 'W'}) {
      const bool ok = kind == 'A' ? approach_possible(g, c, r, dc, dr) : withdrawal_possible(g, c, r, dc, dr);
      if (!ok) continue;
      Grid next = g;
      next.set(c, r, kEmpty);
      next.set(tc, tr, kMine);
      const int removed = kind == 'A' ? remove_line(next, tc + dc, tr + dr, dc, dr)
                                      : remove_line(next, c - dc, r - dr, -dc, -dr);
      if (removed == 0) throw std::logic_error("reference: capture removed nothing");
      const std::string text = notation + "-" + point_name(tc, tr) + kind;
      out.push_back({text, after_turn(next)});
      visited.push_back({tc, tr});
      extend(next, tc, tr, k, visited, text, out);
      visited.pop_back();
    }
  }
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93ull;
  x ^= x >> 32;
  return x;
}
struct RefHash {
  std::size_t operator()(const Position& p) const noexcept {
    return static_cast<std::size_t>(mix(p.us * 3 + 1) ^ mix(p.them + 0x1234567ull) ^ static_cast<std::uint64_t>(p.to_move));
  }
};

}  // namespace

std::string point_name(int column, int row) {
  std::string s;
  s += static_cast<char>('a' + column);
  s += static_cast<char>('1' + row);
  return s;
}

bool is_strong_point(int column, int row) { return (column + row) % 2 == 0; }

int line_count(int column, int row) {
  int n = 0;
  for (const Step& s : kSteps) n += line_from(column, row, s.dc, s.dr) ? 1 : 0;
  return n;
}

std::vector<RefTurn> turns(const Position& position) {
  const Grid g = to_grid(position);
  std::vector<RefTurn> out;
  // docs/rules.md: the game is over once either side has no stones; nobody moves any more.
  if (position.us == 0 || position.them == 0) return out;
  if (grid_has_capture(g)) {
    for (int c = 0; c < kColumns; ++c)
      for (int r = 0; r < kRows; ++r) {
        if (g.at(c, r) != kMine) continue;
        std::vector<Coord> visited{{c, r}};
        extend(g, c, r, -1, visited, point_name(c, r), out);
      }
    return out;
  }
  for (int c = 0; c < kColumns; ++c)
    for (int r = 0; r < kRows; ++r) {
      if (g.at(c, r) != kMine) continue;
      for (const Step& s : kSteps) {
        if (!line_from(c, r, s.dc, s.dr) || g.at(c + s.dc, r + s.dr) != kEmpty) continue;
        Grid next = g;
        next.set(c, r, kEmpty);
        next.set(c + s.dc, r + s.dr, kMine);
        out.push_back({point_name(c, r) + "-" + point_name(c + s.dc, r + s.dr), after_turn(next)});
      }
    }
  return out;
}

bool has_capture(const Position& position) { return grid_has_capture(to_grid(position)); }

std::vector<Position> paika_successors(const Position& position) {
  std::vector<Position> out;
  // Qualified: game/movegen.h's has_capture, found by argument-dependent lookup, is an
  // equal match where both are visible (the board builds compile tests as one unit).
  if (reference::has_capture(position)) return out;
  for (const RefTurn& t : turns(position)) out.push_back(t.result);
  return out;
}

std::vector<Position> distinct_results(const Position& position) {
  std::vector<Position> out;
  for (const RefTurn& t : turns(position)) out.push_back(t.result);
  std::sort(out.begin(), out.end(), PositionLess{});
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<Position> paika_predecessors(const Position& position) {
  // The side that just moved is position.them; its stone now at t came from an empty
  // neighbour s along a line (a paika captures nothing, so nothing else changed).
  std::vector<Position> out;
  const Grid g = to_grid(position);
  for (int c = 0; c < kColumns; ++c)
    for (int r = 0; r < kRows; ++r) {
      if (g.at(c, r) != kEnemy) continue;
      for (const Step& s : kSteps) {
        const int sc = c - s.dc, sr = r - s.dr;
        if (!line_from(sc, sr, s.dc, s.dr) || g.at(sc, sr) != kEmpty) continue;
        Position before;
        before.us = (position.them & ~bit_of(c, r)) | bit_of(sc, sr);
        before.them = position.us;
        before.to_move = position.to_move == Colour::White ? Colour::Black : Colour::White;
        const std::vector<Position> next = paika_successors(before);
        if (std::find(next.begin(), next.end(), position) != next.end()) out.push_back(before);
      }
    }
  std::sort(out.begin(), out.end(), PositionLess{});
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<RefPerftLevel> perft(const Position& root, int depth) {
  std::vector<RefPerftLevel> levels(static_cast<std::size_t>(std::max(depth, 0)));
  std::vector<std::unordered_set<Position, RefHash>> seen(levels.size());
  // Depth-first over turn sequences; `frontier` holds the path's positions.
  struct Walker {
    std::vector<RefPerftLevel>& levels;
    std::vector<std::unordered_set<Position, RefHash>>& seen;
    void walk(const Position& p, std::size_t d) {
      if (d == levels.size()) return;
      for (const RefTurn& t : turns(p)) {
        ++levels[d].turns;
        seen[d].insert(t.result);
        walk(t.result, d + 1);
      }
    }
  } walker{levels, seen};
  walker.walk(root, 0);
  for (std::size_t i = 0; i < levels.size(); ++i) {
    levels[i].depth = static_cast<int>(i) + 1;
    levels[i].positions = seen[i].size();
  }
  return levels;
}

std::string start_text() {
  std::string middle(static_cast<std::size_t>(kColumns), '.');
  const int centre = kColumns / 2;
  for (int c = 0; c < centre; ++c) {
    const bool black = c % 2 == 0;
    middle[static_cast<std::size_t>(c)] = black ? 'B' : 'W';
    middle[static_cast<std::size_t>(kColumns - 1 - c)] = black ? 'W' : 'B';
  }
  std::string s;
  for (int r = kRows - 1; r >= 0; --r) {
    if (r > kRows / 2) s += std::string(static_cast<std::size_t>(kColumns), 'B');
    if (r < kRows / 2) s += std::string(static_cast<std::size_t>(kColumns), 'W');
    if (r == kRows / 2) s += middle.substr(0, static_cast<std::size_t>(centre)) + "1" + middle.substr(static_cast<std::size_t>(centre) + 1);
    s += r > 0 ? '/' : ' ';
  }
  return s + 'w';
}

Position parse(std::string_view text) {
  Position p;
  std::uint64_t white = 0, black = 0;
  std::size_t i = 0;
  for (int r = kRows - 1; r >= 0; --r) {
    int c = 0;
    while (c < kColumns) {
      if (i >= text.size()) throw std::runtime_error("reference parse: text ends early");
      const char ch = text[i++];
      if (ch == 'W') {
        white |= bit_of(c++, r);
      } else if (ch == 'B') {
        black |= bit_of(c++, r);
      } else if (ch >= '1' && ch <= '9') {
        c += ch - '0';
      } else {
        throw std::runtime_error("reference parse: bad character");
      }
    }
    if (c != kColumns) throw std::runtime_error("reference parse: row length");
    const char sep = r > 0 ? '/' : ' ';
    if (i >= text.size() || text[i++] != sep) throw std::runtime_error("reference parse: separator");
  }
  if (i + 1 != text.size() || (text[i] != 'w' && text[i] != 'b'))
    throw std::runtime_error("reference parse: side to move");
  p.to_move = text[i] == 'w' ? Colour::White : Colour::Black;
  p.us = p.to_move == Colour::White ? white : black;
  p.them = p.to_move == Colour::White ? black : white;
  return p;
}

std::string format(const Position& position) {
  const std::uint64_t white = position.to_move == Colour::White ? position.us : position.them;
  const std::uint64_t black = position.to_move == Colour::White ? position.them : position.us;
  std::string s;
  for (int r = kRows - 1; r >= 0; --r) {
    int run = 0;
    for (int c = 0; c < kColumns; ++c) {
      const bool w = (white & bit_of(c, r)) != 0, b = (black & bit_of(c, r)) != 0;
      if (!w && !b) {
        ++run;
        continue;
      }
      if (run > 0) s += static_cast<char>('0' + run);
      run = 0;
      // A point holding both colours is invalid; show it as '?' rather than hide it.
      s += w && b ? '?' : (w ? 'W' : 'B');
    }
    if (run > 0) s += static_cast<char>('0' + run);
    s += r > 0 ? '/' : ' ';
  }
  s += position.to_move == Colour::White ? 'w' : 'b';
  return s;
}

bool less(const Position& a, const Position& b) {
  if (a.us != b.us) return a.us < b.us;
  if (a.them != b.them) return a.them < b.them;
  return static_cast<int>(a.to_move) < static_cast<int>(b.to_move);
}

}  // namespace tsivy::reference
