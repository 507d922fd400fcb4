// The block cache on its own: it never hands out a wrong block, stays within its
// capacity, keeps blocks that are found again (CLOCK's second chance), and finds every
// block it still holds after evictions have shifted its probe runs.
#include "io/block_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <map>
#include <random>
#include <thread>

namespace tsivy::io::detail {
namespace {

// A block whose bytes name its key, so a wrong answer is visible.
BlockCache::Block block_for(std::uint64_t key, std::size_t size) {
  auto data = std::make_shared<std::vector<std::uint8_t>>(size, static_cast<std::uint8_t>(key * 131 + 7));
  if (size >= 8) std::memcpy(data->data(), &key, 8);
  return data;
}

bool names(const BlockCache::Block& block, std::uint64_t key) {
  std::uint64_t stored = 0;
  std::memcpy(&stored, block->data(), 8);
  return stored == key;
}

TEST(BlockCache, RandomUseNeverReturnsAWrongBlockAndStaysWithinCapacity) {
  constexpr std::size_t kBlock = 1024, kCapacity = 64 * kBlock;
  BlockCache cache(kCapacity, kBlock);
  std::mt19937_64 rng(5);
  std::map<std::uint64_t, std::size_t> sizes;  // every key ever inserted, with its size
  for (int step = 0; step < 200000; ++step) {
    // Keys shaped like the readers': a reader id in the upper half, a block number below.
    const std::uint64_t key = (rng() % 3) << 32 | rng() % 400;
    if (const BlockCache::Block hit = cache.find(key)) {
      ASSERT_TRUE(names(hit, key)) << "step " << step;
      ASSERT_EQ(hit->size(), sizes.at(key));
      continue;
    }
    const std::size_t size = 8 + rng() % (2 * kBlock);  // smaller and larger than nominal
    cache.insert(key, block_for(key, size));
    sizes[key] = size;
    const BlockCache::Block again = cache.find(key);  // an insert evicts others, never itself
    ASSERT_TRUE(again && names(again, key)) << "step " << step;
    ASSERT_LE(cache.bytes(), kCapacity);
  }
  EXPECT_GT(cache.hits(), 0u);
  EXPECT_GT(cache.misses(), 0u);
}

TEST(BlockCache, ABlockFoundAgainOutlivesBlocksUsedOnce) {
  constexpr std::size_t kBlock = 1024;
  BlockCache cache(4 * kBlock, kBlock);  // 4 blocks, one shard
  cache.insert(1000, block_for(1000, kBlock));
  for (std::uint64_t key = 0; key < 100; ++key) {
    ASSERT_TRUE(cache.find(1000)) << "evicted after " << key << " other blocks";
    cache.insert(key, block_for(key, kBlock));
  }
  EXPECT_FALSE(cache.find(0));  // used once, long ago
}

TEST(BlockCache, EveryBlockStillHeldIsFoundAfterEvictionsShiftedTheTable) {
  constexpr std::size_t kBlock = 64;
  BlockCache cache(32 * kBlock, kBlock);  // few slots, so probe runs collide and shift
  for (std::uint64_t key = 0; key < 5000; ++key) cache.insert(key * 7919, block_for(key * 7919, kBlock));
  std::size_t found = 0, bytes = 0;
  for (std::uint64_t key = 0; key < 5000; ++key)
    if (const BlockCache::Block hit = cache.find(key * 7919)) {
      ASSERT_TRUE(names(hit, key * 7919));
      ++found, bytes += hit->size();
    }
  EXPECT_EQ(bytes, cache.bytes());  // nothing held is unreachable
  EXPECT_GT(found, 0u);
}

TEST(BlockCache, ThreadsSharingItSeeOnlyTheirOwnKeysBlocks) {
  BlockCache cache(256 * 1024, 1024);
  std::vector<std::jthread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&cache, &wrong, t] {
      std::mt19937_64 rng(t);
      for (int step = 0; step < 50000; ++step) {
        const std::uint64_t key = std::uint64_t(t) << 32 | rng() % 500;
        if (const BlockCache::Block hit = cache.find(key)) {
          if (!names(hit, key)) ++wrong;
        } else {
          cache.insert(key, block_for(key, 1024));
        }
      }
    });
  threads.clear();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace tsivy::io::detail
