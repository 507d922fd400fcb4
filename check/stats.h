// `tsivy stats`: value counts and depth histograms of the tables in a directory.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/outcome.h"
#include "table_dir/table_directory.h"

namespace tsivy {

struct ClassStats {
  Material material{};
  // Indexed by Outcome code: loss, draw, win.
  std::array<std::uint64_t, 3> canonical{};  // one per symmetry class
  std::array<std::uint64_t, 3> raw{};        // every position, each symmetry class weighted by its size
  int max_depth = 0;
  // One position of the greatest depth, the one with the lowest slot (so every run
  // names the same); side to move first. Empty sets when the class has only draws.
  std::uint64_t deepest_us = 0, deepest_them = 0, deepest_slot = ~std::uint64_t{0};
  std::vector<std::uint64_t> wins_by_depth, losses_by_depth;  // canonical positions
};

// Counting one class position by position, as both `stats` and `verify --stats-json`
// walk it (ClassWalk::visit, lookup/class_walk.h): every canonical position, capture positions included.
// Threads count into their own ClassStats (positions in increasing slot order within
// each), then merge them.
void count_position(ClassStats& stats, std::uint64_t slot, PointSet us, PointSet them, const Value& value);
void merge_stats(ClassStats& total, const ClassStats& part);

struct StatsOptions {
  unsigned threads = 1;
  std::size_t cache_bytes = std::size_t{1} << 30;  // decompressed blocks kept for resolving capture positions
  // Before each pair, keeps the classes its captures reach in memory (2 bytes a slot), so
  // that its capture positions are resolved by array reads rather than through the
  // files (at 8 stones one or two 7-stone classes). `resident` forces it for every pair;
  // otherwise a pair goes resident when those classes and the block cache fit `memory`
  // (check/resident_choice.h). No `memory`: never.
  bool resident = false;
  std::ostream* log = nullptr;  // what each pair holds resident, progress within a class, a line per class
  std::optional<std::uint64_t> memory = std::nullopt;
  // Seconds between progress lines within a class; 0: after every chunk of slots.
  double progress_every = 30;
  // Counts a class from its value files (lookup/class_files.h: every entry, capture
  // positions included, holds its value) where `tsivy generate` left them, listed in the
  // manifest: no search, no resident classes. false: always as every reader sees the
  // tables, capture positions resolved by search (`tsivy stats --no-value-files`).
  bool value_files = true;
  // Called with each class's figures as soon as they are counted (in the order returned).
  std::function<void(const ClassStats&)> on_class = nullptr;
};

// Reads every class the directory's manifest lists (its value files, or the tables
// through the lookup) and counts, pair by pair (classes_pair_by_pair). Throws when the
// manifest lists no class.
std::vector<ClassStats> table_stats(const std::shared_ptr<const TableDirectory>& dir, const StatsOptions& options);

}  // namespace tsivy
