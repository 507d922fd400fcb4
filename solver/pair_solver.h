// Retrograde analysis of one material pair, (m, n) together with (n, m)
// (architecture.md, "Solving order"): seed from captures, propagate by paika un-moves
// with successor counters in depth order, draws last.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/class_table.h"
#include "lookup/table_lookup.h"

namespace tsivy {

struct SolveProgress {
  std::string phase;           // "seed", "propagate", "draws"
  int depth = 0;               // the depth step being propagated
  std::uint64_t resolved = 0;  // positions with a value so far, both classes
  std::uint64_t total = 0;     // canonical positions, both classes
};

struct SolveOptions {
  unsigned threads = 1;
  std::function<void(const SolveProgress&)> on_progress;  // called between steps
};

// Solves `material` and its mirror class (once when m == n). Every class with fewer
// stones must already be readable through `smaller`, which resolves the positions that
// captures lead to. Returns the solved classes, `material` first.
std::vector<ClassTable> solve_pair(Material material, const TableLookup& smaller, const SolveOptions& options);

}  // namespace tsivy
