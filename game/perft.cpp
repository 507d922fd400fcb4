#include "game/perft.h"

#include <algorithm>
#include <array>
#include <thread>

#include "game/movegen.h"
#include "game/turn_generator.h"
#include "game/zobrist.h"
#include "parallel/parallel.h"

namespace tsivy {
namespace {

// A distinct position of one level with the number of turn sequences that reach it.
// Every position of a level has the same side to move, so the two sets are the key.
struct Node {
  PointSet us = 0, them = 0;
  std::uint64_t paths = 0;  // 0 marks an empty slot of a NodeCounts table
};

std::uint64_t hash_of(PointSet us, PointSet them) { return sides_key(us, them); }

// Open addressing with linear probing: one flat array, no allocation per position,
// which is what makes counting millions of distinct positions cheap.
class NodeCounts {
 public:
  // At most three quarters full: short probe runs, and a table small enough that
  // zeroing and walking it costs less than the children it counts.
  explicit NodeCounts(std::size_t expected) {
    std::size_t capacity = 16;
    while (3 * capacity < 4 * expected) capacity *= 2;
    slots_.assign(capacity, Node{});
  }
  void add(const Node& n) {
    if (4 * (size_ + 1) > 3 * slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_of(n.us, n.them) & mask;; i = (i + 1) & mask) {
      Node& s = slots_[i];
      if (s.paths == 0) {
        s = n;
        ++size_;
        return;
      }
      if (s.us == n.us && s.them == n.them) {
        s.paths += n.paths;
        return;
      }
    }
  }
  void append_to(std::vector<Node>& out) const {
    for (const Node& s : slots_)
      if (s.paths) out.push_back(s);
  }
  std::size_t size() const { return size_; }

 private:
  void grow() {
    std::vector<Node> old = std::move(slots_);
    slots_.assign(old.size() * 2, Node{});
    size_ = 0;
    for (const Node& s : old)
      if (s.paths) add(s);
  }
  std::vector<Node> slots_;
  std::size_t size_ = 0;
};

// Children are gathered into partitions by hash, so that each partition's distinct
// positions are counted by one thread alone: no locks, no merging of whole tables.
constexpr std::size_t kPartitions = 64;
std::size_t partition_of(const Node& n) { return hash_of(n.us, n.them) >> 58; }

// A sink of the turn generator (game/turn_generator.h) that files each child straight
// into the partition of its hash, carrying the parent's path count: no list of
// children between the generator and the counting.
class PartitionSink {
 public:
  PartitionSink(std::array<std::vector<Node>, kPartitions>& buffers, std::uint64_t paths) : buffers_(buffers), paths_(paths) {}
  void begin(Point) {}
  void step(Point, Direction, CaptureKind, PointSet) {}
  void undo_step() {}
  void emit(const Position& child) {
    const Node n{child.us, child.them, paths_};
    buffers_[partition_of(n)].push_back(n);
    ++children_;
  }
  std::uint64_t children() const { return children_; }

 private:
  std::array<std::vector<Node>, kPartitions>& buffers_;
  std::uint64_t paths_;
  std::uint64_t children_ = 0;
};

}  // namespace

std::vector<PerftLevel> perft(const Position& root, int depth, unsigned threads) {
  // Breadth first, each distinct position carrying the number of turn sequences that
  // reach it: turns(d) is then a sum over distinct positions rather than over paths.
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<Node> level{{root.us, root.them, 1}};
  Colour to_move = root.to_move;
  std::vector<PerftLevel> levels;
  double branching = 0;  // children per distinct parent at the level before
  for (int d = 1; d <= depth; ++d) {
    // Each thread expands every threads-th parent into its own partitioned buffers,
    // sized from the last level's branching so that they rarely grow (and copy).
    std::vector<std::array<std::vector<Node>, kPartitions>> buffers(threads);
    std::vector<std::uint64_t> turns(threads, 0), generated(threads, 0);
    const auto expected_children = static_cast<std::size_t>(1.1 * branching * static_cast<double>(level.size()));
    on_threads(threads, [&](unsigned t) {
      for (auto& b : buffers[t]) b.reserve(expected_children / threads / kPartitions + 16);
      for (std::size_t i = t; i < level.size(); i += threads) {
        const Node& parent = level[i];
        PartitionSink sink(buffers[t], parent.paths);
        generate(sink, Position{parent.us, parent.them, to_move});
        turns[t] += parent.paths * sink.children();
        generated[t] += sink.children();
      }
    });
    std::vector<std::vector<Node>> merged(kPartitions);
    on_threads(threads, [&](unsigned t) {
      for (std::size_t p = t; p < kPartitions; p += threads) {
        std::size_t expected = 0;
        for (const auto& b : buffers) expected += b[p].size();
        // Distinct children are most of the children (77 % at depth 6): sized for all, the
        // table never grows and rehashes.
        NodeCounts counts(expected);
        for (auto& b : buffers) {
          for (const Node& n : b[p]) counts.add(n);
          std::vector<Node>().swap(b[p]);
        }
        counts.append_to(merged[p]);
      }
    });
    const std::size_t parents = level.size();
    level.clear();
    for (const auto& part : merged) level.insert(level.end(), part.begin(), part.end());
    std::uint64_t total_turns = 0, total_generated = 0;
    for (std::uint64_t n : turns) total_turns += n;
    for (std::uint64_t n : generated) total_generated += n;
    branching = static_cast<double>(total_generated) / static_cast<double>(std::max<std::size_t>(1, parents));
    levels.push_back({d, total_turns, level.size()});
    to_move = other(to_move);
  }
  return levels;
}

}  // namespace tsivy
