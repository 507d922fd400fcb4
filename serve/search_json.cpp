#include "serve/search_json.h"

#include "game/notation.h"
#include "lookup/outcome.h"
#include "serve/probe_json.h"

namespace tsivy::serve {
namespace {

nlohmann::json table_value_json(const Value& value) {
  return value.outcome == Outcome::unused ? nlohmann::json(nullptr) : value_json(value);
}

}  // namespace

nlohmann::json search_json(const Position& root, const search::SearchResult& result) {
  nlohmann::json pv = nlohmann::json::array();
  for (const Move& m : result.pv) pv.push_back(turn_text(m));
  return {{"fen", format_position(root)},
          {"best", result.best ? nlohmann::json(turn_text(*result.best)) : nlohmann::json(nullptr)},
          {"score", result.score},
          {"score_text", search::score_text(result.score)},
          {"depth", result.depth},
          {"nodes", result.nodes},
          {"time_ms", std::chrono::duration_cast<std::chrono::milliseconds>(result.elapsed).count()},
          {"pv", pv},
          {"from_tables", result.from_tables},
          {"table", result.from_tables ? table_value_json(result.table_value) : nlohmann::json(nullptr)},
          {"end", nullptr}};
}

}  // namespace tsivy::serve
