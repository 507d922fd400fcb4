#include "io/block_cache.h"

#include <algorithm>
#include <bit>

namespace tsivy::io::detail {

BlockCache::BlockCache(std::size_t capacity_bytes, std::size_t block_bytes) {
  block_bytes = std::max<std::size_t>(block_bytes, 1);
  // Up to 16 shards, but never fewer than four blocks per shard: a tiny cache split
  // sixteen ways would hold nothing.
  shard_count_ = std::clamp<std::size_t>(capacity_bytes / block_bytes / 4, 1, 16);
  shard_capacity_ = capacity_bytes / shard_count_;
  // Room for four times the blocks of the nominal size (the last block of a table, and
  // the blocks of small tables, are smaller), at most three quarters full.
  // The tables start small and double as blocks arrive: a large cache that is barely
  // used (most lookups of a solver run) costs next to nothing.
  const std::size_t blocks = shard_capacity_ / block_bytes * 4 + 4;
  shard_max_slots_ = std::bit_ceil(blocks * 4 / 3 + 1);
  shard_max_count_ = shard_max_slots_ * 3 / 4;
  shards_ = std::make_unique<Shard[]>(shard_count_);
  for (std::size_t k = 0; k < shard_count_; ++k) shards_[k].slots.resize(std::min<std::size_t>(16, shard_max_slots_));
}

// Doubles the table of a shard and places every block again from its home slot.
void BlockCache::grow(Shard& s) {
  std::vector<Slot> old(s.slots.size() * 2);
  old.swap(s.slots);
  for (Slot& slot : old) {
    if (!slot.block) continue;
    s.slots[probe(s, slot.key)] = std::move(slot);
  }
  s.hand = 0;
}

std::size_t BlockCache::home(const Shard& s, std::uint64_t key) const {
  // Keys of one reader are consecutive block numbers: a multiplicative hash spreads them.
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 17) & (s.slots.size() - 1);
}

// The slot holding `key`, or the free slot ending its probe run (where it would go).
std::size_t BlockCache::probe(const Shard& s, std::uint64_t key) const {
  const std::size_t mask = s.slots.size() - 1;
  std::size_t i = home(s, key);
  while (s.slots[i].block && s.slots[i].key != key) i = (i + 1) & mask;
  return i;
}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  Slot& slot = s.slots[probe(s, key)];
  if (!slot.block) {
    s.misses.fetch_add(1, std::memory_order_relaxed);
    return nullptr;
  }
  slot.referenced = true;
  s.hits.fetch_add(1, std::memory_order_relaxed);
  return slot.block;
}

void BlockCache::insert(std::uint64_t key, Block data) {
  const std::size_t size = data->size();
  if (size > shard_capacity_) return;
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  if (s.slots[probe(s, key)].block) return;  // another thread loaded it meanwhile
  const auto full = [&] { return s.bytes + size > shard_capacity_ || s.count + 1 > shard_max_count_; };
  if (!full() && (s.count + 1) * 4 > s.slots.size() * 3) grow(s);
  while (full()) evict_one(s);
  // Evictions shift entries back along their probe runs, growing moves them all: the
  // free slot is looked for again.
  s.slots[probe(s, key)] = Slot{key, std::move(data), false};
  ++s.count;
  s.bytes += size;
}

// CLOCK: the hand passes over blocks found since its last pass (clearing their flag)
// and evicts the first block that was not.
void BlockCache::evict_one(Shard& s) {
  const std::size_t mask = s.slots.size() - 1;
  for (;; s.hand = (s.hand + 1) & mask) {
    Slot& slot = s.slots[s.hand];
    if (!slot.block) continue;
    if (slot.referenced) {
      slot.referenced = false;
      continue;
    }
    erase_at(s, s.hand);
    return;
  }
}

// Removes slot i and moves later entries of the probe run back into the gap, so that
// every remaining key is still reached from its home slot without tombstones.
void BlockCache::erase_at(Shard& s, std::size_t i) {
  const std::size_t mask = s.slots.size() - 1;
  s.bytes -= s.slots[i].block->size();
  --s.count;
  s.slots[i] = Slot{};
  for (std::size_t j = (i + 1) & mask; s.slots[j].block; j = (j + 1) & mask) {
    const std::size_t k = home(s, s.slots[j].key);
    // Slot j may move to i unless its home lies cyclically in (i, j].
    const bool home_between = i <= j ? (i < k && k <= j) : (i < k || k <= j);
    if (home_between) continue;
    s.slots[i] = std::move(s.slots[j]);
    s.slots[j] = Slot{};
    i = j;
  }
}

std::uint64_t BlockCache::hits() const {
  std::uint64_t n = 0;
  for (std::size_t k = 0; k < shard_count_; ++k) n += shards_[k].hits.load(std::memory_order_relaxed);
  return n;
}

std::uint64_t BlockCache::misses() const {
  std::uint64_t n = 0;
  for (std::size_t k = 0; k < shard_count_; ++k) n += shards_[k].misses.load(std::memory_order_relaxed);
  return n;
}

std::size_t BlockCache::bytes() const {
  std::size_t n = 0;
  for (std::size_t k = 0; k < shard_count_; ++k) {
    std::lock_guard lock(shards_[k].mutex);
    n += shards_[k].bytes;
  }
  return n;
}

}  // namespace tsivy::io::detail
