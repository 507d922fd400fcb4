#include "cli/search_text.h"

#include "game/notation.h"

namespace tsivy::cli {

std::vector<std::string> turn_texts(std::span<const Move> turns) {
  std::vector<std::string> texts;
  texts.reserve(turns.size());
  for (const Move& m : turns) texts.push_back(turn_text(m));
  return texts;
}

std::string pv_text(std::span<const Move> pv) {
  std::string text;
  for (const std::string& t : turn_texts(pv)) text += (text.empty() ? "" : " ") + t;
  return text;
}

std::uint64_t nodes_per_second(std::uint64_t nodes, std::chrono::nanoseconds elapsed) {
  if (elapsed.count() <= 0) return 0;
  return static_cast<std::uint64_t>(static_cast<double>(nodes) * 1e9 / static_cast<double>(elapsed.count()));
}

std::int64_t milliseconds(std::chrono::nanoseconds elapsed) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
}

namespace {

std::string counts(int depth, int score, std::uint64_t nodes, std::chrono::nanoseconds elapsed) {
  return "info depth " + std::to_string(depth) + " score " + search::score_text(score) + " nodes " + std::to_string(nodes) +
         " nps " + std::to_string(nodes_per_second(nodes, elapsed)) + " time " + std::to_string(milliseconds(elapsed));
}

std::string with_pv(std::string line, std::span<const Move> pv) {
  if (!pv.empty()) line += " pv " + pv_text(pv);
  return line;
}

}  // namespace

std::string info_line(const search::Iteration& it) { return with_pv(counts(it.depth, it.score, it.nodes, it.elapsed), it.pv); }

std::string table_info_line(const search::SearchResult& r) {
  // The tables decide the root: the principal variation may be the best turn alone.
  const std::span<const Move> pv = r.pv.empty() && r.best ? std::span<const Move>(&*r.best, 1) : std::span<const Move>(r.pv);
  return with_pv(counts(0, r.score, r.nodes, r.elapsed) + " tables " + to_words(r.table_value), pv);
}

}  // namespace tsivy::cli
