// A bounded, thread-safe cache of decompressed blocks. Sharded by block number so that
// threads probing different blocks rarely wait on the same lock. Each shard is one flat
// open-addressing table (linear probing) whose slots hold the blocks themselves, and
// evicts by CLOCK (second chance): a hit only sets a flag, where a least-recently-used
// list would relink three list nodes scattered in memory on every probe, and a probe of
// a cached block costs little more than the cache misses of finding it. Internal to io/.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tsivy::io::detail {

class BlockCache {
 public:
  // A decompressed (still packed) block; shared so that a reader can keep using a
  // block the cache has meanwhile evicted.
  using Block = std::shared_ptr<const std::vector<std::uint8_t>>;

  // Holds up to `capacity_bytes` of blocks of about `block_bytes` each. A capacity
  // below one block caches nothing.
  BlockCache(std::size_t capacity_bytes, std::size_t block_bytes);

  // Keys are chosen by the readers: a reader sharing the cache with others puts its
  // own id in the upper half (table_reader.cpp).
  Block find(std::uint64_t key);
  void insert(std::uint64_t key, Block data);

  std::uint64_t hits() const;
  std::uint64_t misses() const;
  std::size_t bytes() const;  // held now, all shards

 private:
  struct Slot {
    std::uint64_t key = 0;
    Block block;              // null: the slot is free
    bool referenced = false;  // found since the clock hand last passed
  };
  // One cache line at least per shard, so that threads on different shards do not
  // write to the same line.
  struct alignas(64) Shard {
    std::mutex mutex;
    std::vector<Slot> slots;  // a power of two in size
    std::size_t count = 0, bytes = 0, hand = 0;
    std::atomic<std::uint64_t> hits{0}, misses{0};
  };

  Shard& shard(std::uint64_t key) { return shards_[(key ^ (key >> 32)) % shard_count_]; }
  std::size_t home(const Shard& s, std::uint64_t key) const;
  std::size_t probe(const Shard& s, std::uint64_t key) const;
  void evict_one(Shard& s);
  void erase_at(Shard& s, std::size_t i);
  void grow(Shard& s);

  std::size_t shard_count_ = 1;
  std::size_t shard_capacity_ = 0;  // bytes
  std::size_t shard_max_slots_ = 0;  // the size a shard's table grows to
  std::size_t shard_max_count_ = 0;  // blocks: at most 3/4 of the slots, so probes end soon
  std::unique_ptr<Shard[]> shards_;
};

}  // namespace tsivy::io::detail
