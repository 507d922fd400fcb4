// Compression ratio, compression speed and single-block decode time of synthetic
// tables against block size and zstd level: the measurements behind FORMAT.md's
// defaults. The real tables come later; these models bracket them, from no structure
// (independent values) to long runs.
#include <zstd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "io/format.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Model {
  std::string name;
  unsigned bits;
  std::vector<std::uint16_t> values;
};

std::uint16_t wdl_draw(std::mt19937_64& rng) {
  // 55 % win, 30 % loss, 15 % draw: a guess at a mid-sized class.
  const auto u = rng() % 100;
  return u < 55 ? 2 : u < 85 ? 0 : 1;
}

std::vector<Model> models(std::size_t entries) {
  std::mt19937_64 rng(42);
  std::vector<Model> out;
  {
    Model m{"wdl-iid", 2, std::vector<std::uint16_t>(entries)};
    for (auto& v : m.values) v = wdl_draw(rng);
    out.push_back(std::move(m));
  }
  {
    // Runs: neighbouring indices (one stone moved) often share a value.
    Model m{"wdl-runs", 2, std::vector<std::uint16_t>(entries)};
    std::uint16_t v = 2;
    for (auto& x : m.values) x = v = (rng() % 100 < 85) ? v : wdl_draw(rng);
    out.push_back(std::move(m));
  }
  {
    // Mostly decided by a coarse part of the index, 15 % noise, 25 % don't-care
    // entries (captures) filled with the previous value.
    Model m{"wdl-structured", 2, std::vector<std::uint16_t>(entries)};
    std::uint16_t prev = 2;
    for (std::size_t i = 0; i < entries; ++i) {
      const std::uint64_t coarse = (i >> 5) * 0x9E3779B97F4A7C15ull >> 60;
      std::uint16_t v = coarse < 9 ? 2 : coarse < 14 ? 0 : 1;
      if (rng() % 100 < 15) v = wdl_draw(rng);
      if (rng() % 100 < 25) v = prev;
      m.values[i] = prev = v;
    }
    out.push_back(std::move(m));
  }
  {
    // Depth: independent, roughly geometric, mostly short.
    Model m{"depth-iid", 8, std::vector<std::uint16_t>(entries / 4)};
    std::geometric_distribution<int> geo(0.08);
    for (auto& v : m.values) v = static_cast<std::uint16_t>(std::min(geo(rng), 255));
    out.push_back(std::move(m));
  }
  {
    // Depth: a coarse level plus small noise.
    Model m{"depth-structured", 8, std::vector<std::uint16_t>(entries / 4)};
    for (std::size_t i = 0; i < m.values.size(); ++i) {
      const int base = static_cast<int>(((i >> 6) * 0x9E3779B97F4A7C15ull >> 58) & 63);
      m.values[i] = static_cast<std::uint16_t>(std::max(0, base + static_cast<int>(rng() % 7) - 3));
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace

int main() {
  const std::size_t entries = std::size_t{1} << 24;  // 4 MiB packed WDL, 4 MiB 8-bit depth
  const std::vector<std::uint32_t> block_bytes = {1024, 4096, 16384, 65536, 262144};
  const std::vector<int> levels = {1, 3, 6, 9, 12, 15, 19};
  std::printf("%-17s %8s %5s %8s %10s %12s\n", "model", "block_B", "level", "ratio", "comp_MB/s", "decode_us/blk");
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  for (const Model& m : models(entries)) {
    const std::uint64_t raw_total = tsivy::io::format::packed_size(m.values.size(), m.bits);
    std::vector<std::uint8_t> packed(raw_total);
    tsivy::io::format::pack(std::span<const std::uint16_t>(m.values), m.bits, packed.data());
    for (std::uint32_t bb : block_bytes) {
      for (int level : levels) {
        std::vector<std::vector<std::uint8_t>> blocks;
        std::uint64_t compressed = 0;
        const auto t0 = Clock::now();
        for (std::uint64_t at = 0; at < raw_total; at += bb) {
          const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(bb, raw_total - at));
          std::vector<std::uint8_t> z(ZSTD_compressBound(n));
          z.resize(ZSTD_compressCCtx(cctx, z.data(), z.size(), packed.data() + at, n, level));
          compressed += z.size();
          blocks.push_back(std::move(z));
        }
        const double comp_s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::vector<std::uint8_t> out(bb);
        const auto t1 = Clock::now();
        for (const auto& z : blocks) ZSTD_decompressDCtx(dctx, out.data(), out.size(), z.data(), z.size());
        const double dec_s = std::chrono::duration<double>(Clock::now() - t1).count();
        std::printf("%-17s %8u %5d %8.4f %10.1f %12.2f\n", m.name.c_str(), bb, level,
                    double(compressed) / double(raw_total), double(raw_total) / comp_s / 1e6,
                    dec_s / double(blocks.size()) * 1e6);
        std::fflush(stdout);
      }
    }
  }
  ZSTD_freeCCtx(cctx);
  ZSTD_freeDCtx(dctx);
}
