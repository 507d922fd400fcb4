// One reader shared by several threads returns the right entries while its small
// cache is constantly evicting.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "io/table_reader.h"
#include "io/table_writer.h"
#include "io_test_support.h"

namespace tsivy::io {
namespace {

TEST(TableReaderConcurrency, ThreadsSharingOneReaderGetCorrectValues) {
  testing::ScratchDir dir;
  constexpr std::uint32_t kBlock = 512;
  const auto values = testing::random_depth(200 * kBlock + 11, 700, 5);
  write_table(dir / "t.dtm", {TableKind::depth}, std::span<const std::uint16_t>(values), {kBlock});
  // Room for about eight blocks: most gets miss, and blocks are evicted while
  // other threads still use them.
  const TableReader reader(dir / "t.dtm", ReaderOptions{8 * kBlock * 2});

  std::atomic<std::uint64_t> wrong{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 6; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      for (int i = 0; i < 4000; ++i) {
        // Mostly a few hot blocks, sometimes anywhere.
        const std::uint64_t index = rng() % 4 ? rng() % (16 * kBlock) : rng() % values.size();
        if (reader.get(index) != values[index]) ++wrong;
      }
      if (t % 2 == 0) {  // and bulk reads alongside
        std::vector<std::uint16_t> out(3 * kBlock + 5);
        const std::uint64_t first = rng() % (values.size() - out.size());
        reader.read(first, std::span(out));
        for (std::size_t k = 0; k < out.size(); ++k)
          if (out[k] != values[first + k]) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0u);
  EXPECT_GT(reader.cache_hits(), 0u);
  EXPECT_GT(reader.cache_misses(), 0u);
}

}  // namespace
}  // namespace tsivy::io
