#include "game/movegen.h"

#include <algorithm>
#include <array>

#include "game/capture_masks.h"
#include "game/geometry.h"

namespace tsivy {
namespace {

// The enemy stones a capture removes: from `first` onwards in direction d, up to the
// first empty point, own stone or edge (rules.md, "A capturing step").
PointSet captured_line(Point first, Direction d, PointSet them) {
  PointSet line = 0;
  for (Point p = first; p >= 0 && (them & bit(p)); p = neighbour(p, d)) line |= bit(p);
  return line;
}

// Sinks decide what a generated turn becomes; the generator itself is written once.
class NotationSink {
 public:
  explicit NotationSink(std::vector<Turn>& out) : out_(out) {}
  void begin(Point from) {
    length_ = 0;
    put_point(from);
  }
  void step(Point to, char kind) {
    path_[length_++] = '-';
    put_point(to);
    if (kind) path_[length_++] = kind;
  }
  void undo_step(char kind) { length_ -= kind ? 4 : 3; }
  void emit(const Position& result) { out_.push_back({std::string(path_.data(), length_), result}); }

 private:
  void put_point(Point p) {
    path_[length_++] = static_cast<char>('a' + column_of(p));
    path_[length_++] = static_cast<char>('1' + row_of(p));
  }
  std::vector<Turn>& out_;
  // A sequence never revisits a point, so it has fewer steps than the board has points.
  std::array<char, 2 + 4 * kPoints> path_{};
  std::size_t length_ = 0;
};

class PositionSink {
 public:
  explicit PositionSink(std::vector<Position>& out) : out_(out) {}
  void begin(Point) {}
  void step(Point, char) {}
  void undo_step(char) {}
  void emit(const Position& result) { out_.push_back(result); }

 private:
  std::vector<Position>& out_;
};

// Every capture turn that continues from `from` after a sequence that has visited
// `visited` and last moved in `last` (kDirections for the first step).
template <class Sink>
void capture_steps(Sink& sink, Point from, PointSet us, PointSet them, PointSet visited, int last, Colour mover) {
  const PointSet empty = kBoard & ~(us | them);
  for (Direction d : kAllDirections) {
    // A sequence may not repeat its direction, nor land where it has already been.
    if (static_cast<int>(d) == last) continue;
    const Point to = neighbour(from, d);
    if (to < 0 || !(empty & bit(to)) || (visited & bit(to))) continue;
    const Direction back = opposite(d);
    const PointSet approach = captured_line(neighbour(to, d), d, them);
    const PointSet withdrawal = captured_line(neighbour(from, back), back, them);
    for (const auto& [line, kind] : {std::pair{approach, 'A'}, std::pair{withdrawal, 'W'}}) {
      if (!line) continue;
      // Captured stones leave at once, so later steps see the board without them.
      const PointSet next_us = us ^ bit(from) ^ bit(to), next_them = them & ~line;
      sink.step(to, kind);
      sink.emit(Position{next_them, next_us, other(mover)});
      capture_steps(sink, to, next_us, next_them, visited | bit(to), static_cast<int>(d), mover);
      sink.undo_step(kind);
    }
  }
}

template <class Sink>
void generate(Sink& sink, const Position& p) {
  // The game ends as soon as a side has no stones: no turns then (rules.md, "End of the game").
  if (!p.us || !p.them) return;
  PointSet origins = capture_origins(p.us, p.them);
  if (origins) {
    while (origins) {
      const Point s = pop_first(origins);
      sink.begin(s);
      capture_steps(sink, s, p.us, p.them, bit(s), kDirections, p.to_move);
    }
    return;
  }
  // Paika only when no capture exists anywhere (captures are compulsory).
  for_each_paika_step(p, [&](Point from, Point to, const Position& result) {
    sink.begin(from);
    sink.step(to, 0);
    sink.emit(result);
  });
}

}  // namespace

bool has_capture(PointSet us, PointSet them) { return capture_origins(us, them) != 0; }

bool has_paika(const Position& p) {
  PointSet reachable = 0;
  for_each_direction([&]<Direction D>() { reachable |= shift<D>(p.us); });
  return (reachable & p.empty()) != 0;
}

std::vector<Turn> generate_turns(const Position& position) {
  std::vector<Turn> turns;
  NotationSink sink(turns);
  generate(sink, position);
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
