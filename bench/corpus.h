// Loads a fixed benchmark corpus from bench/data (one position per line, notation.md).
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/notation.h"

namespace tsivy::bench {

inline std::vector<Position> load_corpus(const std::string& name) {
  const std::string path = std::string(TSIVY_BENCH_DATA) + "/" + name + ".txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open benchmark corpus " + path);
  std::vector<Position> positions;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) positions.push_back(parse_position(line));
  return positions;
}

}  // namespace tsivy::bench
