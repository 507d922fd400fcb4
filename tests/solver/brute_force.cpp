#include "tests/solver/brute_force.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "game/movegen.h"

namespace tsivy::testing {
namespace {

// A value packed into 16 bits, (depth << 3) | code, so one relaxation round reads one
// word per successor. Codes: the Outcome codes plus kUnknown for "not resolved yet".
constexpr std::uint16_t kUnknown = 4;
constexpr std::uint16_t pack(Outcome o, int depth) { return static_cast<std::uint16_t>(depth << 3 | static_cast<int>(o)); }
constexpr std::uint16_t code_of(std::uint16_t v) { return v & 7; }
constexpr int depth_of(std::uint16_t v) { return v >> 3; }
constexpr std::uint16_t kLoss = static_cast<std::uint16_t>(Outcome::loss);
constexpr std::uint16_t kWin = static_cast<std::uint16_t>(Outcome::win);

// The successor "opponent has no stones left": the side to move there has lost, now.
constexpr std::uint32_t kNoStonesLeft = std::numeric_limits<std::uint32_t>::max();

std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

// Rank of a k-subset of the board points in colexicographic order (its i-th smallest
// point p contributes C(p, i + 1)): a dense numbering of all placements of k stones.
std::uint64_t colex_rank(PointSet s) {
  std::uint64_t rank = 0;
  for (int i = 1; s; ++i) rank += binomial(pop_first(s), i);
  return rank;
}

// Calls f(set) for every set of k board points (Gosper's hack, increasing order).
template <class F>
void for_each_subset(int k, F f) {
  if (k == 0) {
    f(PointSet{0});
    return;
  }
  PointSet s = (PointSet{1} << k) - 1;
  while (s <= kBoard) {
    f(s);
    const PointSet c = s & (~s + 1), r = s + c;
    s = (((r ^ s) >> 2) / c) | r;
  }
}

}  // namespace

std::uint64_t BruteForce::slot(PointSet us, PointSet them) const {
  const int m = count(us), n = count(them);
  if (m < 1 || n < 1 || m + n > max_stones_ || (us & them) || ((us | them) & ~kBoard))
    throw std::logic_error("brute force: no raw position of a solved class");
  return class_offset_[m * (max_stones_ + 1) + n] + colex_rank(us) * binomial(kPoints, n) + colex_rank(them);
}

BruteForce::BruteForce(int max_stones) : max_stones_(max_stones) {
  // Slots: for each class, C(points, m) * C(points, n); overlapping pairs are no position.
  class_offset_.assign((max_stones + 1) * (max_stones + 1), 0);
  std::uint64_t slots = 0;
  for (int m = 1; m < max_stones; ++m)
    for (int n = 1; m + n <= max_stones; ++n) {
      class_offset_[m * (max_stones + 1) + n] = slots;
      slots += binomial(kPoints, m) * binomial(kPoints, n);
    }
  if (slots >= kNoStonesLeft) throw std::logic_error("brute force: too many slots");

  // The explicit graph: every raw position and every position one turn leads to.
  std::vector<std::uint16_t> value(slots, pack(Outcome::unused, 0));
  std::vector<std::uint64_t> first_edge(slots + 1, 0);
  std::vector<std::uint32_t> edges;
  std::vector<Position> next;
  for (int m = 1; m < max_stones; ++m)
    for (int n = 1; m + n <= max_stones; ++n)
      for_each_subset(m, [&](PointSet us) {
        for_each_subset(n, [&](PointSet them) {
          if (us & them) return;
          const std::uint64_t s = slot(us, them);
          value[s] = kUnknown;
          ++positions_;
          successors(Position{us, them, Colour::White}, next);
          // Slots are visited in increasing order, so the edge lists come out in order.
          for (const Position& r : next)
            edges.push_back(r.us == 0 ? kNoStonesLeft : static_cast<std::uint32_t>(slot(r.us, r.them)));
          first_edge[s + 1] = edges.size();
        });
      });
  for (std::uint64_t s = 0; s < slots; ++s) first_edge[s + 1] = std::max(first_edge[s + 1], first_edge[s]);

  // Relaxation, all positions at once from the previous round's values, until a round
  // changes nothing. A position is a WIN in 1 + the smallest depth of its lost
  // successors, if it has one; a LOSS in 1 + the largest depth of its won successors
  // when every successor is won (LOSS in 0 when it has none); otherwise unresolved.
  // Whatever is unresolved at the fixpoint is a DRAW.
  const auto relax = [&](std::uint64_t s) {
    bool any_loss = false, all_win = true;
    int min_loss = std::numeric_limits<int>::max(), max_win = -1;
    for (std::uint64_t e = first_edge[s]; e < first_edge[s + 1]; ++e) {
      const std::uint16_t v = edges[e] == kNoStonesLeft ? pack(Outcome::loss, 0) : value[edges[e]];
      if (code_of(v) == kLoss) {
        any_loss = true;
        min_loss = std::min(min_loss, depth_of(v));
      } else if (code_of(v) == kWin) {
        max_win = std::max(max_win, depth_of(v));
      } else {
        all_win = false;
      }
    }
    return any_loss ? pack(Outcome::win, min_loss + 1) : all_win ? pack(Outcome::loss, max_win + 1) : kUnknown;
  };
  // Every round starts from the previous round's values (no position sees a value
  // set in the same round), so the positions resolved in round r are exactly those
  // with depth r - 1, and a resolved value never changes afterwards: the rounds only
  // revisit unresolved positions. A last round over every position checks that the
  // values really are the fixpoint, depths included.
  std::vector<std::uint16_t> updated = value;
  for (bool changed = true; changed; ++rounds_) {
    changed = false;
    for (std::uint64_t s = 0; s < slots; ++s) {
      if (value[s] != kUnknown) continue;
      updated[s] = relax(s);
      changed |= updated[s] != kUnknown;
    }
    value = updated;
  }
  for (std::uint64_t s = 0; s < slots; ++s)
    if (value[s] != pack(Outcome::unused, 0) && relax(s) != value[s])
      throw std::logic_error("brute force: the relaxation stopped short of its fixpoint");

  outcome_.resize(slots);
  depth_.resize(slots);
  for (std::uint64_t s = 0; s < slots; ++s) {
    const std::uint16_t v = value[s];
    outcome_[s] = code_of(v) == kUnknown ? static_cast<std::uint8_t>(Outcome::draw) : static_cast<std::uint8_t>(code_of(v));
    depth_[s] = code_of(v) == kUnknown ? 0 : static_cast<std::uint16_t>(depth_of(v));
  }
}

Value BruteForce::value(PointSet us, PointSet them) const {
  if (us == 0) return {Outcome::loss, 0};
  const std::uint64_t s = slot(us, them);
  return {static_cast<Outcome>(outcome_[s]), depth_[s]};
}

void BruteForce::for_each_position(Material material, const std::function<void(PointSet, PointSet)>& f) const {
  if (material.us < 1 || material.them < 1 || material.stones() > max_stones_)
    throw std::logic_error("brute force: class " + to_string(material) + " not solved");
  for_each_subset(material.us, [&](PointSet us) {
    for_each_subset(material.them, [&](PointSet them) {
      if (!(us & them)) f(us, them);
    });
  });
}

}  // namespace tsivy::testing
