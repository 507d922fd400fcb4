#include "solver/solved_classes.h"

#include <stdexcept>

namespace tsivy {

void SolvedClasses::add(ClassTable table) {
  const Material m = table.material;
  Entry& e = entries_[m.us * (kMaxStones + 1) + m.them];
  e.index = &MaterialIndex::of(m);
  e.table = std::make_unique<ClassTable>(std::move(table));
}

const ClassTable& SolvedClasses::table(Material material) const {
  if (!contains(material)) not_solved(material);
  return *entry(material).table;
}

void SolvedClasses::not_solved(Material material) {
  throw std::logic_error("class " + to_string(material) + " is not solved yet");
}

}  // namespace tsivy
