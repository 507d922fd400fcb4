#include "indexing/stone_set_orbits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <memory>
#include <utility>

#include "indexing/flip_tuples.h"

namespace tsivy::detail {

std::uint32_t HalfBoardOrbits::member(int size, std::uint32_t orbit, bool flipped) const noexcept {
  const bool asymmetric = orbit >= symmetric_[size];
  const auto& start = start_[size][asymmetric];
  int row = 0;  // the last middle-row size whose block starts at or before the orbit
  for (int r = 1; r <= kRowBits; ++r) row += start[r] <= orbit;
  const std::uint32_t local = orbit - start[row];
  // local / row_sets_[row] by a multiply: exact as local * row_sets_[row] < 2^32.
  const auto pair = static_cast<std::uint32_t>((local * row_reciprocal_[row]) >> 32);
  const std::uint32_t middle = row_of_[row][local - pair * row_sets_[row]];
  std::uint32_t low, high;
  if (asymmetric) {
    const std::uint32_t both = pairs_[pair_start_[size - row] + pair];
    low = both & kBandMask, high = both >> kBandBits;
    if (flipped) std::swap(low, high);
  } else {
    low = high = bands_[band_start_[(size - row) / 2] + pair];
  }
  return low | middle << kBandBits | reverse_band(high) << (kBandBits + kRowBits);
}

namespace {

using namespace flip_tuples;

constexpr int kLeftRightCode = static_cast<int>(Symmetry::MirrorLeftRight);
constexpr int kTopBottomCode = static_cast<int>(Symmetry::MirrorTopBottom);
constexpr int kHalfTurnCode = static_cast<int>(Symmetry::HalfTurn);
static_assert((kLeftRightCode ^ kTopBottomCode) == kHalfTurnCode, "compose() is the exclusive or of the codes");
constexpr SymmetrySet kLeftRight = symmetry_bit(Symmetry::MirrorLeftRight);
constexpr SymmetrySet kTopBottom = symmetry_bit(Symmetry::MirrorTopBottom);
constexpr SymmetrySet kHalfTurn = symmetry_bit(Symmetry::HalfTurn);

}  // namespace

StoneSetOrbits::StoneSetOrbits(int k)
    : k_(k), split_of_((kHalfPoints + 1) * (kRows + 1), -1), half_(&half_orbits()), column_(&column_orbits()) {
  const HalfBoardOrbits& h = *half_;
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
      // The suffix counts of the split's tuple, for unrank's dividers (used only while
      // every count fits in 32 bits, see unrank()).
      const std::uint64_t tail_elements = a != c ? column_sets * h.sets(c) : column_sets;
      const std::uint64_t tail_orbits =
          a != c ? (column_sets * h.sets(c) + std::uint64_t{col.symmetric(m)} * h.symmetric(c)) / 2 : column_orbit_count;
      const std::uint64_t last_elements = a != c ? h.sets(c) : 1, last_orbits = a != c ? h.orbits(c) : 1;
      if (tail_elements <= UINT32_MAX) {
        s.by_elements = {Divider(static_cast<std::uint32_t>(tail_elements)), Divider(static_cast<std::uint32_t>(last_elements))};
        s.by_orbits = {Divider(static_cast<std::uint32_t>(tail_orbits)), Divider(static_cast<std::uint32_t>(last_orbits))};
      }
      split_of_[a * (kRows + 1) + m] = static_cast<std::int16_t>(splits_.size());
      splits_.push_back(s);
      count_ += s.count;
    }
  }
  // unrank finds a rank's split from its top bits, then at most a few steps on.
  split_shift_ = std::max(0, static_cast<int>(std::bit_width(count_)) - kSplitStartBits);
  split_start_.resize((count_ >> split_shift_) + 1);
  std::size_t i = 0;
  for (std::size_t b = 0; b < split_start_.size(); ++b) {
    const std::uint64_t r = std::uint64_t{b} << split_shift_;
    while (i + 1 < splits_.size() && splits_[i + 1].offset <= r) ++i;
    split_start_[b] = static_cast<std::uint8_t>(i);
  }
}

std::size_t StoneSetOrbits::memory_bytes() const noexcept {
  return sizeof(*this) + splits_.size() * sizeof(Split) + split_of_.size() * sizeof(std::int16_t) +
         split_start_.size();
}

StoneSetOrbits::Ranked StoneSetOrbits::rank(PointSet set, PointSet mirrored) const noexcept {
  using U = std::uint64_t;
  const HalfBoardOrbits& h = *half_;
  const FlipOrbits& col = *column_;
  const auto left = static_cast<std::uint32_t>(gather(set, kLeftHalf));
  const auto right = static_cast<std::uint32_t>(gather(mirrored, kLeftHalf));
  const auto M = static_cast<std::uint32_t>(gather(set, kMiddleColumn));
  // The left-right mirror brings the half with more stones to the left (selects, not
  // branches: which half is larger is a coin toss).
  const bool swap = std::popcount(left) < std::popcount(right);
  const std::uint32_t A = swap ? right : left, B = swap ? left : right;
  const int a = std::popcount(A), c = std::popcount(B), m = k_ - a - c;
  const FlipOrbits::Entry ea = h.entry(A), eb = h.entry(B), em = col.entry(M);
  const Split& s = split(a, m);
  int g = swap ? kLeftRightCode : 0;
  bool flip = false;

  if (a != c) {
    const std::array<Part<U>, 3> parts{part_of<U>(h, a, ea), part_of<U>(col, m, em), part_of<U>(h, c, eb)};
    const U r = rank_tuple(parts, flip);
    return {s.offset + r, static_cast<Symmetry>(g ^ (flip ? kTopBottomCode : 0)),
            static_cast<SymmetrySet>(kOnlyIdentity | (all_symmetric(parts) ? kTopBottom : 0))};
  }

  const U sym = h.symmetric(a);
  const bool m_symmetric = em.orbit < col.symmetric(m);
  if (A == B) {
    // Fixed by the left-right mirror; the flip acts on (A, M).
    const std::array<Part<U>, 2> parts{part_of<U>(h, a, ea), part_of<U>(col, m, em)};
    const U r = rank_tuple(parts, flip);
    const bool all = all_symmetric(parts);
    return {s.offset + r, flip ? Symmetry::MirrorTopBottom : Symmetry::Identity,
            static_cast<SymmetrySet>(kOnlyIdentity | kLeftRight | (all ? kTopBottom | kHalfTurn : 0))};
  }
  if (ea.orbit == eb.orbit) {
    // B == tA != A: bring A to its representative with the left-right mirror, then M
    // with the half turn, which keeps the pair (A, tA).
    g = ea.flipped ? kLeftRightCode : 0;
    if (!m_symmetric && em.flipped) g ^= kHalfTurnCode;
    const U r = s.same + (ea.orbit - sym) * col.orbits(m) + em.orbit;
    return {s.offset + r, static_cast<Symmetry>(g),
            static_cast<SymmetrySet>(kOnlyIdentity | (m_symmetric ? kHalfTurn : 0))};
  }
  // Different flip orbits u < v: the left-right mirror orders them.
  const bool order = ea.orbit > eb.orbit;
  const FlipOrbits::Entry eu = order ? eb : ea, ev = order ? ea : eb;
  g = order ? kLeftRightCode : 0;
  const U u = eu.orbit, v = ev.orbit;
  const bool u_symmetric = u < sym, v_symmetric = v < sym;
  const std::array<Part<U>, 3> parts{part_in_orbit<U>(u_symmetric, eu.flipped), part_of<U>(col, m, em),
                                     part_in_orbit<U>(v_symmetric, ev.flipped)};
  const U local = rank_tuple(parts, flip);
  U r = s.same + s.mirrored;
  if (v_symmetric) {
    r += (v * (v - 1) / 2 + u) * col.orbits(m);
  } else if (u_symmetric) {
    r += s.pairs_ss * col.orbits(m) + (u * (h.orbits(a) - sym) + (v - sym)) * col.sets(m);
  } else {
    const U u2 = u - sym, v2 = v - sym;
    r += s.pairs_ss * col.orbits(m) + s.pairs_sa * col.sets(m) + (v2 * (v2 - 1) / 2 + u2) * 2 * col.sets(m);
  }
  return {s.offset + r + local, static_cast<Symmetry>(g ^ (flip ? kTopBottomCode : 0)),
          static_cast<SymmetrySet>(kOnlyIdentity | (all_symmetric(parts) ? kTopBottom : 0))};
}

StoneSetOrbits::Ranked StoneSetOrbits::rank(PointSet set) const noexcept {
  return rank(set, fast_mirror_left_right(set));
}

StoneSetOrbits::Unranked StoneSetOrbits::unrank(std::uint64_t rank) const noexcept {
  // Counts below 2^31 (every size up to kMaxStones) take 32-bit divisions.
  return count_ < (std::uint64_t{1} << 31) ? unrank_as<std::uint32_t>(static_cast<std::uint32_t>(rank))
                                           : unrank_as<std::uint64_t>(rank);
}

template <typename U>
StoneSetOrbits::Unranked StoneSetOrbits::unrank_as(U rank) const noexcept {
  const HalfBoardOrbits& h = *half_;
  const FlipOrbits& col = *column_;
  std::size_t i = split_start_[static_cast<std::uint64_t>(rank) >> split_shift_];
  while (i + 1 < splits_.size() && splits_[i + 1].offset <= rank) ++i;
  const Split& s = splits_[i];
  const int a = s.a, m = s.m, c = s.c;
  U r = static_cast<U>(rank - s.offset);
  auto half_set = [&h](int size, std::uint32_t orbit, bool flipped) { return h.member(size, orbit, flipped); };
  std::uint32_t A = 0, B = 0, M = 0;
  SymmetrySet stabiliser = kOnlyIdentity;
  const U column_sets = static_cast<U>(col.sets(m)), column_orbits = col.orbits(m);

  if (a != c) {
    std::array<Part<U>, 3> parts{part_of<U>(h, a), part_of<U>(col, m), part_of<U>(h, c)};
    unrank_tuple(r, parts, s.by_elements.data(), s.by_orbits.data());
    A = half_set(a, parts[0].orbit, parts[0].flipped);
    B = half_set(c, parts[2].orbit, parts[2].flipped);
    M = col.representative(m, parts[1].orbit);
    if (parts[1].flipped) M = flip_column(M);
    if (all_symmetric(parts)) stabiliser |= kTopBottom;
  } else if (r < s.same) {
    std::array<Part<U>, 2> parts{part_of<U>(h, a), part_of<U>(col, m)};
    unrank_tuple(r, parts, s.by_elements.data(), s.by_orbits.data());
    A = B = half_set(a, parts[0].orbit, parts[0].flipped);
    M = col.representative(m, parts[1].orbit);
    if (parts[1].flipped) M = flip_column(M);
    stabiliser |= kLeftRight | (all_symmetric(parts) ? kTopBottom | kHalfTurn : 0);
  } else if (r < s.same + s.mirrored) {
    r -= static_cast<U>(s.same);
    const auto orbit = static_cast<std::uint32_t>(h.symmetric(a) + r / column_orbits);
    const auto m_orbit = static_cast<std::uint32_t>(r % column_orbits);
    A = h.member(a, orbit, false), B = h.member(a, orbit, true), M = col.representative(m, m_orbit);
    if (m_orbit < col.symmetric(m)) stabiliser |= kHalfTurn;
  } else {
    r -= static_cast<U>(s.same + s.mirrored);
    const U sym = h.symmetric(a), other = h.orbits(a) - sym;
    U u = 0, v = 0, local = 0;
    if (const auto block = static_cast<U>(s.pairs_ss * column_orbits); r < block) {
      const U pair = r / column_orbits;
      local = r % column_orbits;
      v = pair_top(pair), u = pair - v * (v - 1) / 2;
    } else if (r -= block; r < s.pairs_sa * column_sets) {
      const U pair = r / column_sets;
      local = r % column_sets;
      u = pair / other, v = sym + pair % other;
    } else {
      r -= static_cast<U>(s.pairs_sa * column_sets);
      const U pair = r / (2 * column_sets);
      local = r % (2 * column_sets);
      const U v2 = pair_top(pair);
      u = sym + pair - v2 * (v2 - 1) / 2, v = sym + v2;
    }
    std::array<Part<U>, 3> parts{part_in_orbit<U>(u < sym), part_of<U>(col, m), part_in_orbit<U>(v < sym)};
    unrank_tuple(local, parts);
    A = half_set(a, static_cast<std::uint32_t>(u), parts[0].flipped);
    B = half_set(a, static_cast<std::uint32_t>(v), parts[2].flipped);
    M = col.representative(m, parts[1].orbit);
    if (parts[1].flipped) M = flip_column(M);
    if (all_symmetric(parts)) stabiliser |= kTopBottom;
  }
  const PointSet set =
      scatter(A, kLeftHalf) | scatter(M, kMiddleColumn) | fast_mirror_left_right(scatter(B, kLeftHalf));
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

