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
#include "io/table_reader.h"
#include "lookup/outcome.h"

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

  // Value for the side to move. Throws std::out_of_range when the position's class is
  // not in the directory, io::TableError when its file is damaged. Thread-safe.
  Value value(const Position& position) const;

  // Every legal turn with its value, best first (fastest win, then draws, then the
  // slowest loss); ties keep generation order.
  std::vector<ScoredTurn> scored_turns(const Position& position) const;

 private:
  const io::TableReader& reader(Material material, io::TableKind kind) const;

  std::filesystem::path dir_;
  mutable std::mutex open_mutex_;
  mutable std::map<std::pair<int, int>, std::unique_ptr<io::TableReader>> readers_;  // (class key, kind)
};

}  // namespace tsivy
