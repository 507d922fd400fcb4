// Paika un-moves against forward generation by the reference, both ways: every
// predecessor returned is real (random positions), and on the small classes the
// un-move edges are exactly the forward paika edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "game/movegen.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

using test::show;

// Is `target` reached from `before` by a legal paika (reference)?
bool is_paika_edge(const Position& before, const Position& target) {
  if (reference::has_capture(before)) return false;
  for (const reference::RefTurn& t : reference::turns(before))
    if (t.notation.find('A') == std::string::npos && t.notation.find('W') == std::string::npos && t.result == target)
      return true;
  return false;
}

TEST(PaikaUnmoves, EveryPredecessorHasThePositionAsAPaikaSuccessor) {
  test::Rng rng(31337);
  const long n = test::scaled(100000);
  long predecessors = 0;
  int failures = 0;
  std::vector<Position> out;
  for (long i = 0; i < n && failures < 5; ++i) {
    const Position p = test::random_position(rng);
    paika_unmoves(p, out);
    predecessors += static_cast<long>(out.size());
    std::vector<Position> sorted = out;
    std::sort(sorted.begin(), sorted.end(), reference::PositionLess{});
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      ADD_FAILURE() << "paika_unmoves returned a predecessor twice for " << show(p);
      ++failures;
    }
    for (const Position& before : out) {
      if (before.to_move == p.to_move || !is_paika_edge(before, p)) {
        ADD_FAILURE() << "paika_unmoves(" << show(p) << ") returned " << show(before)
                      << ", which has no legal paika to it"
                      << (reference::has_capture(before) ? " (it has a capture)" : "");
        ++failures;
        break;
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(predecessors, n);  // the sample is not trivially empty
}

TEST(PaikaUnmoves, RandomPositionsGiveEveryPredecessor) {
  test::Rng rng(8080);
  const long n = test::scaled(20000);
  int failures = 0;
  std::vector<Position> out{Position{5, 6, Colour::White}};  // must be cleared
  for (long i = 0; i < n && failures < 5; ++i) {
    const Position p = test::random_position(rng);
    paika_unmoves(p, out);
    std::sort(out.begin(), out.end(), reference::PositionLess{});
    const std::vector<Position> want = reference::paika_predecessors(p);
    if (out != want) {
      ADD_FAILURE() << "paika_unmoves(" << show(p) << ") gives " << out.size() << " predecessors, the reference "
                    << want.size();
      ++failures;
    }
  }
  EXPECT_EQ(failures, 0);
}

// All positions of class (a, b) with `fixed` as the stones of the side that did not
// move: the un-move edges into them must equal the forward paika edges out of the
// class (b, a) positions that have the same non-moving stones.
struct EdgeCheck {
  long forward_edges = 0;
  long unmove_edges = 0;
  int failures = 0;
};

void all_sets(int stones, PointSet excluded, std::vector<PointSet>& out) {
  out.clear();
  std::vector<Point> free;
  for (Point p = 0; p < kPoints; ++p)
    if (!(excluded & (PointSet{1} << p))) free.push_back(p);
  const int f = static_cast<int>(free.size());
  if (stones == 1) {
    for (int i = 0; i < f; ++i) out.push_back(PointSet{1} << free[static_cast<std::size_t>(i)]);
  } else if (stones == 2) {
    for (int i = 0; i < f; ++i)
      for (int j = i + 1; j < f; ++j)
        out.push_back((PointSet{1} << free[static_cast<std::size_t>(i)]) | (PointSet{1} << free[static_cast<std::size_t>(j)]));
  }
}

void check_fixed(PointSet fixed, int movers, Colour target_to_move, EdgeCheck& check) {
  using Edge = std::pair<PointSet, PointSet>;  // (mover's stones before, after)
  std::vector<PointSet> sets;
  all_sets(movers, fixed, sets);
  const Colour mover_colour = other(target_to_move);
  std::vector<Edge> forward, backward;
  for (PointSet m : sets) {
    const Position before{m, fixed, mover_colour};
    for (const Position& after : reference::paika_successors(before)) {
      if (after.us != fixed || after.to_move != target_to_move) {
        ADD_FAILURE() << "reference paika changed the wrong stones: " << show(before) << " -> " << show(after);
        ++check.failures;
        return;
      }
      forward.emplace_back(m, after.them);
    }
  }
  std::vector<Position> out;
  for (PointSet m : sets) {
    const Position target{fixed, m, target_to_move};
    paika_unmoves(target, out);
    for (const Position& before : out) {
      if (before.them != fixed || before.to_move != mover_colour) {
        if (check.failures++ < 5)
          ADD_FAILURE() << "paika_unmoves(" << show(target) << ") returned " << show(before)
                        << ", which changes the wrong stones";
        continue;
      }
      backward.emplace_back(before.us, m);
    }
  }
  std::sort(forward.begin(), forward.end());
  std::sort(backward.begin(), backward.end());
  check.forward_edges += static_cast<long>(forward.size());
  check.unmove_edges += static_cast<long>(backward.size());
  if (forward != backward && check.failures++ < 5) {
    std::vector<Edge> missing, extra;
    std::set_difference(forward.begin(), forward.end(), backward.begin(), backward.end(), std::back_inserter(missing));
    std::set_difference(backward.begin(), backward.end(), forward.begin(), forward.end(), std::back_inserter(extra));
    std::string text;
    if (!missing.empty()) {
      const Position before{missing[0].first, fixed, mover_colour}, target{fixed, missing[0].second, target_to_move};
      text += "\n  missing un-move: paika_unmoves(" + show(target) + ") lacks " + show(before);
    }
    if (!extra.empty()) {
      const Position before{extra[0].first, fixed, mover_colour}, target{fixed, extra[0].second, target_to_move};
      text += "\n  extra un-move: paika_unmoves(" + show(target) + ") gives " + show(before);
    }
    ADD_FAILURE() << missing.size() << " forward paika edges not found by un-moves, " << extra.size()
                  << " un-moves not found forward" << text;
  }
}

// Targets of class (a, b) (a = side to move); predecessors are of class (b, a).
EdgeCheck check_class(int a, int b, long stride) {
  EdgeCheck check;
  std::vector<PointSet> fixed_sets;
  all_sets(a, 0, fixed_sets);
  long index = 0;
  for (PointSet fixed : fixed_sets) {
    if (index++ % stride != 0) continue;
    // Alternate the colour to move so both are covered.
    check_fixed(fixed, b, index % 2 ? Colour::White : Colour::Black, check);
    if (check.failures >= 5) break;
  }
  return check;
}

TEST(PaikaUnmoves, ExhaustiveTwoVersusOne) {
  const EdgeCheck c = check_class(2, 1, 1);
  EXPECT_EQ(c.failures, 0);
  EXPECT_EQ(c.forward_edges, c.unmove_edges);
  EXPECT_GT(c.forward_edges, 0);
}

TEST(PaikaUnmoves, ExhaustiveOneVersusTwo) {
  const EdgeCheck c = check_class(1, 2, 1);
  EXPECT_EQ(c.failures, 0);
  EXPECT_EQ(c.forward_edges, c.unmove_edges);
  EXPECT_GT(c.forward_edges, 0);
}

TEST(PaikaUnmoves, ExhaustiveTwoVersusTwo) {
  // Under the sanitizers only every 13th set of non-moving stones.
  const EdgeCheck c = check_class(2, 2, test::kSanitizeBuild ? 13 : 1);
  EXPECT_EQ(c.failures, 0);
  EXPECT_EQ(c.forward_edges, c.unmove_edges);
  EXPECT_GT(c.forward_edges, 0);
}

}  // namespace
}  // namespace tsivy
