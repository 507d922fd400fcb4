// How small the table files of a directory could be: re-encodes every class's WDL and
// depth entries in memory under other don't-care fill rules, block sizes and zstd
// levels, with and without a zstd dictionary per class and kind, and prints bytes
// per canonical position for each. Writes nothing.
//   build/release/bench/fill_study TABLE_DIR
// The numbers behind FORMAT.md's "Don't-care entries".
#include <zdict.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "io/dont_care.h"
#include "io/format.h"
#include "lookup/table_lookup.h"
#include "parallel/parallel.h"
#include "table_dir/manifest.h"
#include "lookup/class_files.h"

namespace tsivy {
namespace {

using Fill = std::function<void(std::span<std::uint16_t>, io::TableKind)>;

// Don't-cares take the block's most common stored value (runs break at every stored
// value that differs from it).
void fill_majority(std::span<std::uint16_t> block, io::TableKind kind) {
  std::map<std::uint16_t, std::size_t> seen;
  for (auto v : block)
    if (!io::is_dont_care(v, kind)) ++seen[v];
  std::uint16_t best = 0;
  std::size_t most = 0;
  for (auto [v, n] : seen)
    if (n > most) best = v, most = n;
  for (auto& v : block)
    if (io::is_dont_care(v, kind)) v = best;
}

// Don't-cares repeat the last stored value before them (the first rule tried).
void fill_previous(std::span<std::uint16_t> block, io::TableKind kind) {
  std::size_t first = 0;
  while (first < block.size() && io::is_dont_care(block[first], kind)) ++first;
  for (std::size_t i = 0; i < block.size(); ++i)
    if (io::is_dont_care(block[i], kind)) block[i] = i < first ? (first < block.size() ? block[first] : 0) : block[i - 1];
}

// Don't-cares become the next stored value instead of the previous one.
void fill_next(std::span<std::uint16_t> block, io::TableKind kind) {
  std::vector<std::uint16_t> reversed(block.rbegin(), block.rend());
  fill_previous(std::span<std::uint16_t>(reversed), kind);
  std::copy(reversed.rbegin(), reversed.rend(), block.begin());
}

// Depths without their parity bit: a win's depth is odd and a loss's even in every
// class (a side to move without stones loses in 0; WIN in 0 needs an opponent without
// stones, which no class holds), so WDL + depth / 2 gives the depth back.
void fill_halved(std::span<std::uint16_t> block, io::TableKind kind) {
  if (kind == io::TableKind::depth)
    for (auto& v : block)
      if (!io::is_dont_care(v, kind)) v = static_cast<std::uint16_t>(v / 2);
  io::fill_dont_care<std::uint16_t>(block, kind);
}

struct Variant {
  std::string name;
  Fill fill;
  std::uint32_t block_bytes;
  int level;
  std::size_t dictionary_bytes = 0;  // > 0: one zstd dictionary per class and kind, trained on its blocks
};

// Block b of the class, filled and packed as the writer would.
std::vector<std::uint8_t> packed_block(const std::vector<std::uint16_t>& marked, io::TableKind kind, unsigned bits,
                                       const Variant& v, std::uint64_t b) {
  const std::uint64_t per_block = std::uint64_t{v.block_bytes} * 8 / bits;
  const std::uint64_t first = b * per_block, n = std::min<std::uint64_t>(per_block, marked.size() - first);
  std::vector<std::uint16_t> block(marked.begin() + first, marked.begin() + first + n);
  v.fill(std::span<std::uint16_t>(block), kind);
  std::vector<std::uint8_t> packed(io::format::packed_size(n, bits), 0);
  io::format::pack(std::span<const std::uint16_t>(block), bits, packed.data());
  return packed;
}

// A dictionary trained on up to 4096 blocks spread over the class (empty if training fails).
std::vector<std::uint8_t> train_dictionary(const std::vector<std::uint16_t>& marked, io::TableKind kind, unsigned bits,
                                           const Variant& v, std::uint64_t blocks) {
  std::string samples;
  std::vector<std::size_t> sizes;
  const std::uint64_t step = std::max<std::uint64_t>(1, blocks / 4096);
  for (std::uint64_t b = 0; b < blocks; b += step) {
    const auto packed = packed_block(marked, kind, bits, v, b);
    samples.append(packed.begin(), packed.end());
    sizes.push_back(packed.size());
  }
  std::vector<std::uint8_t> dictionary(v.dictionary_bytes);
  const std::size_t size = ZDICT_trainFromBuffer(dictionary.data(), dictionary.size(), samples.data(), sizes.data(),
                                                 static_cast<unsigned>(sizes.size()));
  if (ZDICT_isError(size)) return {};
  dictionary.resize(size);
  return dictionary;
}

std::uint64_t encoded_bytes(const std::vector<std::uint16_t>& marked, io::TableKind kind, unsigned bits,
                            const Variant& v) {
  const std::uint64_t per_block = std::uint64_t{v.block_bytes} * 8 / bits;
  const std::uint64_t blocks = (marked.size() + per_block - 1) / per_block;
  const std::vector<std::uint8_t> dictionary =
      v.dictionary_bytes > 0 ? train_dictionary(marked, kind, bits, v, blocks) : std::vector<std::uint8_t>{};
  std::unique_ptr<ZSTD_CDict, decltype(&ZSTD_freeCDict)> cdict(
      dictionary.empty() ? nullptr : ZSTD_createCDict(dictionary.data(), dictionary.size(), v.level), &ZSTD_freeCDict);
  std::atomic<std::uint64_t> total{dictionary.size()};  // the dictionary would be stored in the file
  parallel_for(0, blocks, 2, [&](std::uint64_t b0, std::uint64_t b1) {
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> ctx(ZSTD_createCCtx(), &ZSTD_freeCCtx);
    std::vector<std::uint8_t> out;
    for (std::uint64_t b = b0; b < b1; ++b) {
      const auto packed = packed_block(marked, kind, bits, v, b);
      out.resize(ZSTD_compressBound(packed.size()));
      const std::size_t size =
          cdict ? ZSTD_compress_usingCDict(ctx.get(), out.data(), out.size(), packed.data(), packed.size(), cdict.get())
                : ZSTD_compressCCtx(ctx.get(), out.data(), out.size(), packed.data(), packed.size(), v.level);
      total += size + io::format::kIndexEntrySize;
    }
  }, 1);
  return total;
}

int run(const std::filesystem::path& path) {
  const std::shared_ptr<const TableDirectory> directory = TableDirectory::open(path);
  directory->require_classes();
  const TableDirectory& dir = *directory;
  const Manifest& manifest = dir.manifest();
  const Fill bridge = io::fill_dont_care<std::uint16_t>;  // what the writer does
  const std::vector<Variant> variants{
      {"previous 16K z12", fill_previous, 16384, 12},  {"next 16K z12", fill_next, 16384, 12},
      {"majority 16K z12", fill_majority, 16384, 12},  {"bridge 16K z12", bridge, 16384, 12},
      {"bridge 16K z19", bridge, 16384, 19},           {"bridge 32K z12", bridge, 32768, 12},
      {"bridge 32K z19", bridge, 32768, 19},           {"bridge 64K z19", bridge, 65536, 19},
      {"halved+bridge 16K z12", fill_halved, 16384, 12}, {"halved+bridge 32K z19", fill_halved, 32768, 19},
      {"bridge 16K z12 dict16K", bridge, 16384, 12, 16384}, {"bridge 16K z12 dict64K", bridge, 16384, 12, 65536},
  };

  std::vector<std::uint64_t> wdl_total(variants.size()), depth_total(variants.size());
  std::uint64_t canonical_total = 0, old_wdl = 0, old_depth = 0;
  std::printf("%-6s %12s  %-18s %10s %10s\n", "class", "canonical", "variant", "WDL B/pos", "depth B/pos");
  for (const auto& [name, entry] : manifest.classes()) {
    const ClassTable table = read_class_table(dir, entry.material);
    const MaterialIndex& index = MaterialIndex::of(entry.material);
    std::vector<std::uint16_t> wdl(index.slots()), depth(index.slots());
    for_each_slot(index, 0, index.slots(), [&](const SlotCursor& slot) {
      const std::uint64_t s = slot.slot();
      const bool read = slot.canonical() && TableLookup::reads_entry(slot.us(), slot.them());
      wdl[s] = read ? table.wdl[s] : static_cast<std::uint16_t>(io::Wdl::unused);
      depth[s] = read && table.wdl[s] != static_cast<std::uint8_t>(Outcome::draw) ? table.depth[s] : io::kDontCareDepth;
    });
    const unsigned depth_bits = entry.max_depth > 255 ? 16 : 8;
    canonical_total += entry.canonical;
    old_wdl += entry.wdl.bytes, old_depth += entry.depth.bytes;
    for (std::size_t k = 0; k < variants.size(); ++k) {
      const std::uint64_t w = encoded_bytes(wdl, io::TableKind::wdl, 2, variants[k]);
      const std::uint64_t d = encoded_bytes(depth, io::TableKind::depth, depth_bits, variants[k]);
      wdl_total[k] += w, depth_total[k] += d;
      std::printf("%-6s %12llu  %-18s %10.5f %10.5f\n", name.c_str(), static_cast<unsigned long long>(entry.canonical),
                  variants[k].name.c_str(), double(w) / entry.canonical, double(d) / entry.canonical);
    }
  }
  std::printf("\nall %llu canonical positions; files as written: WDL %.5f, depth %.5f bytes/pos\n",
              static_cast<unsigned long long>(canonical_total), double(old_wdl) / canonical_total,
              double(old_depth) / canonical_total);
  for (std::size_t k = 0; k < variants.size(); ++k)
    std::printf("  %-18s WDL %.5f  depth %.5f bytes/pos\n", variants[k].name.c_str(),
                double(wdl_total[k]) / canonical_total, double(depth_total[k]) / canonical_total);
  return 0;
}

}  // namespace
}  // namespace tsivy

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fill_study TABLE_DIR\n");
    return 2;
  }
  try {
    return tsivy::run(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fill_study: error: %s\n", e.what());
    return 1;
  }
}
