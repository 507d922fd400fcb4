// Looking positions up in a table directory: the value of a position and the value of
// each of its turns. The C API of libtsivy (a later step) wraps this class.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "game/movegen.h"
#include "indexing/material_index.h"
#include "lookup/table_lookup.h"

namespace tsivy {

struct ScoredTurn {
  Turn turn;
  Value value;  // of the turn for the side that makes it
};

class TableProbe {
 public:
  // Opens DIR/manifest.json; tables are opened on first use. Throws when the manifest
  // is missing or invalid.
  explicit TableProbe(std::filesystem::path dir);

  // Value for the side to move, capture positions resolved by search. Throws
  // LookupError (missing class, damaged file, ...). Thread-safe.
  Value value(const Position& position) const;

  // Every legal turn with its value, best first (fastest win, then draws, then the
  // slowest loss); ties keep generation order.
  std::vector<ScoredTurn> scored_turns(const Position& position) const;

 private:
  std::filesystem::path dir_;
  TableLookup lookup_;
};

}  // namespace tsivy
