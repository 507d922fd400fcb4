#include "search/transposition_table.h"

#include <algorithm>
#include <bit>

namespace tsivy::search {

TranspositionTable::TranspositionTable(std::size_t mib) { resize(mib); }

void TranspositionTable::resize(std::size_t mib) {
  // A power of two of buckets, the largest within the budget (at least one).
  const std::size_t wanted = std::max<std::size_t>(1, (mib << 20) / sizeof(Bucket));
  const std::size_t count = std::bit_floor(wanted);
  buckets_.assign(count, Bucket{});
  mask_ = count - 1;
}

void TranspositionTable::clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

const TableEntry* TranspositionTable::find(std::uint64_t key) const {
  const std::uint32_t check = static_cast<std::uint32_t>(key >> 32);
  for (const TableEntry& e : bucket_of(key).entries)
    if (e.check == check && e.bound() != Bound::none) return &e;
  return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t move) {
  const std::uint32_t check = static_cast<std::uint32_t>(key >> 32);
  Bucket& b = bucket_of(key);
  TableEntry* slot = nullptr;
  for (TableEntry& e : b.entries)
    if (e.check == check && e.bound() != Bound::none) {
      slot = &e;
      break;
    }
  if (slot) {
    // The same position: keep a deeper result of this search unless the new one is exact.
    if (slot->age() == age_ && slot->depth > depth && bound != Bound::exact) return;
    if (move == 0xFFFF) move = slot->move;
  } else {
    // The entry worth least: empty first, then by depth, an entry of an earlier search
    // counting as eight plies shallower.
    int worst = 1 << 30;
    for (TableEntry& e : b.entries) {
      const int worth = e.bound() == Bound::none ? -(1 << 20) : e.depth - (e.age() == age_ ? 0 : 8);
      if (worth < worst) {
        worst = worth;
        slot = &e;
      }
    }
  }
  slot->check = check;
  slot->score = static_cast<std::int16_t>(score);
  slot->move = move;
  slot->depth = static_cast<std::int8_t>(depth);
  slot->bound_and_age = static_cast<std::uint8_t>(static_cast<unsigned>(bound) | (age_ << 2));
}

}  // namespace tsivy::search
