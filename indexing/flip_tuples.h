// Ranking tuples of flip-orbit members (stone_set_orbits.cpp): a tuple whose parts the
// row flip acts on all at once, ranked among the flip orbits of such tuples and back.
// Internal to indexing/, included by stone_set_orbits.cpp alone (the templates are
// instantiated there, in the index's hot path).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "indexing/stone_set_orbits.h"

namespace tsivy::detail::flip_tuples {

// One component of a tuple that the row flip acts on all at once: which of its flip
// orbits it lies in, whether it is the flipped member, and the sizes of its universe
// (orbits, symmetric orbits, elements). Arithmetic in U: 32 bits where the counts fit,
// which makes the divisions of unrank cheaper.
template <typename U>
struct Part {
  std::uint32_t orbit = 0;
  bool flipped = false;
  U orbits = 1, symmetric = 1, sets = 1;

  bool is_symmetric() const { return orbit < symmetric; }
  // The element's number among all `sets` elements of its universe: a symmetric orbit's
  // number, or after them two numbers per other orbit. Branch-free: whether a part is
  // symmetric is close to a coin toss for small parts (an empty part is symmetric).
  U element(bool flip) const {
    const U asymmetric = orbit >= symmetric;
    return orbit + asymmetric * (orbit - symmetric + (flipped != flip));
  }
  void set_element(U e) {
    const U asymmetric = e >= symmetric, d = e - symmetric;  // d is only used when asymmetric
    orbit = static_cast<std::uint32_t>(e - asymmetric * ((d + 1) / 2));  // symmetric + d / 2
    flipped = (asymmetric & d & 1) != 0;
  }
};

template <typename U, typename Table>
Part<U> part_of(const Table& table, int size, FlipOrbits::Entry e = {}) {
  return {e.orbit, e.flipped, table.orbits(size), table.symmetric(size), static_cast<U>(table.sets(size))};
}
// A half-board set confined to one given flip orbit: one symmetric element or two.
template <typename U>
Part<U> part_in_orbit(bool symmetric_orbit, bool flipped = false) {
  return symmetric_orbit ? Part<U>{0, false, 1, 1, 1} : Part<U>{0, flipped, 1, 0, 2};
}

// Suffix products of a tuple's element counts and symmetric counts; the number of flip
// orbits of the tuple parts[i..] is (elements[i] + symmetric[i]) / 2 (Burnside).
template <typename U, std::size_t N>
struct Suffix {
  std::array<U, N + 1> elements{}, symmetric{};
  explicit Suffix(const std::array<Part<U>, N>& p) {
    elements[N] = symmetric[N] = 1;
    for (std::size_t i = N; i-- > 0;) {
      elements[i] = elements[i + 1] * p[i].sets;
      symmetric[i] = symmetric[i + 1] * p[i].symmetric;
    }
  }
  U orbits(std::size_t i) const { return (elements[i] + symmetric[i]) / 2; }
};

// Rank of a tuple among the flip orbits of tuples. The representative has its first
// non-symmetric part unflipped; `flip` says whether the flip takes the tuple there.
// Layout: for the first part, its non-symmetric orbits (each followed by every element
// of the rest), then its symmetric orbits (each followed by the orbits of the rest).
template <typename U, std::size_t N>
[[gnu::always_inline]] inline U rank_tuple(const std::array<Part<U>, N>& p, bool& flip) {
  const Suffix<U, N> suffix(p);
  U rank = 0;
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

// The inverse: fills orbit and flipped of the representative's parts. With dividers
// (32-bit path), divisions by the suffix counts become multiplications.
template <typename U, std::size_t N>
void unrank_tuple(U rank, std::array<Part<U>, N>& p, const Divider* by_elements = nullptr,
                  const Divider* by_orbits = nullptr) {
  const Suffix<U, N> suffix(p);
  auto div_elements = [&](U x, std::size_t i) {
    if constexpr (sizeof(U) == sizeof(std::uint32_t))
      if (by_elements != nullptr) return static_cast<U>(by_elements[i].divide(x));
    return static_cast<U>(x / suffix.elements[i + 1]);
  };
  auto div_orbits = [&](U x, std::size_t i) {
    if constexpr (sizeof(U) == sizeof(std::uint32_t))
      if (by_orbits != nullptr) return static_cast<U>(by_orbits[i].divide(x));
    return static_cast<U>(x / suffix.orbits(i + 1));
  };
  for (std::size_t i = 0; i < N; ++i) {
    const U others = (p[i].orbits - p[i].symmetric) * suffix.elements[i + 1];
    if (i + 1 == N) {  // the last part: no division left
      p[i].orbit = static_cast<std::uint32_t>(rank < others ? p[i].symmetric + rank : rank - others);
      p[i].flipped = false;
      return;
    }
    if (rank < others) {
      const U q = div_elements(rank, i);
      p[i].orbit = static_cast<std::uint32_t>(p[i].symmetric + q);
      p[i].flipped = false;
      rank -= q * suffix.elements[i + 1];
      for (std::size_t j = i + 1; j + 1 < N; ++j) {
        const U e = div_elements(rank, j);
        p[j].set_element(e);
        rank -= e * suffix.elements[j + 1];
      }
      p[N - 1].set_element(rank);
      return;
    }
    rank -= others;
    const U q = div_orbits(rank, i);
    p[i].orbit = static_cast<std::uint32_t>(q);
    p[i].flipped = false;
    rank -= q * suffix.orbits(i + 1);
  }
}

template <typename U, std::size_t N>
bool all_symmetric(const std::array<Part<U>, N>& p) {
  return std::all_of(p.begin(), p.end(), [](const Part<U>& x) { return x.is_symmetric(); });
}

// v with v (v - 1) / 2 <= pair < v (v + 1) / 2: the colex order of pairs u < v.
template <typename U>
U pair_top(U pair) {
  auto v = static_cast<U>((1.0 + std::sqrt(1.0 + 8.0 * static_cast<double>(pair))) / 2.0);
  while (v > 1 && v * (v - 1) / 2 > pair) --v;
  while (v * (v + 1) / 2 <= pair) ++v;
  return v;
}

}  // namespace tsivy::detail::flip_tuples
