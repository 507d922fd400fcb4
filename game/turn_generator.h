// The one turn generator (rules.md, "Moves"), parameterised by a sink that decides what
// each generated turn becomes: a compact Move for the search, the resulting position
// for the solver and perft, notation by way of the Move. Every list of turns in tsivy
// comes from here.
//
// A sink has
//   begin(Point from)                                   a turn starts from this stone
//   step(Point to, Direction d, CaptureKind k, PointSet captured)  one step (captured
//                                                       empty for a paika)
//   undo_step()                                         back out of the last step
//   emit(const Position& result)                        the sequence so far is a turn
#pragma once

#include <array>
#include <bit>

#include "game/capture_masks.h"
#include "game/geometry.h"
#include "game/move.h"
#include "game/position.h"

namespace tsivy {
namespace turn_generation {

// kRays[d][p]: the points after p in direction d along its line, to the edge.
inline constexpr auto kRays = [] {
  std::array<std::array<PointSet, kPoints>, kDirections> rays{};
  for (Direction d : kAllDirections)
    for (Point p = 0; p < kPoints; ++p)
      for (Point q = neighbour(p, d); q >= 0; q = neighbour(q, d)) rays[static_cast<int>(d)][p] |= bit(q);
  return rays;
}();

// kNeighbours[p][d]: neighbour(p, d) by table, -1 where no line leads that way.
inline constexpr auto kNeighbours = [] {
  std::array<std::array<std::int8_t, kDirections>, kPoints> n{};
  for (Point p = 0; p < kPoints; ++p)
    for (Direction d : kAllDirections) n[p][static_cast<int>(d)] = static_cast<std::int8_t>(neighbour(p, d));
  return n;
}();

// The enemy stones a capture removes: from `first` onwards in direction d, up to the
// first empty point, own stone or edge (rules.md, "A capturing step"); empty when
// `first` is no enemy stone. The run ends at the nearest point of the ray that is not
// an enemy stone: the lowest such bit for directions of rising point numbers, the
// highest for the others.
constexpr PointSet captured_line(Point first, Direction d, PointSet them) {
  if (first < 0 || !(them & bit(first))) return 0;
  const PointSet ray = kRays[static_cast<int>(d)][first] | bit(first);
  const PointSet stop = ray & ~them;
  if (!stop) return ray;
  if (kPointOffsets[static_cast<int>(d)] > 0) return ray & ((stop & -stop) - 1);
  const PointSet nearest = PointSet{1} << (63 - std::countl_zero(stop));
  return ray & ~((nearest << 1) - 1);
}

// The directions (bit k for Direction k) in which the stone on `from` has a capturing
// step: the next point empty and not yet visited, with an enemy stone beyond it
// (approach) or behind the stone (withdrawal). All eight at once with constant shifts:
// most stones capture in none or one of them, so the caller loops over those alone.
inline unsigned capturing_directions(PointSet stone, PointSet them, PointSet open) {
  unsigned directions = 0;
  for_each_direction([&]<Direction D>() {
    const PointSet to = shift<D>(stone) & open;
    const bool captures = to && ((shift<D>(to) | shift<opposite(D)>(stone)) & them);
    directions |= static_cast<unsigned>(captures) << static_cast<int>(D);
  });
  return directions;
}

// Every capture turn that continues from `from` after a sequence that has visited
// `visited` and last moved in `last` (kDirections for the first step).
template <class Sink>
void capture_steps(Sink& sink, Point from, PointSet us, PointSet them, PointSet visited, int last, Colour mover) {
  // A sequence may not land where it has already been, nor repeat its direction.
  const PointSet open = kBoard & ~(us | them | visited);
  unsigned directions = capturing_directions(bit(from), them, open) & ~(1u << last);
  while (directions) {
    const int k = std::countr_zero(directions);
    directions &= directions - 1;
    const Point to = kNeighbours[from][k];
    const Direction d = static_cast<Direction>(k), back = opposite(d);
    const PointSet approach = captured_line(kNeighbours[to][k], d, them);
    const PointSet withdrawal = captured_line(kNeighbours[from][static_cast<int>(back)], back, them);
    const PointSet next_us = us ^ bit(from) ^ bit(to);
    for (const auto& [line, kind] : {std::pair{approach, CaptureKind::Approach}, std::pair{withdrawal, CaptureKind::Withdrawal}}) {
      if (!line) continue;
      // Captured stones leave at once, so later steps see the board without them.
      const PointSet next_them = them & ~line;
      sink.step(to, d, kind, line);
      sink.emit(Position{next_them, next_us, other(mover)});
      if (next_them) capture_steps(sink, to, next_us, next_them, visited | bit(to), k, mover);
      sink.undo_step();
    }
  }
}

}  // namespace turn_generation

// Calls visit(from, to, direction, result) for every paika step of the side to move: a
// stone to an empty neighbour along a line, and the position after it. Results never
// repeat. Looks for no capture: these are the legal turns only where there is none.
template <class Visit>
void for_each_paika(const Position& p, Visit&& visit) {
  const PointSet empty = p.empty();
  for_each_direction([&]<Direction D>() {
    for (PointSet to = shift<D>(p.us) & empty; to;) {
      const Point t = pop_first(to), s = t - point_offset(D);
      visit(s, t, D, Position{p.them, p.us ^ bit(s) ^ bit(t), other(p.to_move)});
    }
  });
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
      turn_generation::capture_steps(sink, s, p.us, p.them, bit(s), kDirections, p.to_move);
    }
    return;
  }
  // Paika only when no capture exists anywhere (captures are compulsory).
  for_each_paika(p, [&](Point from, Point to, Direction d, const Position& result) {
    sink.begin(from);
    sink.step(to, d, CaptureKind::Approach, 0);
    sink.emit(result);
    sink.undo_step();
  });
}

// Collects compact Moves.
class MoveSink {
 public:
  explicit MoveSink(MoveList& out) : out_(out) {}
  void begin(Point from) {
    current_ = Move{};
    current_.from = static_cast<std::uint8_t>(from);
    captured_[0] = 0;
  }
  void step(Point to, Direction d, CaptureKind kind, PointSet captured) {
    current_.push_step(d, kind);
    landing_[current_.steps] = static_cast<std::uint8_t>(to);
    captured_[current_.steps] = captured_[current_.steps - 1] | captured;
  }
  void undo_step() { current_.pop_step(); }
  void emit(const Position&) {
    Move m = current_;
    m.to = landing_[m.steps];
    m.captured = captured_[m.steps];
    out_.push_back(m);
  }

 private:
  MoveList& out_;
  Move current_;
  std::array<std::uint8_t, kMaxSteps + 1> landing_{};
  std::array<PointSet, kMaxSteps + 1> captured_{};
};

// Collects the resulting positions only.
class PositionSink {
 public:
  explicit PositionSink(std::vector<Position>& out) : out_(out) {}
  void begin(Point) {}
  void step(Point, Direction, CaptureKind, PointSet) {}
  void undo_step() {}
  void emit(const Position& result) { out_.push_back(result); }

 private:
  std::vector<Position>& out_;
};

}  // namespace tsivy
