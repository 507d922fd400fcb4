#include "solver/stats.h"

#include <mutex>
#include <stdexcept>

#include "solver/manifest.h"
#include "solver/parallel.h"
#include "solver/table_files.h"

namespace tsivy {
namespace {

void count_into(std::vector<std::uint64_t>& histogram, int depth) {
  if (histogram.size() <= static_cast<std::size_t>(depth)) histogram.resize(depth + 1);
  ++histogram[depth];
}

ClassStats class_stats(const ClassTable& table, unsigned threads) {
  const MaterialIndex& index = MaterialIndex::of(table.material);
  ClassStats total;
  total.material = table.material;
  std::mutex merge;
  parallel_for(0, index.slots(), threads, [&](std::uint64_t first, std::uint64_t last) {
    ClassStats part;
    for (std::uint64_t s = first; s < last; ++s) {
      const auto outcome = static_cast<Outcome>(table.wdl[s]);
      if (outcome == Outcome::unused) continue;
      const auto code = static_cast<std::size_t>(outcome);
      const auto [us, them] = index.unindex(s);
      ++part.canonical[code];
      part.raw[code] += orbit_size(us, them);
      if (outcome == Outcome::draw) continue;
      part.max_depth = std::max<int>(part.max_depth, table.depth[s]);
      count_into(outcome == Outcome::win ? part.wins_by_depth : part.losses_by_depth, table.depth[s]);
    }
    std::lock_guard lock(merge);
    for (std::size_t v = 0; v < 3; ++v) total.canonical[v] += part.canonical[v], total.raw[v] += part.raw[v];
    total.max_depth = std::max(total.max_depth, part.max_depth);
    for (auto [from, to] : {std::pair{&part.wins_by_depth, &total.wins_by_depth},
                            std::pair{&part.losses_by_depth, &total.losses_by_depth}}) {
      if (to->size() < from->size()) to->resize(from->size());
      for (std::size_t d = 0; d < from->size(); ++d) (*to)[d] += (*from)[d];
    }
  });
  return total;
}

}  // namespace

std::vector<ClassStats> table_stats(const std::filesystem::path& dir, unsigned threads) {
  const Manifest manifest = Manifest::load(dir);
  if (manifest.classes().empty()) throw std::runtime_error(dir.string() + ": no manifest.json or no classes in it");
  std::vector<ClassStats> out;
  for (const Material m : materials_up_to(kMaxStones))
    if (manifest.find(m)) out.push_back(class_stats(read_class_table(dir, m), threads));
  return out;
}

}  // namespace tsivy
