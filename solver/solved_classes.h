// The classes solved so far, in memory, for seeding: a capture leads into a class with
// fewer stones, whose values come from here.
#pragma once

#include <filesystem>
#include <map>
#include <memory>

#include "game/position.h"
#include "solver/class_table.h"

namespace tsivy {

class SolvedClasses {
 public:
  void add(ClassTable table);
  bool contains(Material material) const { return tables_.count(key(material)) != 0; }
  const ClassTable& table(Material material) const;

  // The value of a position whose class is solved; a side to move without stones has
  // lost. Read-only, so safe from many threads once the needed classes are added.
  Value value_of(PointSet us, PointSet them) const;

 private:
  static int key(Material m) { return m.us * 64 + m.them; }
  std::map<int, std::unique_ptr<ClassTable>> tables_;
};

}  // namespace tsivy
