// `tsivy info`: the size of each material class's index and tables.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "indexing/material_index.h"
#include "parallel/parallel.h"

namespace tsivy::cli {
namespace {

std::uint64_t bytes_at_2_bits(std::uint64_t slots) { return (slots + 3) / 4; }

struct ClassInfo {
  std::string name;
  std::uint64_t raw = 0, slots = 0, canonical = 0, bytes_2bit = 0;  // bytes_2bit: whole bytes per class
};

// Walks every slot with the index's own canonicity test, on all cores.
std::uint64_t count_canonical(const MaterialIndex& index) {
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::atomic<std::uint64_t> total{0};
  parallel_for(0, index.slots(), threads, [&](std::uint64_t first, std::uint64_t last) {
    std::uint64_t here = 0;
    for (std::uint64_t slot = first; slot < last; ++slot) here += index.is_canonical_unchecked(slot);
    total += here;
  }, std::uint64_t{1} << 20);
  return total;
}

std::string with_commas(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

void add_info_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("info", "Index size per material class: raw positions, slots, table bytes");
  auto material = std::make_shared<std::string>();
  auto max_stones = std::make_shared<int>(0);
  auto json = std::make_shared<bool>(false);
  auto canonical = std::make_shared<bool>(false);
  auto* by_class = cmd->add_option("--class", *material, "One material class, MvN (m stones to move, n opposing)");
  auto* by_stones = cmd->add_option("--max-stones", *max_stones, "Every class with 2..N stones")
                        ->check(CLI::Range(2, kMaxStones));
  by_class->excludes(by_stones);
  cmd->add_flag("--count-canonical", *canonical,
                "Also count the canonical slots by testing every slot (seconds to 6 stones, a minute at 7)");
  cmd->add_flag("--json", *json,
                "One JSON object per class per line: {\"class\": \"4v3\", \"raw\": R, \"slots\": S, ...}, then one "
                "{\"totals\": true, ...} line");
  cmd->callback([=] {
    if (material->empty() && *max_stones == 0) throw std::invalid_argument("info: give --class MvN or --max-stones N");
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Material> classes =
        material->empty() ? materials_up_to(*max_stones) : std::vector<Material>{Material::parse(*material)};
    MaterialIndex::of(classes.front());  // builds the tables
    const std::chrono::duration<double> built = std::chrono::steady_clock::now() - start;

    ClassInfo total{"total"};
    if (!*json) {
      std::printf("%-6s %26s %26s %7s %22s %24s%s\n", "class", "raw positions", "slots", "ratio", "bytes at 2 bits",
                  "bytes at 1 byte", *canonical ? "        canonical slots" : "");
    }
    for (Material m : classes) {
      const MaterialIndex& index = MaterialIndex::of(m);
      ClassInfo c{m.to_string(), index.raw_positions(), index.slots(), 0, bytes_at_2_bits(index.slots())};
      if (*canonical) c.canonical = count_canonical(index);
      total.raw += c.raw, total.slots += c.slots, total.canonical += c.canonical, total.bytes_2bit += c.bytes_2bit;
      const double ratio = static_cast<double>(c.slots) / static_cast<double>(c.raw);
      if (*json) {
        nlohmann::ordered_json line{{"class", c.name},
                            {"raw", c.raw},
                            {"slots", c.slots},
                            {"ratio", ratio},
                            {"bytes_2bit", c.bytes_2bit},
                            {"bytes_1byte", c.slots}};
        if (*canonical) line["canonical"] = c.canonical;
        std::cout << line.dump() << "\n" << std::flush;
      } else {
        std::printf("%-6s %26s %26s %7.4f %22s %24s", c.name.c_str(), with_commas(c.raw).c_str(),
                    with_commas(c.slots).c_str(), ratio, with_commas(c.bytes_2bit).c_str(),
                    with_commas(c.slots).c_str());
        if (*canonical) std::printf(" %22s", with_commas(c.canonical).c_str());
        std::printf("\n");
        std::fflush(stdout);
      }
    }
    const double ratio = static_cast<double>(total.slots) / static_cast<double>(total.raw);
    if (*json) {
      nlohmann::ordered_json line{{"totals", true},
                          {"classes", classes.size()},
                          {"raw", total.raw},
                          {"slots", total.slots},
                          {"ratio", ratio},
                          {"bytes_2bit", total.bytes_2bit},
                          {"bytes_1byte", total.slots},
                          {"index_table_bytes", index_memory_bytes()}};
      if (*canonical) line["canonical"] = total.canonical;
      std::cout << line.dump() << "\n";
    } else {
      std::printf("%-6s %26s %26s %7.4f %22s %24s", "total", with_commas(total.raw).c_str(),
                  with_commas(total.slots).c_str(), ratio, with_commas(total.bytes_2bit).c_str(),
                  with_commas(total.slots).c_str());
      if (*canonical) std::printf(" %22s", with_commas(total.canonical).c_str());
      std::printf("\n%zu classes; index tables %.2f MiB, built in %.1f ms\n", classes.size(),
                  static_cast<double>(index_memory_bytes()) / (1 << 20), built.count() * 1000);
    }
  });
}

}  // namespace tsivy::cli
