// The transposition table: what earlier searches found about a position, by Zobrist key
// (game/zobrist.h), in a fixed budget of memory. Buckets of five entries share one cache
// line; a new result replaces the entry of the bucket that is shallowest and oldest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tsivy::search {

enum class Bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

struct TableEntry {
  std::uint32_t check = 0;      // the key's high half: tells positions of one bucket apart
  std::int16_t score = 0;       // from the position's side to move, forced results relative to the node
  std::uint16_t move = 0xFFFF;  // index of the best turn in generation order (game/turn_generator.h); 0xFFFF none
  std::int8_t depth = 0;
  std::uint8_t bound_and_age = 0;  // bound in the low 2 bits, the search's age above
  std::uint8_t spare[2]{};

  Bound bound() const { return static_cast<Bound>(bound_and_age & 3u); }
  std::uint8_t age() const { return static_cast<std::uint8_t>(bound_and_age >> 2); }
};
static_assert(sizeof(TableEntry) == 12);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mib);

  void resize(std::size_t mib);  // clears
  void clear();
  // A new search: entries of earlier ones give way first.
  void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & 63u); }

  // The entry for `key`, or nullptr.
  const TableEntry* find(std::uint64_t key) const;
  void store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t move);

  std::size_t bytes() const { return buckets_.size() * sizeof(Bucket); }

 private:
  static constexpr int kWays = 5;
  struct alignas(64) Bucket {
    TableEntry entries[kWays];
  };
  static_assert(sizeof(Bucket) == 64);
  Bucket& bucket_of(std::uint64_t key) { return buckets_[static_cast<std::size_t>(key & mask_)]; }
  const Bucket& bucket_of(std::uint64_t key) const { return buckets_[static_cast<std::size_t>(key & mask_)]; }

  std::vector<Bucket> buckets_;
  std::uint64_t mask_ = 0;
  std::uint8_t age_ = 0;
};

}  // namespace tsivy::search
