#include "check/reachable.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/movegen.h"
#include "game/position.h"
#include "indexing/combinatorics.h"
#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "parallel/parallel.h"

namespace tsivy {
namespace {

constexpr int kSides = 2;  // the colour to move: 0 White, 1 Black

constexpr int side_of(Colour c) { return c == Colour::White ? 0 : 1; }
constexpr Colour colour_of(int side) { return side == 0 ? Colour::White : Colour::Black; }

// The positions of one class (w white stones, b black) are numbered densely, without
// symmetry: the white stones' colex rank, then the black stones' rank among the points
// white leaves free (the index's combinatorial number system, indexing/combinatorics.h).
static_assert(!kReachableFits || kStonesPerSide <= detail::kMaxColexSize,
              "colex_unrank ranks sets of at most kMaxColexSize points");
struct ClassShape {
  int white = 0, black = 0;
  std::uint64_t black_placements() const { return detail::binomial(kPoints - white, black); }
  std::uint64_t positions() const { return detail::binomial(kPoints, white) * black_placements(); }
  std::uint64_t number(PointSet w, PointSet b) const {
    return detail::colex_rank(w, white) * black_placements() + detail::colex_rank(detail::gather(b, kBoard & ~w), black);
  }
  std::pair<PointSet, PointSet> stones(std::uint64_t number) const {
    const PointSet w = detail::colex_unrank(number / black_placements(), white);
    return {w, detail::scatter(detail::colex_unrank(number % black_placements(), black), kBoard & ~w)};
  }
};

// One bit per position of a class with one colour to move. Zeroed by calloc, so the
// pages of a class no turn reaches are never touched.
class Bitmap {
 public:
  Bitmap() = default;
  explicit Bitmap(std::uint64_t bits) : words_((bits + 63) / 64) {
    if (words_ == 0) return;
    data_.reset(static_cast<std::uint64_t*>(std::calloc(words_, sizeof(std::uint64_t))));
    if (!data_) throw std::bad_alloc();
  }
  std::uint64_t words() const { return words_; }
  std::uint64_t* data() const { return data_.get(); }
  // Sets the bit; true when it was clear. Safe from any thread.
  bool set(std::uint64_t i) const {
    const std::uint64_t mask = std::uint64_t{1} << (i % 64);
    return !(std::atomic_ref<std::uint64_t>(data_[i / 64]).fetch_or(mask, std::memory_order_relaxed) & mask);
  }
  bool test(std::uint64_t i) const { return (data_[i / 64] >> (i % 64)) & 1; }
  // Takes the word's bits, leaving it clear. Safe from any thread.
  std::uint64_t take(std::uint64_t w) const {
    std::atomic_ref<std::uint64_t> word(data_[w]);
    return word.load(std::memory_order_relaxed) ? word.exchange(0, std::memory_order_relaxed) : 0;
  }
  void copy_from(const Bitmap& other) const {
    for (std::uint64_t w = 0; w < words_; ++w) data_[w] = other.data_[w];
  }
  bool any() const {
    for (std::uint64_t w = 0; w < words_; ++w)
      if (data_[w]) return true;
    return false;
  }

 private:
  struct Free {
    void operator()(std::uint64_t* p) const { std::free(p); }
  };
  std::uint64_t words_ = 0;
  std::unique_ptr<std::uint64_t[], Free> data_;
};

// Every class's bitmaps, both colours to move.
class ReachedPositions {
 public:
  ReachedPositions() : bitmaps_(static_cast<std::size_t>(kClasses) * kSides) {
    for (int w = 0; w <= kStonesPerSide; ++w)
      for (int b = 0; b <= kStonesPerSide; ++b)
        for (int side = 0; side < kSides; ++side) bitmaps_[slot(w, b, side)] = Bitmap(ClassShape{w, b}.positions());
  }
  // Marks the position; true when it was not marked before.
  bool mark(const Position& p) const {
    const PointSet w = p.white(), b = p.black();
    return bits(count(w), count(b), side_of(p.to_move)).set(ClassShape{count(w), count(b)}.number(w, b));
  }
  const Bitmap& bits(int white, int black, int side) const { return bitmaps_[slot(white, black, side)]; }
  void release(int white, int black) {
    for (int side = 0; side < kSides; ++side) bitmaps_[slot(white, black, side)] = Bitmap();
  }

 private:
  static constexpr int kClasses = (kStonesPerSide + 1) * (kStonesPerSide + 1);
  static std::size_t slot(int white, int black, int side) {
    return static_cast<std::size_t>((white * (kStonesPerSide + 1) + black) * kSides + side);
  }
  std::vector<Bitmap> bitmaps_;
};

Position position_of(PointSet white, PointSet black, int side) {
  return side == 0 ? Position{white, black, Colour::White} : Position{black, white, Colour::Black};
}

// Marks everything the class (white, black) reaches: its own positions with either
// colour to move (paika keeps the class) and, marked only, those its captures reach in
// smaller totals. Sweeps the class's to-do bitmaps until a sweep finds nothing to do.
void walk_class(const ReachedPositions& reached, int white, int black, unsigned threads) {
  const ClassShape shape{white, black};
  std::array<Bitmap, kSides> todo;
  for (int side = 0; side < kSides; ++side) {
    todo[side] = Bitmap(shape.positions());
    todo[side].copy_from(reached.bits(white, black, side));
  }
  for (;;) {
    std::atomic<std::uint64_t> expanded{0};
    for (int side = 0; side < kSides; ++side) {
      const Bitmap& mine = todo[side];
      const Bitmap& theirs = todo[1 - side];
      parallel_for(0, mine.words(), threads, [&](std::uint64_t first, std::uint64_t last) {
        std::vector<Position> next;
        std::uint64_t done = 0;
        for (std::uint64_t w = first; w < last; ++w)
          for (std::uint64_t x = mine.take(w); x; x &= x - 1) {
            const auto [ws, bs] = shape.stones(w * 64 + static_cast<std::uint64_t>(std::countr_zero(x)));
            successors(position_of(ws, bs, side), next);
            ++done;
            for (const Position& r : next) {
              if (!reached.mark(r)) continue;
              // A paika: the same class with the other colour to move, still to be walked.
              if (count(r.white()) == white && count(r.black()) == black)
                theirs.set(shape.number(r.white(), r.black()));
            }
          }
        expanded.fetch_add(done, std::memory_order_relaxed);
      }, 256);
    }
    if (expanded.load() == 0) return;
  }
}

// Outcomes of one class for its side to move, from its value file read whole, or
// through the lookup where the class has none.
class ClassOutcomes {
 public:
  ClassOutcomes(const TableLookup& lookup, Material material)
      : lookup_(lookup), index_(MaterialIndex::of(material)) {
    if (!std::filesystem::exists(lookup.directory().value_file(material, io::TableKind::wdl))) return;
    const io::TableReader reader = lookup.directory().open_value_file(material, io::TableKind::wdl);
    wdl_.resize(index_.slots());
    reader.read(0, std::span<std::uint8_t>(wdl_));
  }
  bool from_value_file() const { return !wdl_.empty(); }
  Outcome outcome(PointSet us, PointSet them) const {
    if (wdl_.empty()) return lookup_.value(us, them, Access::wdl_only).outcome;
    const auto outcome = static_cast<Outcome>(wdl_[index_.index_unchecked(us, them)]);
    if (outcome == Outcome::unused)
      throw std::runtime_error("value file of " + to_string(index_.material()) + ": a canonical entry holds no value");
    return outcome;
  }

 private:
  const TableLookup& lookup_;
  const MaterialIndex& index_;
  std::vector<std::uint8_t> wdl_;
};

// Whether (white, black) is the first of its symmetric images, by number, that was reached.
bool first_reached_image(const ClassShape& shape, const Bitmap& reached, PointSet white, PointSet black,
                         std::uint64_t number) {
  for (int g = 1; g < kSymmetries; ++g) {
    const PointSet w = apply(kAllSymmetries[g], white), b = apply(kAllSymmetries[g], black);
    const std::uint64_t image = shape.number(w, b);
    if (image < number && reached.test(image)) return false;
  }
  return true;
}

void add(ReachableCount& total, const ReachableCount& part) {
  total.positions += part.positions;
  total.up_to_symmetry += part.up_to_symmetry;
  total.game_over += part.game_over;
  for (std::size_t v = 0; v < 3; ++v) total.by_outcome[v] += part.by_outcome[v];
}

// Counts and values the class's reached positions, both colours to move.
void count_class(const ReachedPositions& reached, int white, int black, const TableLookup* lookup,
                 unsigned threads, ReachableCount& total) {
  const ClassShape shape{white, black};
  std::mutex merge;
  for (int side = 0; side < kSides; ++side) {
    const Bitmap& bits = reached.bits(white, black, side);
    const int us = side == 0 ? white : black, them = side == 0 ? black : white;
    std::optional<ClassOutcomes> outcomes;
    if (lookup && us > 0 && them > 0) {
      outcomes.emplace(*lookup, Material{us, them});
      if (!outcomes->from_value_file()) ++total.classes_from_lookup;
    }
    parallel_for(0, bits.words(), threads, [&](std::uint64_t first, std::uint64_t last) {
      ReachableCount part;
      for (std::uint64_t w = first; w < last; ++w)
        for (std::uint64_t x = bits.data()[w]; x; x &= x - 1) {
          const std::uint64_t number = w * 64 + static_cast<std::uint64_t>(std::countr_zero(x));
          const auto [ws, bs] = shape.stones(number);
          ++part.positions;
          if (first_reached_image(shape, bits, ws, bs, number)) ++part.up_to_symmetry;
          // The capture that took the last stone ends the game: the side to move has lost.
          if (us == 0) ++part.game_over;
          if (!lookup) continue;
          const Position p = position_of(ws, bs, side);
          const Outcome o = us == 0 ? Outcome::loss : outcomes->outcome(p.us, p.them);
          ++part.by_outcome[static_cast<std::size_t>(o)];
        }
      std::lock_guard lock(merge);
      add(total, part);
    }, 256);
  }
}

}  // namespace

ReachableCount count_reachable(const ReachableOptions& options) {
  if constexpr (!kReachableFits) {
    throw std::logic_error("counting the reachable positions needs a board of at most " +
                           std::to_string(kReachableMaxPoints) + " points; " + board_name() + " has " +
                           std::to_string(kPoints));
  } else {
    std::unique_ptr<TableLookup> lookup;
    if (options.tables) lookup = std::make_unique<TableLookup>(options.tables);
    ReachableCount total;
    total.has_values = lookup != nullptr;
    ReachedPositions reached;
    const Position start = start_position();
    reached.mark(start);
    // A capture lowers the stone total and a paika keeps the class, so once the classes
    // of one total are walked nothing can reach them again.
    for (int stones = 2 * kStonesPerSide; stones >= 1; --stones) {
      const auto began = std::chrono::steady_clock::now();
      const std::uint64_t before = total.positions;
      for (int white = 0; white <= kStonesPerSide; ++white) {
        const int black = stones - white;
        if (black < 0 || black > kStonesPerSide) continue;
        if (reached.bits(white, black, 0).any() || reached.bits(white, black, 1).any()) {
          walk_class(reached, white, black, options.threads);
          count_class(reached, white, black, lookup.get(), options.threads, total);
        }
        reached.release(white, black);
      }
      if (options.log && total.positions > before)
        *options.log << "reachable: " << stones << " stones: " << total.positions - before << " positions ("
                     << std::fixed << std::setprecision(1)
                     << std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()
                     << std::defaultfloat << " s)\n";
    }
    return total;
  }
}

}  // namespace tsivy
