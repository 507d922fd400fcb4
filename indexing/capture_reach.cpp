#include "indexing/capture_reach.h"

#include <algorithm>
#include <utility>

namespace tsivy {

std::vector<Material> capture_targets(Material material) {
  std::vector<Material> reached;
  for (int k = 1; k < material.them; ++k) reached.push_back({material.them - k, material.us});
  return reached;
}

std::vector<Material> pair_captures_reach(Material material) {
  std::vector<Material> reached, todo{material, material.flipped()};
  const auto seen = [&](Material m) {
    return m == material || m == material.flipped() || std::ranges::find(reached, m) != reached.end();
  };
  while (!todo.empty()) {
    const Material from = todo.back();
    todo.pop_back();
    for (const Material to : capture_targets(from)) {
      if (seen(to)) continue;
      reached.push_back(to);
      todo.push_back(to);
    }
  }
  std::ranges::sort(reached, [](Material a, Material b) {
    return std::pair{a.stones(), a.us} < std::pair{b.stones(), b.us};
  });
  return reached;
}

}  // namespace tsivy
