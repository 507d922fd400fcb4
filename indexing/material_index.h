// Material classes and the dense, symmetry-reduced index of each class (INDEX.md).
//
// A material class (m, n) holds every position with m stones for the side to move and
// n for the opponent, 1 <= m, n and m + n <= kMaxStones. Its index maps a position to a
// slot in 0..slots()-1 so that the board symmetries of a position (four, or eight on a
// square board) share one slot, and maps a slot back to the canonical representative
// of that symmetry class.
// A few slots decode to a position that is not canonical (a symmetric image of another
// slot's position, left over where the larger side's stones are symmetric; INDEX.md
// lists how many per class); is_canonical() tells them apart, and the solver must skip
// them.
//
// Thread safety: MaterialIndex objects are immutable after construction; every member is
// safe to call from any number of threads. of() builds the tables on first use, once.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "game/geometry.h"
#include "game/position.h"

namespace tsivy {

namespace detail {
class StoneSetOrbits;
class TableSetOrbits;
// The ranking of the larger side's stones, chosen with the board: the closed form over
// the four symmetries of a board that is not square, the table over the eight of a
// square one (INDEX.md, "Other boards").
using OrbitRanking = std::conditional_t<kSquareBoard, TableSetOrbits, StoneSetOrbits>;
}  // namespace detail

// The largest number of stones on the board that the index covers: on a small board
// (up to 25 points) every class of the game, up to the start's material; on a larger
// board 10, as far as its tables reach.
inline constexpr int kMaxStones = kPoints <= 25 ? 2 * kStonesPerSide : 10;

struct Material {
  int us = 0;    // m: stones of the side to move
  int them = 0;  // n: stones of the opponent

  int stones() const { return us + them; }
  // 1 <= us, 1 <= them, us + them <= kMaxStones, and neither side more than it has at
  // the start (kStonesPerSide; it limits only the small boards).
  bool valid() const {
    return us >= 1 && them >= 1 && us + them <= kMaxStones && us <= kStonesPerSide && them <= kStonesPerSide;
  }
  // The class of the same positions with the other side to move.
  Material flipped() const { return {them, us}; }
  // "MvN", e.g. "4v3".
  std::string to_string() const;
  // Parses "MvN"; throws std::invalid_argument for malformed text or an invalid class.
  static Material parse(std::string_view text);
  friend bool operator==(const Material&, const Material&) = default;
};
std::string to_string(Material material);
// The pair solved together (docs/architecture.md, "Solving order"): "MvN+NvM", or "NvN"
// for a class that is its own mirror.
std::string pair_name(Material material);
Material parse_material(std::string_view text);

// Every valid class with `stones` stones in total, by ascending m (on a small board,
// only those where neither side has more stones than at the start).
std::vector<Material> materials_with(int stones);
// Every valid class with at most `stones` stones, by total then ascending m.
std::vector<Material> materials_up_to(int stones);

class MaterialIndex {
 public:
  friend class SlotCursor;
  friend class SharedSideIndex;
  // The index of a class, built on first use and cached; thread-safe. Throws
  // std::invalid_argument for an invalid class (m < 1, n < 1 or m + n > kMaxStones).
  static const MaterialIndex& of(Material material);

  Material material() const noexcept { return material_; }
  // Number of slots: slot values are 0..slots()-1.
  std::uint64_t slots() const noexcept { return slots_; }
  // Number of positions in the class, C(points, m) * C(points - m, n).
  std::uint64_t raw_positions() const noexcept { return raw_; }

  // The slot of a position (us = side to move). Every symmetric image of a position has
  // the same slot. Throws std::invalid_argument when the sets overlap, leave the board
  // or do not hold m and n stones.
  std::uint64_t index(PointSet us, PointSet them) const;
  std::uint64_t index(const Position& position) const { return index(position.us, position.them); }

  // The position of a slot, as (us, them). For a canonical slot it is the canonical
  // representative of its symmetry class (canonical(us, them) returns it unchanged).
  // For a non-canonical slot it is the slot's decoded position: a legal position of the
  // class, but a symmetric image of the position of another (canonical) slot.
  // Throws std::out_of_range for slot >= slots().
  std::pair<PointSet, PointSet> unindex(std::uint64_t slot) const;

  // Whether the slot holds the canonical representative of a symmetry class, i.e.
  // index(unindex(slot)) == slot. Throws std::out_of_range for slot >= slots().
  bool is_canonical(std::uint64_t slot) const;

  // Fast paths without checks, for the solver's inner loops: the arguments must satisfy
  // the preconditions above (else the result is meaningless, but memory stays safe).
  std::uint64_t index_unchecked(PointSet us, PointSet them) const noexcept;
  std::pair<PointSet, PointSet> unindex_unchecked(std::uint64_t slot) const noexcept;
  bool is_canonical_unchecked(std::uint64_t slot) const noexcept;

  // Bytes held by this class's own tables (the shared half-board tables not included;
  // see index_memory_bytes()).
  std::size_t memory_bytes() const noexcept;

  // Public only for the cache in of(); use of().
  explicit MaterialIndex(Material material);

 private:
  Material material_;
  int primary_size_;    // the larger side's stone count (us when equal)
  int secondary_size_;
  bool primary_is_us_;
  std::uint64_t secondary_slots_;  // C(points - primary, secondary)
  std::uint64_t slots_, raw_;
  const detail::OrbitRanking* primary_orbits_;  // ranks the larger side's stones
};

// Indexes positions of one class that share one side's stones: the paika un-moves of a
// position, and its paika successors, all keep the stones of the side that did not move.
// What depends on that side alone (its symmetric images and, where it is the larger side,
// its orbit rank) is computed once, in the constructor; index() then does the rest of
// MaterialIndex::index_unchecked and gives the same slot. For the solver's propagation.
class SharedSideIndex {
 public:
  // `shared`: the stones every indexed position holds for one side, the side to move's
  // when `shared_is_us`. They must hold as many stones as the class gives that side.
  SharedSideIndex(const MaterialIndex& index, PointSet shared, bool shared_is_us) noexcept;
  // index.index_unchecked of the position with the shared stones and `other` for the
  // other side (with the same preconditions).
  std::uint64_t index(PointSet other) const noexcept;

 private:
  const MaterialIndex* index_;
  bool shared_is_primary_;
  // The shared side is the larger one: its rank times the smaller side's placements,
  // the free points of its canonical image, the symmetry that takes it there, and the
  // symmetries that fix it.
  std::uint64_t base_ = 0;
  PointSet free_ = 0;
  Symmetry to_canonical_ = Symmetry::Identity;
  std::uint8_t stabiliser_ = 0;
  // The shared side is the smaller one: its images, indexed by Symmetry.
  std::array<PointSet, kSymmetries> images_{};
};

// Walks consecutive slots of a class, decoding each far more cheaply than unindex():
// the larger side's stones change only once every C(points - k, j) slots, and the
// smaller side's next placement is the next number with as many bits (colex order).
// For the scans over whole tables (seeding, verify, stats).
class SlotCursor {
 public:
  // Positioned at `slot` (< index.slots()).
  SlotCursor(const MaterialIndex& index, std::uint64_t slot) noexcept;
  std::uint64_t slot() const noexcept { return slot_; }
  PointSet us() const noexcept { return primary_is_us_ ? primary_ : secondary_; }
  PointSet them() const noexcept { return primary_is_us_ ? secondary_ : primary_; }
  // Same answer as index.is_canonical(slot()).
  bool canonical() const noexcept;
  // Moves to slot() + 1, which must be below index.slots().
  void next() noexcept;

 private:
  void load_primary(std::uint64_t rank) noexcept;
  void place_secondary() noexcept { secondary_ = detail_scatter(compressed_, kBoard & ~primary_); }
  static PointSet detail_scatter(PointSet value, PointSet mask) noexcept;

  const MaterialIndex* index_;
  bool primary_is_us_;
  std::uint64_t slot_, secondary_rank_ = 0;
  PointSet primary_ = 0, secondary_ = 0, compressed_ = 0;
  std::uint8_t stabiliser_ = 0;
};

// Calls body(cursor) for every slot in [first, last) of the class, in order.
template <class Body>
void for_each_slot(const MaterialIndex& index, std::uint64_t first, std::uint64_t last, Body&& body) {
  if (first >= last) return;
  for (SlotCursor cursor(index, first);; cursor.next()) {
    body(static_cast<const SlotCursor&>(cursor));
    if (cursor.slot() + 1 >= last) return;
  }
}

// Bytes of every table the index uses for all classes up to kMaxStones, shared tables
// included (builds them if needed).
std::size_t index_memory_bytes();

// Identifies this index's numbering: a fingerprint of every class's slot count and of
// the positions of sampled slots of every class. Table files carry it, so tables written
// under another numbering are refused instead of being misread, with nothing to bump by
// hand when the numbering changes. Computed once (a few milliseconds), thread-safe.
std::uint64_t index_scheme_id();

// The canonical representative of the symmetry class of (us, them): the position that
// MaterialIndex::unindex returns for its slot. Defined for any two disjoint sets of
// board points (not only the indexed classes); throws std::invalid_argument otherwise.
std::pair<PointSet, PointSet> canonical(PointSet us, PointSet them);
Position canonical(const Position& position);  // keeps to_move

// How many distinct positions the symmetry class of (us, them) holds: kSymmetries (4, or 8
// on a square board) divided by the number of symmetries that fix both sets.
int orbit_size(PointSet us, PointSet them);
inline int orbit_size(const Position& position) { return orbit_size(position.us, position.them); }

// The symmetries that fix both sets, as a bit set (bit g for Symmetry g).
std::uint8_t stabiliser(PointSet us, PointSet them);

}  // namespace tsivy
