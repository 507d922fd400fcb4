// The classes solved so far, in memory, for seeding: a capture leads into a class with
// fewer stones, whose values come from here.
#pragma once

#include <array>
#include <memory>

#include "game/position.h"
#include "solver/class_table.h"

namespace tsivy {

class SolvedClasses {
 public:
  void add(ClassTable table);
  bool contains(Material material) const { return material.valid() && entry(material).table != nullptr; }
  const ClassTable& table(Material material) const;

  // The value of a position whose class is solved; a side to move without stones has
  // lost. Read-only, so safe from many threads once the needed classes are added.
  Value value_of(PointSet us, PointSet them) const {
    if (!us) return kLostNow;
    const Material material{count(us), count(them)};
    if (!contains(material)) not_solved(material);
    const Entry& e = entry(material);
    return e.table->at(e.index->index_unchecked(us, them));
  }

 private:
  struct Entry {
    std::unique_ptr<ClassTable> table;
    const MaterialIndex* index = nullptr;
  };
  // Direct addressing by stone counts: this lookup sits in the seeding's inner loop.
  const Entry& entry(Material m) const { return entries_[m.us * (kMaxStones + 1) + m.them]; }
  [[noreturn]] static void not_solved(Material material);

  std::array<Entry, (kMaxStones + 1) * (kMaxStones + 1)> entries_;
};

}  // namespace tsivy
