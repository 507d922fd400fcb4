// The one position hash (Zobrist): a random key for a stone of each colour on each
// point and one for Black to move, xor-ed together. Every table keyed by position uses
// it: the search's transposition table, perft's counts, the lookup's memo of resolved
// captures, PositionHash. Because it is an xor of per-stone keys, a turn updates it by
// the stones that move and the stones it captures alone.
#pragma once

#include <array>
#include <cstdint>

#include "game/move.h"
#include "game/position.h"

namespace tsivy {
namespace zobrist_detail {

// A key per (colour, byte of the point set, value of that byte): the key of a set is
// then one table read per byte rather than one per stone, and still exactly the xor of
// its stones' keys.
inline constexpr int kBytes = (kPoints + 7) / 8;

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::uint64_t, kPoints>, 2> stone{};
  std::uint64_t black_to_move = 0;
  std::array<std::array<std::array<std::uint64_t, 256>, kBytes>, 2> byte{};
};

inline constexpr Keys kKeys = [] {
  Keys k;
  std::uint64_t state = 0x7473697679ull;  // "tsivy": fixed, so keys are the same in every build and run
  for (auto& colour : k.stone)
    for (auto& key : colour) key = splitmix64(state);
  k.black_to_move = splitmix64(state);
  for (int c = 0; c < 2; ++c)
    for (int b = 0; b < kBytes; ++b)
      for (int v = 0; v < 256; ++v)
        for (int i = 0; i < 8; ++i)
          if ((v >> i & 1) && 8 * b + i < kPoints) k.byte[c][b][v] ^= k.stone[c][8 * b + i];
  return k;
}();

}  // namespace zobrist_detail

// The xor of the keys of the stones of `colour` on the points of `stones`.
constexpr std::uint64_t stones_key(Colour colour, PointSet stones) {
  const auto& table = zobrist_detail::kKeys.byte[static_cast<int>(colour)];
  std::uint64_t key = 0;
  for (int b = 0; b < zobrist_detail::kBytes; ++b) key ^= table[b][(stones >> (8 * b)) & 0xFF];
  return key;
}

inline constexpr std::uint64_t kBlackToMoveKey = zobrist_detail::kKeys.black_to_move;

// The key of a position: its stones by colour and the side to move.
constexpr std::uint64_t position_key(const Position& p) {
  return stones_key(Colour::White, p.white()) ^ stones_key(Colour::Black, p.black()) ^
         (p.to_move == Colour::Black ? kBlackToMoveKey : 0);
}

// The key of (stones of the side to move, stones of the other side), for tables that
// are keyed by those alone (the tables' own view, rules.md: colours are interchangeable).
constexpr std::uint64_t sides_key(PointSet us, PointSet them) {
  return stones_key(Colour::White, us) ^ stones_key(Colour::Black, them);
}

// How a turn changes a position's key: the stone of `mover` leaves `from` and lands on
// `to`, the captured stones of the other colour leave, and the other side is to move.
// The engine and the prover key their positions this way, a turn at a time.
constexpr std::uint64_t key_change(const Move& m, Colour mover) {
  return stones_key(mover, bit(m.from) ^ bit(m.to)) ^ stones_key(other(mover), m.captured) ^ kBlackToMoveKey;
}

}  // namespace tsivy
