#include "indexing/material_index.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <memory>
#include <stdexcept>

#include "indexing/combinatorics.h"
#include "indexing/orbit_ranking.h"

namespace tsivy {

namespace {

using detail::orbit_ranking;
using detail::OrbitRanking;
using detail::SymmetrySet;

// Every symmetry but the identity.
constexpr auto kNonIdentity = [] {
  std::array<Symmetry, kSymmetries - 1> a{};
  for (int g = 1; g < kSymmetries; ++g) a[g - 1] = kAllSymmetries[g];
  return a;
}();

// The largest side a valid class has: the index ranks sets of 1..kMaxSide points.
constexpr int kMaxSide = std::min(kMaxStones - 1, kStonesPerSide);

// Of the images of `set` under a group of symmetries that all fix the primary stones,
// the smallest as a number: the canonical choice of the secondary stones.
PointSet smallest_image(PointSet set, SymmetrySet group) {
  if (group == detail::kOnlyIdentity) return set;
  PointSet best = set;
  for (Symmetry h : kNonIdentity)
    if (group & detail::symmetry_bit(h)) best = std::min(best, apply(h, set));
  return best;
}

std::string class_error(std::string_view text, std::string_view why) {
  return "invalid material class \"" + std::string(text) + "\": " + std::string(why);
}

// What Material::valid asks, in words.
std::string class_limits() {
  std::string limits = "each side needs at least 1 stone and both at most " + std::to_string(kMaxStones) + " together";
  if (2 * kStonesPerSide <= kMaxStones) limits += ", at most " + std::to_string(kStonesPerSide) + " each";
  return limits;
}

// Throws unless us and them are disjoint sets of board points; `what` names the caller.
void check_sets(PointSet us, PointSet them, std::string_view what) {
  if ((us | them) & ~kBoard)
    throw std::invalid_argument(std::string(what) + ": a stone lies outside the board's " +
                                std::to_string(kPoints) + " points");
  if (us & them)
    throw std::invalid_argument(std::string(what) + ": both sides have a stone on " +
                                point_name(first_point(us & them)));
}

}  // namespace

std::string Material::to_string() const { return std::to_string(us) + "v" + std::to_string(them); }
std::string to_string(Material material) { return material.to_string(); }

std::string pair_name(Material material) {
  return material.us == material.them ? to_string(material) : to_string(material) + "+" + to_string(material.flipped());
}

Material Material::parse(std::string_view text) {
  const std::size_t v = text.find('v');
  auto number = [&](std::string_view digits, int& out) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return !digits.empty() && error == std::errc{} && end == digits.data() + digits.size() && digits[0] != '-' &&
           digits[0] != '+';
  };
  Material m;
  if (v == std::string_view::npos || !number(text.substr(0, v), m.us) || !number(text.substr(v + 1), m.them))
    throw std::invalid_argument(class_error(text, "expected MvN, e.g. 4v3"));
  if (!m.valid())
    throw std::invalid_argument(class_error(
        text, class_limits()));
  return m;
}
Material parse_material(std::string_view text) { return Material::parse(text); }

std::vector<Material> materials_with(int stones) {
  std::vector<Material> out;
  if (stones > kMaxStones) return out;
  for (int m = 1; m < stones; ++m)
    if (const Material material{m, stones - m}; material.valid()) out.push_back(material);
  return out;
}

std::vector<Material> materials_up_to(int stones) {
  std::vector<Material> out;
  for (int total = 2; total <= std::min(stones, kMaxStones); ++total)
    for (Material m : materials_with(total)) out.push_back(m);
  return out;
}

MaterialIndex::MaterialIndex(Material material)
    : material_(material),
      primary_size_(std::max(material.us, material.them)),
      secondary_size_(std::min(material.us, material.them)),
      primary_is_us_(material.us >= material.them),
      secondary_slots_(detail::binomial(kPoints - primary_size_, secondary_size_)),
      slots_(0),
      raw_(detail::binomial(kPoints, material.us) * detail::binomial(kPoints - material.us, material.them)),
      primary_orbits_(&orbit_ranking(primary_size_)) {
  slots_ = primary_orbits_->count() * secondary_slots_;
}

const MaterialIndex& MaterialIndex::of(Material material) {
  if (!material.valid())
    throw std::invalid_argument(class_error(material.to_string(), class_limits()));
  // Every class at once: the shared tables dominate and the per-class part is tiny.
  static const auto cache = [] {
    std::array<std::array<std::unique_ptr<MaterialIndex>, kMaxStones>, kMaxStones> c;
    for (Material m : materials_up_to(kMaxStones)) c[m.us][m.them] = std::make_unique<MaterialIndex>(m);
    return c;
  }();
  return *cache[material.us][material.them];
}

std::uint64_t MaterialIndex::index_unchecked(PointSet us, PointSet them) const noexcept {
  const detail::Images primary(primary_is_us_ ? us : them);
  const detail::Images secondary(primary_is_us_ ? them : us);
  const OrbitRanking::Ranked r = primary_orbits_->rank(primary);
  const PointSet canonical_primary = primary[r.to_canonical];
  PointSet canonical_secondary = secondary[r.to_canonical];
  if (r.stabiliser != detail::kOnlyIdentity)
    canonical_secondary = smallest_image(canonical_secondary, r.stabiliser);
  return r.rank * secondary_slots_ +
         detail::colex_rank(detail::gather(canonical_secondary, kBoard & ~canonical_primary), secondary_size_);
}

namespace {
// The image of `set` under g, computing only that image (detail::Images computes them
// all): SharedSideIndex applies one symmetry to many sets.
PointSet image(Symmetry g, PointSet set) {
  switch (g) {
    case Symmetry::Identity: return set;
    case Symmetry::MirrorTopBottom: return mirror_top_bottom(set);
    case Symmetry::MirrorLeftRight: return detail::fast_mirror_left_right(set);
    case Symmetry::HalfTurn: return detail::reverse_bits(set) >> (64 - kPoints);
    default:
      // The square board's other four; a board that is not square has no others.
      if constexpr (kSquareBoard) return detail::Images(set)[g];
      return set;
  }
}
}  // namespace

SharedSideIndex::SharedSideIndex(const MaterialIndex& index, PointSet shared, bool shared_is_us) noexcept
    : index_(&index), shared_is_primary_(shared_is_us == index.primary_is_us_) {
  const detail::Images images(shared);
  if (shared_is_primary_) {
    const OrbitRanking::Ranked r = index.primary_orbits_->rank(images);
    base_ = r.rank * index.secondary_slots_;
    free_ = kBoard & ~images[r.to_canonical];
    to_canonical_ = r.to_canonical;
    stabiliser_ = r.stabiliser;
  } else {
    images_ = images.of;
  }
}

std::uint64_t SharedSideIndex::index(PointSet other) const noexcept {
  const MaterialIndex& m = *index_;
  if (shared_is_primary_) {
    PointSet secondary = image(to_canonical_, other);
    if (stabiliser_ != detail::kOnlyIdentity) secondary = smallest_image(secondary, stabiliser_);
    return base_ + detail::colex_rank(detail::gather(secondary, free_), m.secondary_size_);
  }
  const detail::Images primary(other);
  const OrbitRanking::Ranked r = m.primary_orbits_->rank(primary);
  PointSet secondary = images_[static_cast<int>(r.to_canonical)];
  if (r.stabiliser != detail::kOnlyIdentity) secondary = smallest_image(secondary, r.stabiliser);
  return r.rank * m.secondary_slots_ +
         detail::colex_rank(detail::gather(secondary, kBoard & ~primary[r.to_canonical]), m.secondary_size_);
}

std::pair<PointSet, PointSet> MaterialIndex::unindex_unchecked(std::uint64_t slot) const noexcept {
  const std::uint64_t primary_rank = slot / secondary_slots_, secondary_rank = slot - primary_rank * secondary_slots_;
  const OrbitRanking::Unranked p = primary_orbits_->unrank(primary_rank);
  const PointSet secondary = detail::scatter(detail::colex_unrank(secondary_rank, secondary_size_), kBoard & ~p.set);
  return primary_is_us_ ? std::pair{p.set, secondary} : std::pair{secondary, p.set};
}

bool MaterialIndex::is_canonical_unchecked(std::uint64_t slot) const noexcept {
  const std::uint64_t primary_rank = slot / secondary_slots_, secondary_rank = slot - primary_rank * secondary_slots_;
  const OrbitRanking::Unranked p = primary_orbits_->unrank(primary_rank);
  if (p.stabiliser == detail::kOnlyIdentity) return true;
  const PointSet secondary = detail::scatter(detail::colex_unrank(secondary_rank, secondary_size_), kBoard & ~p.set);
  return smallest_image(secondary, p.stabiliser) == secondary;
}

std::uint64_t MaterialIndex::index(PointSet us, PointSet them) const {
  if (((us | them) & ~kBoard) || (us & them) || count(us) != material_.us || count(them) != material_.them) {
    const std::string what = "index of class " + material_.to_string();
    check_sets(us, them, what);
    throw std::invalid_argument(what + ": the position has " + std::to_string(count(us)) + " stones to move and " +
                                std::to_string(count(them)) + " opposing, expected " + std::to_string(material_.us) +
                                " and " + std::to_string(material_.them));
  }
  return index_unchecked(us, them);
}

std::pair<PointSet, PointSet> MaterialIndex::unindex(std::uint64_t slot) const {
  if (slot >= slots_)
    throw std::out_of_range("slot " + std::to_string(slot) + " of class " + material_.to_string() +
                            " is out of range (slots: " + std::to_string(slots_) + ")");
  return unindex_unchecked(slot);
}

bool MaterialIndex::is_canonical(std::uint64_t slot) const {
  if (slot >= slots_)
    throw std::out_of_range("slot " + std::to_string(slot) + " of class " + material_.to_string() +
                            " is out of range (slots: " + std::to_string(slots_) + ")");
  return is_canonical_unchecked(slot);
}

std::size_t MaterialIndex::memory_bytes() const noexcept { return sizeof(*this); }

std::size_t index_memory_bytes() {
  // The closed form's shared tables, or the transpose's table of a square board.
  std::size_t total = kSquareBoard ? sizeof(kRowToColumn)
                                   : detail::half_orbits().memory_bytes() + detail::column_orbits().memory_bytes();
  total += sizeof(detail::kBinomial) + sizeof(detail::kColexGuess);
  for (int k = 1; k <= kMaxSide; ++k) total += orbit_ranking(k).memory_bytes();
  for (Material m : materials_up_to(kMaxStones)) total += MaterialIndex::of(m).memory_bytes();
  return total;
}

std::pair<PointSet, PointSet> canonical(PointSet us, PointSet them) {
  check_sets(us, them, "canonical");
  const bool primary_is_us = count(us) >= count(them);
  const PointSet primary = primary_is_us ? us : them;
  const PointSet secondary = primary_is_us ? them : us;
  const OrbitRanking::Ranked r = orbit_ranking(count(primary)).rank(primary);
  const PointSet p = apply(r.to_canonical, primary);
  const PointSet s = smallest_image(apply(r.to_canonical, secondary), r.stabiliser);
  return primary_is_us ? std::pair{p, s} : std::pair{s, p};
}

Position canonical(const Position& position) {
  const auto [us, them] = canonical(position.us, position.them);
  return {us, them, position.to_move};
}

std::uint8_t stabiliser(PointSet us, PointSet them) {
  std::uint8_t group = detail::kOnlyIdentity;
  for (Symmetry h : kNonIdentity)
    if (apply(h, us) == us && apply(h, them) == them) group |= detail::symmetry_bit(h);
  return group;
}

int orbit_size(PointSet us, PointSet them) { return kSymmetries / std::popcount(stabiliser(us, them)); }

std::uint64_t index_scheme_id() {
  static const std::uint64_t id = [] {
    // FNV-1a over 64-bit words: any change of slot numbering changes some sampled
    // slot's position or some class's slot count.
    std::uint64_t h = 0xcbf29ce484222325ull;
    const auto mix = [&h](std::uint64_t word) {
      for (int i = 0; i < 8; ++i) h = (h ^ ((word >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    };
    constexpr std::uint64_t kSamplesPerClass = 4096;
    for (const Material m : materials_up_to(kMaxStones)) {
      const MaterialIndex& index = MaterialIndex::of(m);
      mix(index.slots());
      const std::uint64_t step = std::max<std::uint64_t>(1, index.slots() / kSamplesPerClass);
      for (std::uint64_t slot = 0; slot < index.slots(); slot += step) {
        const auto [us, them] = index.unindex_unchecked(slot);
        mix(us);
        mix(them);
      }
    }
    return h;
  }();
  return id;
}

SlotCursor::SlotCursor(const MaterialIndex& index, std::uint64_t slot) noexcept
    : index_(&index), primary_is_us_(index.primary_is_us_), slot_(slot) {
  const std::uint64_t primary_rank = slot / index.secondary_slots_;
  load_primary(primary_rank);
  secondary_rank_ = slot - primary_rank * index.secondary_slots_;
  compressed_ = detail::colex_unrank(secondary_rank_, index.secondary_size_);
  place_secondary();
}

PointSet SlotCursor::detail_scatter(PointSet value, PointSet mask) noexcept { return detail::scatter(value, mask); }

void SlotCursor::load_primary(std::uint64_t rank) noexcept {
  const OrbitRanking::Unranked p = index_->primary_orbits_->unrank(rank);
  primary_ = p.set;
  stabiliser_ = p.stabiliser;
}

bool SlotCursor::canonical() const noexcept {
  return stabiliser_ == detail::kOnlyIdentity || smallest_image(secondary_, stabiliser_) == secondary_;
}

void SlotCursor::next() noexcept {
  ++slot_;
  if (++secondary_rank_ == index_->secondary_slots_) {
    load_primary(slot_ / index_->secondary_slots_);
    secondary_rank_ = 0;
    compressed_ = (PointSet{1} << index_->secondary_size_) - 1;
  } else {
    // Gosper's hack: the next larger number with the same number of bits, which is
    // the next set in colex order.
    const PointSet lowest = compressed_ & (~compressed_ + 1), ripple = compressed_ + lowest;
    compressed_ = (((ripple ^ compressed_) >> 2) >> std::countr_zero(lowest)) | ripple;
  }
  place_secondary();
}

}  // namespace tsivy
