// Shared by the search tests: the 4-stone tables of the probe tests (or tables made on
// first use when the binary runs alone), random positions, and table values.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include "game/movegen.h"
#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "search/engine.h"
#include "tests/support/scratch_dir.h"

namespace tsivy::search::testing {


#ifdef TSIVY_SANITIZE_BUILD
inline constexpr int kScale = 5;
#else
inline constexpr int kScale = 1;
#endif

inline const TableLookup& tables() {
  static const std::unique_ptr<TableLookup> lookup = [] {
    std::filesystem::path dir;
    if (const char* env = std::getenv("TSIVY_PROBE_TEST_TABLES"); env && std::filesystem::exists(std::string(env) + "/manifest.json")) {
      dir = env;
    } else {
      dir = std::filesystem::temp_directory_path() / ("tsivy-search-tables-" + std::to_string(::getpid()));
      const std::string command = std::string(TSIVY_CLI) + " generate --threads 2 --max-stones 4 --out " + dir.string() + " >/dev/null";
      if (std::system(command.c_str()) != 0) throw std::runtime_error("could not generate " + dir.string());
    }
    return std::make_unique<TableLookup>(TableDirectory::open(dir));
  }();
  return *lookup;
}

// `us` and `them` stones on distinct random points, White to move.
inline Position random_position(std::mt19937_64& rng, int us, int them) {
  Position p;
  while (count(p.us) < us) p.us |= bit(static_cast<Point>(rng() % kPoints)) & ~p.them;
  while (count(p.them) < them) p.them |= bit(static_cast<Point>(rng() % kPoints)) & ~p.us;
  return p;
}

inline bool is_legal(const Position& p, const Move& m) {
  MoveList moves;
  generate_moves(p, moves);
  for (const Move& legal : moves)
    if (legal == m) return true;
  return false;
}

}  // namespace tsivy::search::testing
