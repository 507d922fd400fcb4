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

// The manifest is loaded first: it refuses a directory that holds no tables.
TableProbe::TableProbe(std::filesystem::path dir) : dir_((Manifest::load_required(dir), std::move(dir))), lookup_(dir_) {}

Value TableProbe::value(const Position& position) const { return lookup_.value(position.us, position.them); }

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
