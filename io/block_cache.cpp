#include "io/block_cache.h"

#include <algorithm>

namespace tsivy::io::detail {

BlockCache::BlockCache(std::size_t capacity_bytes, std::size_t block_bytes) {
  block_bytes = std::max<std::size_t>(block_bytes, 1);
  // Up to 16 shards, but never fewer than four blocks per shard: a tiny cache split
  // sixteen ways would hold nothing.
  shard_count_ = std::clamp<std::size_t>(capacity_bytes / block_bytes / 4, 1, 16);
  shard_capacity_ = capacity_bytes / shard_count_;
  shards_ = std::make_unique<Shard[]>(shard_count_);
}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  const auto it = s.where.find(key);
  if (it == s.where.end()) {
    misses_.fetch_add(1, std::memory_order_relaxed);
    return nullptr;
  }
  hits_.fetch_add(1, std::memory_order_relaxed);
  s.lru.splice(s.lru.begin(), s.lru, it->second);
  return it->second->second;
}

void BlockCache::insert(std::uint64_t key, Block data) {
  const std::size_t size = data->size();
  if (size > shard_capacity_) return;
  Shard& s = shard(key);
  std::lock_guard lock(s.mutex);
  if (s.where.contains(key)) return;  // another thread loaded it meanwhile
  s.lru.emplace_front(key, std::move(data));
  s.where.emplace(key, s.lru.begin());
  s.bytes += size;
  while (s.bytes > shard_capacity_) {
    auto& [victim, victim_data] = s.lru.back();
    s.bytes -= victim_data->size();
    s.where.erase(victim);
    s.lru.pop_back();
  }
}

}  // namespace tsivy::io::detail
