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
    for_each_slot(index, first, last, [&](const SlotCursor& slot) {
      const auto outcome = static_cast<Outcome>(table.wdl[slot.slot()]);
      if (outcome == Outcome::unused) return;
      const auto code = static_cast<std::size_t>(outcome);
      ++part.canonical[code];
      part.raw[code] += orbit_size(slot.us(), slot.them());
      if (outcome == Outcome::draw) return;
      const int depth = table.depth[slot.slot()];
      part.max_depth = std::max(part.max_depth, depth);
      count_into(outcome == Outcome::win ? part.wins_by_depth : part.losses_by_depth, depth);
    });
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
  const Manifest manifest = Manifest::load_required(dir);
  std::vector<ClassStats> out;
  for (const Material m : materials_up_to(kMaxStones))
    if (manifest.find(m)) out.push_back(class_stats(read_class_table(dir, m), threads));
  return out;
}

}  // namespace tsivy
