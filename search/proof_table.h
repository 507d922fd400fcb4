// The prover's transposition table (docs/prover.md): proof and disproof numbers by
// position, in a fixed budget of memory. Unlike the engine's table it keeps the whole
// position beside the key, so that an entry is never taken for another position, and it
// keeps settled results (proved or disproved) in preference to unsettled ones: a new
// entry replaces the one of its bucket that cost the least search, settled ones last.
// Only results that hold whatever the path to the position are stored settled (the
// prover's rule against the graph-history interaction, search/proof_search.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "game/position.h"

namespace tsivy::search {

// Proof and disproof numbers: 0 settles, kInfiniteProof rules out.
using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kInfiniteProof = std::numeric_limits<ProofNumber>::max();
// The same bound for the 64-bit sums of children's numbers, which may pass it.
inline constexpr std::uint64_t kInfiniteProofSum = kInfiniteProof;

struct ProofEntry {
  PointSet us = 0, them = 0;
  ProofNumber pn = 1, dn = 1;
  std::uint32_t work = 0;  // nodes searched below the position (saturating): what replacement keeps
  std::uint8_t black_to_move = 0;
  std::uint8_t used = 0;
  // Settled entries: turns (plies) to the leaves of the settling tree, the longest way
  // at the nodes where every turn counts and the shortest where one does. A strategy
  // that always moves to a smaller one cannot cycle (search/certificate_extraction.h).
  std::uint16_t depth = 0;

  bool settled() const { return pn == 0 || dn == 0; }
  bool holds(const Position& p) const {
    return used && us == p.us && them == p.them && black_to_move == (p.to_move == Colour::Black);
  }
};
static_assert(sizeof(ProofEntry) == 32);

class ProofTable {
 public:
  explicit ProofTable(std::size_t bytes);

  void clear();
  // The entry for the position, or nullptr.
  const ProofEntry* find(std::uint64_t key, const Position& p) const;
  // Starts loading the key's bucket into the cache: a node asks the table about all its
  // children at once, so it prefetches every bucket before it reads the first
  // (the table is far larger than the cache, and find() is a miss otherwise).
  // A bucket is two cache lines, and a miss (most children are new) reads both.
  void prefetch(std::uint64_t key) const {
    const char* bucket = reinterpret_cast<const char*>(&buckets_[key & mask_]);
    __builtin_prefetch(bucket);
    __builtin_prefetch(bucket + 64);
  }
  void store(std::uint64_t key, const Position& p, ProofNumber pn, ProofNumber dn, std::uint64_t work, std::uint16_t depth = 0);

  std::size_t bytes() const { return buckets_.size() * sizeof(Bucket); }
  std::uint64_t entries_used() const { return used_; }

  // The used entries in a file, atomically, with a checksum; and back. `header` is the
  // caller's text (what was being proved), kept in the file and handed back by load,
  // which refuses a file whose checksum or size is wrong (std::runtime_error).
  void save(const std::filesystem::path& file, const std::string& header) const;
  // Loads the entries (into this table's size: entries that do not fit are dropped, the
  // least searched first) and returns the header.
  std::string load(const std::filesystem::path& file);

 private:
  static constexpr int kWays = 4;
  struct alignas(128) Bucket {
    ProofEntry entries[kWays];
  };
  static_assert(sizeof(Bucket) == 128);

  std::vector<Bucket> buckets_;
  std::uint64_t mask_ = 0;
  std::uint64_t used_ = 0;
};

}  // namespace tsivy::search
