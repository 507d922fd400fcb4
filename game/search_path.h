// The positions a search has behind it: the game's history, then the search's own path
// from its root. A position that occurs on it again is a repetition; the engine scores it
// a draw and the prover proves with it (docs/engine.md, docs/prover.md). The one
// repetition finder of the searches, beside game/game.h's rule for a game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "game/position.h"

namespace tsivy {

class SearchPath {
 public:
  SearchPath();

  // Empties the path and puts `history` (oldest first) on it.
  void reset(std::span<const Position> history);
  void push(const Position& p, std::uint64_t key);
  void pop();
  std::size_t size() const { return positions_.size(); }

  // The index on the path of an earlier occurrence of p (whose key is `key`), or -1. p
  // follows the whole path.
  int repeated_at(const Position& p, std::uint64_t key) const;

 private:
  std::vector<Position> positions_;
  std::vector<std::uint64_t> keys_;
  std::vector<int> stones_;
  // The path's positions by the low bits of their keys, newest first: newest_ holds the
  // newest index in each slot (-1: none), older_[i] the one before i in i's slot. A
  // repetition is found without a scan of the path, however long: the prover's
  // certificate extraction gives it ways of thousands of positions, and a scan of them
  // (back to the first position with more stones) took 90 % of a frontier worker's time
  // in 9- to 16-stone endgames.
  static constexpr std::size_t kSlots = std::size_t{1} << 14;
  std::vector<std::int32_t> newest_;
  std::vector<std::int32_t> older_;
};

// Keeps a position on a path for as long as it lives: a search node's own scope.
class OnPath {
 public:
  OnPath(SearchPath& path, const Position& p, std::uint64_t key) : path_(path) { path_.push(p, key); }
  ~OnPath() { path_.pop(); }
  OnPath(const OnPath&) = delete;
  OnPath& operator=(const OnPath&) = delete;

 private:
  SearchPath& path_;
};

}  // namespace tsivy
