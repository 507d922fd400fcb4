#include "probe/table_probe.h"

#include <algorithm>
#include <stdexcept>

#include "indexing/material_index.h"
#include "solver/manifest.h"
#include "solver/table_files.h"

namespace tsivy {
namespace {

// Orders turn values best first for the side making the turn.
int rank(const Value& v) {
  switch (v.outcome) {
    case Outcome::win: return -100000 + v.depth;
    case Outcome::draw: return 0;
    default: return 100000 - v.depth;
  }
}

// The value of a turn for its maker, from the value of the position it leads to.
Value for_mover(const Value& result) {
  switch (result.outcome) {
    case Outcome::loss: return {Outcome::win, static_cast<std::uint16_t>(result.depth + 1)};
    case Outcome::win: return {Outcome::loss, static_cast<std::uint16_t>(result.depth + 1)};
    default: return result;
  }
}

}  // namespace

TableProbe::TableProbe(std::filesystem::path dir) : dir_(std::move(dir)) {
  Manifest::load_required(dir_);  // refuses a directory that holds no tables
}

const io::TableReader& TableProbe::reader(Material material, io::TableKind kind) const {
  std::lock_guard lock(open_mutex_);
  auto& slot = readers_[{material.us * 64 + material.them, static_cast<int>(kind)}];
  if (!slot) {
    const std::filesystem::path file = table_file(dir_, material, kind);
    if (!std::filesystem::exists(file))
      throw std::out_of_range("no table for class " + to_string(material) + " in " + dir_.string());
    auto opened = std::make_unique<io::TableReader>(file);
    const io::TableHeader& h = opened->header();
    if (h.spec.index_scheme != index_scheme_id() || h.spec.m != material.us || h.spec.n != material.them ||
        h.spec.kind != kind || h.entry_count != MaterialIndex::of(material).slots())
      throw io::TableError(file, "header does not describe this class and index scheme");
    slot = std::move(opened);
  }
  return *slot;
}

Value TableProbe::value(const Position& position) const {
  if (!position.us) return kLostNow;
  const Material material{count(position.us), count(position.them)};
  if (!material.valid()) throw std::out_of_range("no tables for " + std::to_string(material.stones()) + " stones");
  const std::uint64_t slot = MaterialIndex::of(material).index(position.us, position.them);
  const auto outcome = static_cast<Outcome>(reader(material, io::TableKind::wdl).get(slot));
  if (outcome == Outcome::unused) throw io::TableError(table_file(dir_, material, io::TableKind::wdl), "canonical slot marked unused");
  const std::uint16_t depth = outcome == Outcome::draw ? 0 : reader(material, io::TableKind::depth).get(slot);
  return {outcome, depth};
}

std::vector<ScoredTurn> TableProbe::scored_turns(const Position& position) const {
  std::vector<ScoredTurn> out;
  for (Turn& turn : generate_turns(position)) {
    const Value v = for_mover(value(turn.result));
    out.push_back({std::move(turn), v});
  }
  std::stable_sort(out.begin(), out.end(), [](const ScoredTurn& a, const ScoredTurn& b) { return rank(a.value) < rank(b.value); });
  return out;
}

}  // namespace tsivy
