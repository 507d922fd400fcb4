#include "solver/solved_classes.h"

#include <stdexcept>

namespace tsivy {

void SolvedClasses::add(ClassTable table) {
  const Material m = table.material;
  tables_[key(m)] = std::make_unique<ClassTable>(std::move(table));
}

const ClassTable& SolvedClasses::table(Material material) const {
  const auto it = tables_.find(key(material));
  if (it == tables_.end()) throw std::logic_error("class " + to_string(material) + " is not solved yet");
  return *it->second;
}

Value SolvedClasses::value_of(PointSet us, PointSet them) const {
  if (!us) return kLostNow;
  const Material material{count(us), count(them)};
  return table(material).at(MaterialIndex::of(material).index(us, them));
}

}  // namespace tsivy
