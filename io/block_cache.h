// A bounded, thread-safe cache of decompressed blocks: least recently used blocks are
// dropped first. Sharded by block number so that threads probing different blocks
// rarely wait on the same lock. Internal to io/.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
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

  std::uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
  std::uint64_t misses() const { return misses_.load(std::memory_order_relaxed); }

 private:
  struct Shard {
    std::mutex mutex;
    std::list<std::pair<std::uint64_t, Block>> lru;  // most recent first
    std::unordered_map<std::uint64_t, std::list<std::pair<std::uint64_t, Block>>::iterator> where;
    std::size_t bytes = 0;
  };
  Shard& shard(std::uint64_t key) { return shards_[(key ^ (key >> 32)) % shard_count_]; }

  std::size_t shard_count_ = 1;
  std::size_t shard_capacity_ = 0;
  std::unique_ptr<Shard[]> shards_;
  std::atomic<std::uint64_t> hits_{0}, misses_{0};
};

}  // namespace tsivy::io::detail
