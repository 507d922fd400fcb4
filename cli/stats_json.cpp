#include "cli/stats_json.h"

#include "game/notation.h"

namespace tsivy::cli {
namespace {

nlohmann::json counts_json(const std::array<std::uint64_t, 3>& c) {
  return {{"win", c[2]}, {"draw", c[1]}, {"loss", c[0]}};
}

}  // namespace

nlohmann::json deepest_fen(const ClassStats& s) {
  if (s.deepest_us == 0 && s.deepest_them == 0) return nullptr;
  return format_position(Position{s.deepest_us, s.deepest_them, Colour::White});
}

nlohmann::json class_stats_json(const ClassStats& s) {
  return {{"class", to_string(s.material)},
          {"canonical", counts_json(s.canonical)},
          {"raw", counts_json(s.raw)},
          {"max_depth", s.max_depth},
          {"deepest", deepest_fen(s)},
          {"wins_by_depth", s.wins_by_depth},
          {"losses_by_depth", s.losses_by_depth}};
}

}  // namespace tsivy::cli
