#include "tests/board/forward_fixpoint.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <stdexcept>
#include <string>

#include "parallel/parallel.h"
#include "tests/game/reference_generator.h"

namespace tsivy::testing {
namespace {

// A value in 16 bits: depth << 3 | outcome code, or one of the markers below.
constexpr std::uint16_t kNoPosition = 0xfff8 | 3;  // a code no solved position has
constexpr std::uint16_t kUnknown = 0xfff8 | 4;     // not resolved (yet)
constexpr std::uint16_t pack(Outcome o, int depth) { return static_cast<std::uint16_t>(depth << 3 | static_cast<int>(o)); }
constexpr Outcome outcome_of(std::uint16_t v) { return static_cast<Outcome>(v & 7); }
constexpr int depth_of(std::uint16_t v) { return v >> 3; }

// The successor in which the opponent (now to move) has no stone left: lost for them, now.
constexpr std::uint32_t kNoStonesLeft = std::numeric_limits<std::uint32_t>::max();

constexpr std::uint64_t power_of_three(int n) {
  std::uint64_t r = 1;
  for (int i = 0; i < n; ++i) r *= 3;
  return r;
}
constexpr std::uint64_t kCodes = power_of_three(kPoints);

std::uint32_t code_of(PointSet us, PointSet them) {
  std::uint64_t code = 0;
  for (int p = kPoints - 1; p >= 0; --p) code = code * 3 + ((us >> p) & 1) + 2 * ((them >> p) & 1);
  return static_cast<std::uint32_t>(code);
}
std::pair<PointSet, PointSet> sets_of(std::uint64_t code) {
  PointSet us = 0, them = 0;
  for (int p = 0; p < kPoints; ++p, code /= 3) {
    if (code % 3 == 1) us |= PointSet{1} << p;
    if (code % 3 == 2) them |= PointSet{1} << p;
  }
  return {us, them};
}

// The turns of a run of positions of one stone total, as successor codes.
struct TurnGraph {
  std::vector<std::uint32_t> first_edge{0};
  std::vector<std::uint32_t> edges;
};

}  // namespace

ForwardFixpoint::ForwardFixpoint(unsigned threads) {
  // Every build compiles this; only boards whose base-3 codes fit 32 bits may run it.
  if (kPoints > 20) throw std::logic_error("forward fixpoint: " + board_name() + " is too large to solve whole here");
  value_.assign(kCodes, kNoPosition);
  by_total_.resize(2 * kStonesPerSide + 1);
  for (std::uint64_t code = 0; code < kCodes; ++code) {
    const auto [us, them] = sets_of(code);
    const int m = std::popcount(us), n = std::popcount(them);
    if (m < 1 || n < 1 || m > kStonesPerSide || n > kStonesPerSide) continue;
    by_total_[m + n].push_back(static_cast<std::uint32_t>(code));
    value_[code] = kUnknown;
    ++positions_;
  }

  // A capture lowers the total, a paika keeps it: each total's positions depend only on
  // each other and on smaller totals, which are solved before.
  for (int stones = 2; stones <= 2 * kStonesPerSide; ++stones) {
    const std::vector<std::uint32_t>& codes = by_total_[stones];
    constexpr std::uint64_t kRun = 4096;
    std::vector<TurnGraph> graphs((codes.size() + kRun - 1) / kRun);
    parallel_for(0, graphs.size(), threads, [&](std::uint64_t first, std::uint64_t last) {
      for (std::uint64_t g = first; g < last; ++g)
        for (std::uint64_t i = g * kRun; i < std::min<std::uint64_t>(codes.size(), (g + 1) * kRun); ++i) {
          const auto [us, them] = sets_of(codes[i]);
          for (const Position& r : reference::distinct_results(Position{us, them, Colour::White}))
            graphs[g].edges.push_back(r.us == 0 ? kNoStonesLeft : code_of(r.us, r.them));
          graphs[g].first_edge.push_back(static_cast<std::uint32_t>(graphs[g].edges.size()));
        }
    }, 1);

    // Depth by depth: a position gets its value at step d only with depth d, read from
    // successors already valued, so every successor of depth below d is known by then
    // (the smaller totals are known whole, whatever their depths). Each step reads the
    // values the previous steps left. A position is a WIN in d when its shallowest lost
    // successor has depth d - 1; a LOSS in d when every successor is won, the deepest
    // in d - 1 (a LOSS in 0 without a turn). What no step values is a draw.
    const auto value_at_step = [&](const TurnGraph& graph, std::uint64_t k, int step) {
      bool any_loss = false, all_win = true;
      int min_loss = std::numeric_limits<int>::max(), max_win = -1;
      for (std::uint32_t e = graph.first_edge[k]; e < graph.first_edge[k + 1]; ++e) {
        const std::uint16_t v = graph.edges[e] == kNoStonesLeft ? pack(Outcome::loss, 0) : value_[graph.edges[e]];
        if (v == kNoPosition) throw std::logic_error("forward fixpoint: a successor is no solved position");
        if (v == kUnknown || outcome_of(v) == Outcome::draw) {
          all_win = false;  // a draw of a smaller total, or not valued yet
        } else if (outcome_of(v) == Outcome::loss) {
          any_loss = true;
          min_loss = std::min(min_loss, depth_of(v));
        } else {
          max_win = std::max(max_win, depth_of(v));
        }
      }
      if (any_loss) return min_loss + 1 == step ? pack(Outcome::win, step) : kUnknown;
      return all_win && max_win + 1 == step ? pack(Outcome::loss, step) : kUnknown;
    };
    std::vector<std::uint16_t> updated(codes.size(), kUnknown);
    int steps = 0;
    for (int step = 0; step <= deepest_ + 1; ++step, ++steps) {
      std::atomic<int> deepest{deepest_};
      parallel_for(0, graphs.size(), threads, [&](std::uint64_t first, std::uint64_t last) {
        for (std::uint64_t g = first; g < last; ++g)
          for (std::uint64_t k = 0; k + 1 < graphs[g].first_edge.size(); ++k) {
            const std::uint64_t i = g * kRun + k;
            if (value_[codes[i]] != kUnknown) continue;
            updated[i] = value_at_step(graphs[g], k, step);
            if (updated[i] != kUnknown && deepest.load() < step) deepest = step;
          }
      }, 1);
      deepest_ = deepest;
      for (std::size_t i = 0; i < codes.size(); ++i) value_[codes[i]] = updated[i];
    }
    most_steps_ = std::max(most_steps_, steps);
    for (const std::uint32_t code : codes)
      if (value_[code] == kUnknown) value_[code] = pack(Outcome::draw, 0);

    // The values are a fixed point of the rules, depths included: the best over the
    // successors (win fastest, else draw, else lose slowest) gives every one back.
    const auto best = [&](const TurnGraph& graph, std::uint64_t k) {
      bool any_loss = false, any_draw = false;
      int min_loss = std::numeric_limits<int>::max(), max_win = -1;
      for (std::uint32_t e = graph.first_edge[k]; e < graph.first_edge[k + 1]; ++e) {
        const std::uint16_t v = graph.edges[e] == kNoStonesLeft ? pack(Outcome::loss, 0) : value_[graph.edges[e]];
        if (outcome_of(v) == Outcome::loss) any_loss = true, min_loss = std::min(min_loss, depth_of(v));
        if (outcome_of(v) == Outcome::draw) any_draw = true;
        if (outcome_of(v) == Outcome::win) max_win = std::max(max_win, depth_of(v));
      }
      return any_loss ? pack(Outcome::win, min_loss + 1) : any_draw ? pack(Outcome::draw, 0) : pack(Outcome::loss, max_win + 1);
    };
    for (std::size_t g = 0; g < graphs.size(); ++g)
      for (std::uint64_t k = 0; k + 1 < graphs[g].first_edge.size(); ++k)
        if (best(graphs[g], k) != value_[codes[g * kRun + k]])
          throw std::logic_error("forward fixpoint: the values are not a fixed point");
  }
}

Value ForwardFixpoint::value(PointSet us, PointSet them) const {
  const std::uint16_t v = value_[code_of(us, them)];
  if (v == kNoPosition) throw std::logic_error("forward fixpoint: not a solved position");
  return {outcome_of(v), static_cast<std::uint16_t>(depth_of(v))};
}

void ForwardFixpoint::for_each_position(int stones, const std::function<void(PointSet, PointSet)>& f) const {
  for (const std::uint32_t code : by_total_.at(static_cast<std::size_t>(stones))) {
    const auto [us, them] = sets_of(code);
    f(us, them);
  }
}

}  // namespace tsivy::testing
