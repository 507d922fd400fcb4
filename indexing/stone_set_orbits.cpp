#include "indexing/stone_set_orbits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <memory>
#include <utility>

namespace tsivy::detail {

FlipOrbits::FlipOrbits(int points, std::uint32_t (*flip)(std::uint32_t))
    : points_(points),
      code_(std::size_t{1} << points),
      rep_start_(points + 2, 0),
      orbits_(points + 1, 0),
      symmetric_(points + 1, 0) {
  const std::uint32_t subsets = std::uint32_t{1} << points;
  for (std::uint32_t x = 0; x < subsets; ++x) {
    const std::uint32_t y = flip(x);
    if (x > y) continue;
    const int size = std::popcount(x);
    ++orbits_[size];
    if (x == y) ++symmetric_[size];
  }
  for (int size = 0; size <= points; ++size) rep_start_[size + 1] = rep_start_[size] + orbits_[size];
  reps_.resize(rep_start_[points + 1]);
  // Symmetric orbits are numbered first, then the others, each in increasing order of
  // their representative.
  std::vector<std::uint32_t> next_symmetric(points + 1, 0), next_other(symmetric_.begin(), symmetric_.end());
  for (std::uint32_t x = 0; x < subsets; ++x) {
    const std::uint32_t y = flip(x);
    if (x > y) continue;
    const int size = std::popcount(x);
    const std::uint32_t orbit = x == y ? next_symmetric[size]++ : next_other[size]++;
    reps_[rep_start_[size] + orbit] = x;
    code_[x] = orbit << 1;
    if (y != x) code_[y] = orbit << 1 | 1u;
  }
}

std::size_t FlipOrbits::memory_bytes() const noexcept {
  return sizeof(*this) + (code_.size() + reps_.size() + rep_start_.size() + orbits_.size() + symmetric_.size()) *
                             sizeof(std::uint32_t);
}

const FlipOrbits& half_orbits() {
  static const FlipOrbits table(kHalfPoints, [](std::uint32_t x) { return flip_half(x); });
  return table;
}

const FlipOrbits& column_orbits() {
  static const FlipOrbits table(kRows, [](std::uint32_t x) { return flip_column(x); });
  return table;
}

namespace {

// One component of a tuple that the row flip acts on all at once: which of its flip
// orbits it lies in, whether it is the flipped member, and the sizes of its universe
// (orbits, symmetric orbits, elements).
struct Part {
  std::uint32_t orbit = 0;
  bool flipped = false;
  std::uint64_t orbits = 1, symmetric = 1, sets = 1;

  bool is_symmetric() const { return orbit < symmetric; }
  // The element's number among all `sets` elements of its universe.
  std::uint64_t element(bool flip) const {
    return is_symmetric() ? orbit : symmetric + 2 * (orbit - symmetric) + (flipped != flip);
  }
  void set_element(std::uint64_t e) {
    if (e < symmetric) {
      orbit = static_cast<std::uint32_t>(e), flipped = false;
    } else {
      orbit = static_cast<std::uint32_t>(symmetric + (e - symmetric) / 2), flipped = ((e - symmetric) & 1) != 0;
    }
  }
};

Part part_of(const FlipOrbits& table, int size, FlipOrbits::Entry e) {
  return {e.orbit, e.flipped, table.orbits(size), table.symmetric(size), table.sets(size)};
}
// A half-board set confined to one given flip orbit: one symmetric element or two.
Part part_in_orbit(bool symmetric_orbit, bool flipped) {
  return symmetric_orbit ? Part{0, false, 1, 1, 1} : Part{0, flipped, 1, 0, 2};
}

// Suffix products of a tuple's element counts and symmetric counts; the number of flip
// orbits of the tuple parts[i..] is (elements[i] + symmetric[i]) / 2 (Burnside).
template <std::size_t N>
struct Suffix {
  std::array<std::uint64_t, N + 1> elements{}, symmetric{};
  explicit Suffix(const std::array<Part, N>& p) {
    elements[N] = symmetric[N] = 1;
    for (std::size_t i = N; i-- > 0;) {
      elements[i] = elements[i + 1] * p[i].sets;
      symmetric[i] = symmetric[i + 1] * p[i].symmetric;
    }
  }
  std::uint64_t orbits(std::size_t i) const { return (elements[i] + symmetric[i]) / 2; }
};

// Rank of a tuple among the flip orbits of tuples. The representative has its first
// non-symmetric part unflipped; `flip` says whether the flip takes the tuple there.
// Layout: for the first part, its non-symmetric orbits (each followed by every element
// of the rest), then its symmetric orbits (each followed by the orbits of the rest).
template <std::size_t N>
std::uint64_t rank_tuple(const std::array<Part, N>& p, bool& flip) {
  const Suffix<N> suffix(p);
  std::uint64_t rank = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (!p[i].is_symmetric()) {
      flip = p[i].flipped;
      rank += (p[i].orbit - p[i].symmetric) * suffix.elements[i + 1];
      for (std::size_t j = i + 1; j < N; ++j) rank += p[j].element(flip) * suffix.elements[j + 1];
      return rank;
    }
    rank += (p[i].orbits - p[i].symmetric) * suffix.elements[i + 1] + p[i].orbit * suffix.orbits(i + 1);
  }
  flip = false;
  return rank;
}

// The inverse: fills orbit and flipped of the representative's parts.
template <std::size_t N>
void unrank_tuple(std::uint64_t rank, std::array<Part, N>& p) {
  const Suffix<N> suffix(p);
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint64_t others = (p[i].orbits - p[i].symmetric) * suffix.elements[i + 1];
    if (rank < others) {
      p[i].orbit = static_cast<std::uint32_t>(p[i].symmetric + rank / suffix.elements[i + 1]);
      p[i].flipped = false;
      rank %= suffix.elements[i + 1];
      for (std::size_t j = i + 1; j < N; ++j) {
        p[j].set_element(rank / suffix.elements[j + 1]);
        rank %= suffix.elements[j + 1];
      }
      return;
    }
    rank -= others;
    p[i].orbit = static_cast<std::uint32_t>(rank / suffix.orbits(i + 1));
    p[i].flipped = false;
    rank %= suffix.orbits(i + 1);
  }
}

template <std::size_t N>
bool all_symmetric(const std::array<Part, N>& p) {
  return std::all_of(p.begin(), p.end(), [](const Part& x) { return x.is_symmetric(); });
}

// v with v (v - 1) / 2 <= pair < v (v + 1) / 2: the colex order of pairs u < v.
std::uint64_t pair_top(std::uint64_t pair) {
  auto v = static_cast<std::uint64_t>((1.0 + std::sqrt(1.0 + 8.0 * static_cast<double>(pair))) / 2.0);
  while (v > 1 && v * (v - 1) / 2 > pair) --v;
  while (v * (v + 1) / 2 <= pair) ++v;
  return v;
}

constexpr SymmetrySet kLeftRight = symmetry_bit(Symmetry::MirrorLeftRight);
constexpr SymmetrySet kTopBottom = symmetry_bit(Symmetry::MirrorTopBottom);
constexpr SymmetrySet kHalfTurn = symmetry_bit(Symmetry::HalfTurn);

}  // namespace

StoneSetOrbits::StoneSetOrbits(int k)
    : k_(k), split_of_((kHalfPoints + 1) * (kRows + 1), -1), half_(&half_orbits()), column_(&column_orbits()) {
  const FlipOrbits& h = *half_;
  const FlipOrbits& col = *column_;
  for (int m = 0; m <= std::min(k, kRows); ++m) {
    for (int a = kHalfPoints; a >= 0; --a) {
      const int c = k - m - a;
      if (c < 0 || c > a) continue;
      Split s;
      s.a = static_cast<std::uint8_t>(a), s.m = static_cast<std::uint8_t>(m), s.c = static_cast<std::uint8_t>(c);
      s.offset = count_;
      const std::uint64_t column_sets = col.sets(m), column_orbit_count = col.orbits(m);
      if (a != c) {
        s.count = (h.sets(a) * column_sets * h.sets(c) + std::uint64_t{h.symmetric(a)} * col.symmetric(m) * h.symmetric(c)) / 2;
      } else {
        const std::uint64_t sym = h.symmetric(a), other = h.orbits(a) - sym;
        s.same = (h.sets(a) * column_sets + sym * col.symmetric(m)) / 2;
        s.mirrored = other * column_orbit_count;
        s.pairs_ss = sym * (sym - (sym > 0)) / 2;
        s.pairs_sa = sym * other;
        s.pairs_aa = other * (other - (other > 0)) / 2;
        s.count = s.same + s.mirrored + s.pairs_ss * column_orbit_count + s.pairs_sa * column_sets +
                  s.pairs_aa * 2 * column_sets;
      }
      split_of_[a * (kRows + 1) + m] = static_cast<std::int16_t>(splits_.size());
      splits_.push_back(s);
      count_ += s.count;
    }
  }
}

std::size_t StoneSetOrbits::memory_bytes() const noexcept {
  return sizeof(*this) + splits_.size() * sizeof(Split) + split_of_.size() * sizeof(std::int16_t);
}

StoneSetOrbits::Ranked StoneSetOrbits::rank(PointSet set) const noexcept {
  const FlipOrbits& h = *half_;
  const FlipOrbits& col = *column_;
  auto A = static_cast<std::uint32_t>(gather(set, kLeftHalf));
  auto B = static_cast<std::uint32_t>(gather(mirror_left_right(set), kLeftHalf));
  const auto M = static_cast<std::uint32_t>(gather(set, kMiddleColumn));
  int a = std::popcount(A), c = std::popcount(B);
  const int m = k_ - a - c;
  FlipOrbits::Entry ea = h.entry(A), eb = h.entry(B);
  const FlipOrbits::Entry em = col.entry(M);
  Symmetry g = Symmetry::Identity;
  bool flip = false;

  if (a != c) {
    if (a < c) {
      std::swap(A, B), std::swap(ea, eb), std::swap(a, c);
      g = Symmetry::MirrorLeftRight;
    }
    const Split& s = split(a, m);
    const std::array<Part, 3> parts{part_of(h, a, ea), part_of(col, m, em), part_of(h, c, eb)};
    const std::uint64_t r = rank_tuple(parts, flip);
    if (flip) g = compose(g, Symmetry::MirrorTopBottom);
    return {s.offset + r, g, static_cast<SymmetrySet>(kOnlyIdentity | (all_symmetric(parts) ? kTopBottom : 0))};
  }

  const Split& s = split(a, m);
  const std::uint64_t sym = h.symmetric(a);
  const bool m_symmetric = em.orbit < col.symmetric(m);
  if (A == B) {
    // Fixed by the left-right mirror; the flip acts on (A, M).
    const std::array<Part, 2> parts{part_of(h, a, ea), part_of(col, m, em)};
    const std::uint64_t r = rank_tuple(parts, flip);
    if (flip) g = Symmetry::MirrorTopBottom;
    const bool all = all_symmetric(parts);
    return {s.offset + r, g, static_cast<SymmetrySet>(kOnlyIdentity | kLeftRight | (all ? kTopBottom | kHalfTurn : 0))};
  }
  if (ea.orbit == eb.orbit) {
    // B == tA != A: bring A to its representative with the left-right mirror, then M
    // with the half turn, which keeps the pair (A, tA).
    if (ea.flipped) g = Symmetry::MirrorLeftRight;
    if (!m_symmetric && em.flipped) g = compose(g, Symmetry::HalfTurn);
    const std::uint64_t r = s.same + (ea.orbit - sym) * col.orbits(m) + em.orbit;
    return {s.offset + r, g, static_cast<SymmetrySet>(kOnlyIdentity | (m_symmetric ? kHalfTurn : 0))};
  }
  // Different flip orbits u < v.
  if (ea.orbit > eb.orbit) {
    std::swap(A, B), std::swap(ea, eb);
    g = Symmetry::MirrorLeftRight;
  }
  const std::uint64_t u = ea.orbit, v = eb.orbit;
  const bool u_symmetric = u < sym, v_symmetric = v < sym;
  const std::array<Part, 3> parts{part_in_orbit(u_symmetric, ea.flipped), part_of(col, m, em),
                                  part_in_orbit(v_symmetric, eb.flipped)};
  const std::uint64_t local = rank_tuple(parts, flip);
  if (flip) g = compose(g, Symmetry::MirrorTopBottom);
  std::uint64_t r = s.same + s.mirrored;
  if (v_symmetric) {
    r += (v * (v - 1) / 2 + u) * col.orbits(m);
  } else if (u_symmetric) {
    r += s.pairs_ss * col.orbits(m) + (u * (h.orbits(a) - sym) + (v - sym)) * col.sets(m);
  } else {
    const std::uint64_t u2 = u - sym, v2 = v - sym;
    r += s.pairs_ss * col.orbits(m) + s.pairs_sa * col.sets(m) + (v2 * (v2 - 1) / 2 + u2) * 2 * col.sets(m);
  }
  return {s.offset + r + local, g, static_cast<SymmetrySet>(kOnlyIdentity | (all_symmetric(parts) ? kTopBottom : 0))};
}

StoneSetOrbits::Unranked StoneSetOrbits::unrank(std::uint64_t rank) const noexcept {
  const FlipOrbits& h = *half_;
  const FlipOrbits& col = *column_;
  const auto it = std::upper_bound(splits_.begin(), splits_.end(), rank,
                                   [](std::uint64_t r, const Split& s) { return r < s.offset; });
  const Split& s = *(it - 1);
  const int a = s.a, m = s.m, c = s.c;
  std::uint64_t r = rank - s.offset;
  auto half_set = [&h](int size, const Part& p) {
    const std::uint32_t x = h.representative(size, p.orbit);
    return p.flipped ? flip_half(x) : x;
  };
  auto column_set = [&col, m](const Part& p) {
    const std::uint32_t x = col.representative(m, p.orbit);
    return p.flipped ? flip_column(x) : x;
  };
  std::uint32_t A = 0, B = 0, M = 0;
  SymmetrySet stabiliser = kOnlyIdentity;

  if (a != c) {
    std::array<Part, 3> parts{part_of(h, a, {}), part_of(col, m, {}), part_of(h, c, {})};
    unrank_tuple(r, parts);
    A = half_set(a, parts[0]), M = column_set(parts[1]), B = half_set(c, parts[2]);
    if (all_symmetric(parts)) stabiliser |= kTopBottom;
  } else if (r < s.same) {
    std::array<Part, 2> parts{part_of(h, a, {}), part_of(col, m, {})};
    unrank_tuple(r, parts);
    A = B = half_set(a, parts[0]), M = column_set(parts[1]);
    stabiliser |= kLeftRight | (all_symmetric(parts) ? kTopBottom | kHalfTurn : 0);
  } else if (r < s.same + s.mirrored) {
    r -= s.same;
    const auto orbit = static_cast<std::uint32_t>(h.symmetric(a) + r / col.orbits(m));
    const auto m_orbit = static_cast<std::uint32_t>(r % col.orbits(m));
    A = h.representative(a, orbit), B = flip_half(A), M = col.representative(m, m_orbit);
    if (m_orbit < col.symmetric(m)) stabiliser |= kHalfTurn;
  } else {
    r -= s.same + s.mirrored;
    const std::uint64_t sym = h.symmetric(a), other = h.orbits(a) - sym;
    std::uint64_t u = 0, v = 0, local = 0;
    if (const std::uint64_t block = s.pairs_ss * col.orbits(m); r < block) {
      const std::uint64_t pair = r / col.orbits(m);
      local = r % col.orbits(m);
      v = pair_top(pair), u = pair - v * (v - 1) / 2;
    } else if (r -= block; r < s.pairs_sa * col.sets(m)) {
      const std::uint64_t pair = r / col.sets(m);
      local = r % col.sets(m);
      u = pair / other, v = sym + pair % other;
    } else {
      r -= s.pairs_sa * col.sets(m);
      const std::uint64_t pair = r / (2 * col.sets(m));
      local = r % (2 * col.sets(m));
      const std::uint64_t v2 = pair_top(pair);
      u = sym + pair - v2 * (v2 - 1) / 2, v = sym + v2;
    }
    std::array<Part, 3> parts{part_in_orbit(u < sym, false), part_of(col, m, {}), part_in_orbit(v < sym, false)};
    unrank_tuple(local, parts);
    A = h.representative(a, static_cast<std::uint32_t>(u));
    if (parts[0].flipped) A = flip_half(A);
    B = h.representative(a, static_cast<std::uint32_t>(v));
    if (parts[2].flipped) B = flip_half(B);
    M = column_set(parts[1]);
    if (all_symmetric(parts)) stabiliser |= kTopBottom;
  }
  const PointSet set = scatter(A, kLeftHalf) | scatter(M, kMiddleColumn) | mirror_left_right(scatter(B, kLeftHalf));
  return {set, stabiliser};
}

const StoneSetOrbits& stone_set_orbits(int k) {
  static const auto tables = [] {
    std::array<std::unique_ptr<StoneSetOrbits>, kPoints + 1> t;
    for (int size = 0; size <= kPoints; ++size) t[size] = std::make_unique<StoneSetOrbits>(size);
    return t;
  }();
  return *tables[k];
}

}  // namespace tsivy::detail
