// Another board's libtsivy, loaded at run time. Each board is its own build of these
// sources (game/geometry.h), so a library reads one board's tables; for the others it
// forwards every call to that board's library (libtsivy-RxC.so.N, 5x9's libtsivy.so.N).
#pragma once

#include <stdexcept>
#include <string>

#include "tsivy/tsivy.h"

namespace tsivy::probe {

// The entry points of a board library that a forwarding handle calls.
struct BoardLibrary {
  std::string board;  // "3x3"
  decltype(&tsivy_last_error) last_error;
  decltype(&tsivy_open_logged) open_logged;
  decltype(&tsivy_check) check;
  decltype(&tsivy_close) close;
  decltype(&tsivy_board) board_of;
  decltype(&tsivy_max_stones) max_stones;
  decltype(&tsivy_max_stones_wdl) max_stones_wdl;
  decltype(&tsivy_classes) classes;
  decltype(&tsivy_available) available;
  decltype(&tsivy_probe_wdl) probe_wdl;
  decltype(&tsivy_probe) probe;
  decltype(&tsivy_probe_cached) probe_cached;
  decltype(&tsivy_preload) preload;
  decltype(&tsivy_probe_root) probe_root;
  decltype(&tsivy_parse_fen_on) parse_fen_on;
  decltype(&tsivy_format_fen_on) format_fen_on;
};

// Thrown when a board's library cannot be loaded; what() says which file was looked
// for, where, and why.
struct BoardLibraryMissing : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file name of BOARD's library: "libtsivy-3x3.so.0", "libtsivy.so.0" for 5x9.
std::string board_library_file(const std::string& board);

// BOARD's library ("3x3"), loaded on first use from the directory of the running
// library (or of the executable it is linked into), else by its plain name through the
// loader's search path; kept loaded until the process ends, since handles from it may
// live as long. Thread-safe. Throws BoardLibraryMissing.
const BoardLibrary& board_library(const std::string& board);

}  // namespace tsivy::probe
