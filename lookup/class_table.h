// A solved material class held in memory: one value per index slot.
#pragma once

#include <cstdint>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/outcome.h"

namespace tsivy {

struct ClassTable {
  Material material{};
  std::vector<std::uint8_t> wdl;     // Outcome codes, one per slot
  std::vector<std::uint16_t> depth;  // one per slot, 0 for draws and unused slots

  Value at(std::uint64_t slot) const { return {static_cast<Outcome>(wdl[slot]), depth[slot]}; }
};

}  // namespace tsivy
