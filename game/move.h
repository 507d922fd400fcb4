// A turn in compact form, for the search's hot path: no strings, no allocation.
// A capture turn is its starting point and, per step, a direction and a kind (approach
// or withdrawal); a paika is one step of no kind. The captured stones and the landing
// point are kept too, so that making a turn is three operations on bit sets.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "game/position.h"

namespace tsivy {

enum class CaptureKind : std::uint8_t { Approach, Withdrawal };

// The most steps one turn can have: every step of a capture sequence captures at least
// one enemy stone (rules.md), and the enemy has at most kStonesPerSide of them.
inline constexpr int kMaxSteps = kStonesPerSide;

struct Move {
  PointSet captured = 0;  // enemy stones the turn removes; empty for a paika
  // Step k in bits 4k..4k+3 of the 128-bit path (path[0] holds steps 0..15): the
  // direction in the low three bits, the kind in the fourth.
  std::array<std::uint64_t, 2> path{};
  std::uint8_t from = 0;   // the point the stone starts on
  std::uint8_t to = 0;     // the point it ends the turn on
  std::uint8_t steps = 0;  // steps in the turn: 1 for a paika

  bool is_capture() const { return captured != 0; }
  Direction direction(int step) const { return static_cast<Direction>(nibble(step) & 7u); }
  CaptureKind kind(int step) const { return (nibble(step) & 8u) ? CaptureKind::Withdrawal : CaptureKind::Approach; }
  void push_step(Direction d, CaptureKind k) {
    const unsigned value = static_cast<unsigned>(d) | (k == CaptureKind::Withdrawal ? 8u : 0u);
    path[steps / 16] |= std::uint64_t{value} << (4 * (steps % 16));
    ++steps;
  }
  void pop_step() {
    --steps;
    path[steps / 16] &= ~(std::uint64_t{15} << (4 * (steps % 16)));
  }
  friend bool operator==(const Move&, const Move&) = default;

 private:
  unsigned nibble(int step) const { return static_cast<unsigned>(path[step / 16] >> (4 * (step % 16))) & 15u; }
};
static_assert(kMaxSteps <= 32, "a path of 128 bits holds 32 steps of 4 bits");

// The position after the move, the other side to move.
constexpr Position make_move(const Position& p, const Move& m) {
  return Position{p.them & ~m.captured, p.us ^ bit(m.from) ^ bit(m.to), other(p.to_move)};
}

// The turns of one position. Most positions have a few dozen; the vector is kept from
// call to call (generate_moves clears it without freeing), so a search that keeps one
// list per ply allocates nothing once warm, and a rare position with hundreds of turns
// still gets all of them.
using MoveList = std::vector<Move>;

}  // namespace tsivy
