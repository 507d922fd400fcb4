// The transposition table: what earlier searches found about a position, by Zobrist key
// (game/zobrist.h), in a fixed budget of memory. Buckets of five entries share one cache
// line; a new result replaces the entry of the bucket that is shallowest and oldest.
//
// The threads of one search share it without locks (docs/engine.md, "Threads"): an
// entry is three 32-bit words written and read one by one, the first being the key's
// check XOR the other two, so that an entry torn by two threads writing it at once
// fails its check and reads as absent (Hyatt and Mann's lockless hashing). A torn entry
// that passes anyway by chance is no worse than a key collision, which the search
// already survives: its turn index is checked against the turns generated.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace tsivy::search {

enum class Bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

struct TableEntry {
  std::int16_t score = 0;       // from the position's side to move, forced results relative to the node
  std::uint16_t move = 0xFFFF;  // index of the best turn in generation order (game/turn_generator.h); 0xFFFF none
  std::int8_t depth = 0;
  Bound bound = Bound::none;
  std::uint8_t age = 0;  // the search that stored it, modulo 64
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mib);

  void resize(std::size_t mib);  // clears
  void clear();
  // A new search: entries of earlier ones give way first.
  void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & 63u); }

  // The entry for `key`, if one is stored (and was not torn by a concurrent store).
  std::optional<TableEntry> find(std::uint64_t key) const;
  // Starts loading `key`'s bucket into the cache, so that a find() or store() soon after
  // waits less for memory (a table of many MiB misses the cache on most probes).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket_of(key)); }
  void store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t move);

  std::size_t bytes() const { return count_ * sizeof(Bucket); }

 private:
  static constexpr int kWays = 5;
  // One entry as stored: `lock` is the key's high half XOR `data` XOR `more`.
  struct Slot {
    std::atomic<std::uint32_t> lock{0};
    std::atomic<std::uint32_t> data{0};  // score (low 16 bits), move (high 16)
    std::atomic<std::uint32_t> more{0};  // depth (bits 0-7), bound (8-9), age (10-15)
  };
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };
  static_assert(sizeof(Bucket) == 64);

  // A slot's words, read once each; `check` is what its lock says the key's high half is.
  struct Read {
    std::uint32_t check, data, more;
  };
  static Read read(const Slot& slot);
  static TableEntry decode(const Read& r);

  const Bucket& bucket_of(std::uint64_t key) const { return buckets_[static_cast<std::size_t>(key & mask_)]; }
  Bucket& bucket_of(std::uint64_t key) { return buckets_[static_cast<std::size_t>(key & mask_)]; }

  std::unique_ptr<Bucket[]> buckets_;
  std::size_t count_ = 0;
  std::uint64_t mask_ = 0;
  std::uint8_t age_ = 0;
};

}  // namespace tsivy::search
