// libtsivy for C++: a thin header-only wrapper over tsivy.h. Tables owns a handle
// (RAII, movable, not copyable); every failure throws tsivy::Error, which carries the
// status code and the library's message. Thread safety is that of the C API.
// Needs C++14 or later (std::exchange); the library itself is C++20 inside, but this
// header and tsivy.h are all a program includes, and libtsivy.so needs no C++ of it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tsivy/tsivy.h"

namespace tsivy {

class Error : public std::runtime_error {
 public:
  explicit Error(int status)
      : std::runtime_error(std::string(tsivy_status_name(status)) + ": " + tsivy_last_error()),
        status_(status),
        message_(tsivy_last_error()) {}
  int status() const noexcept { return status_; }
  // The library's message alone, without the status name.
  const std::string& message() const noexcept { return message_; }

 private:
  int status_;
  std::string message_;
};

inline void check(int status) {
  if (status != TSIVY_OK) throw Error(status);
}

// A position as two point sets, `us` to move (tsivy.h).
struct Sets {
  std::uint64_t us = 0, them = 0;
  bool white_to_move = true;
};

inline Sets parse_fen(const std::string& fen) {
  Sets s;
  int white = 1;
  check(tsivy_parse_fen(fen.c_str(), &s.us, &s.them, &white));
  s.white_to_move = white != 0;
  return s;
}

inline std::string format_fen(const Sets& s) {
  char text[TSIVY_FEN_MAX];
  check(tsivy_format_fen(s.us, s.them, s.white_to_move ? 1 : 0, text, sizeof text));
  return text;
}

// A board's size, rows x columns.
struct Board {
  int rows = 5, columns = 9;
};

struct ProbeValue {
  int wdl = TSIVY_DRAW;  // TSIVY_WIN, TSIVY_DRAW or TSIVY_LOSS for the side to move
  int depth = -1;        // turns to the end; -1 for a draw
};

class Tables {
 public:
  // Opens a table directory; cache_bytes 0 takes the library's default.
  explicit Tables(const std::string& dir, std::size_t cache_bytes = 0, tsivy_log_fn log = nullptr,
                  void* log_user = nullptr) {
    check(tsivy_open_logged(dir.c_str(), cache_bytes, log, log_user, &handle_));
  }
  ~Tables() { tsivy_close(handle_); }
  Tables(Tables&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Tables& operator=(Tables&& other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }
  Tables(const Tables&) = delete;
  Tables& operator=(const Tables&) = delete;

  const tsivy_tables* get() const noexcept { return handle_; }
  int max_stones() const noexcept { return tsivy_max_stones(handle_); }

  // The board of these tables; their point sets and texts are on it.
  Board board() const {
    Board b;
    check(tsivy_board(handle_, &b.rows, &b.columns));
    return b;
  }

  // Position text on the tables' board (parse_fen and format_fen are on the library's).
  Sets parse_fen(const std::string& fen) const {
    Sets s;
    int white = 1;
    check(tsivy_parse_fen_on(handle_, fen.c_str(), &s.us, &s.them, &white));
    s.white_to_move = white != 0;
    return s;
  }
  std::string format_fen(const Sets& s) const {
    char text[TSIVY_FEN_MAX];
    check(tsivy_format_fen_on(handle_, s.us, s.them, s.white_to_move ? 1 : 0, text, sizeof text));
    return text;
  }

  std::vector<tsivy_class> classes() const {
    std::size_t n = 0;
    const int status = tsivy_classes(handle_, nullptr, 0, &n);
    if (status != TSIVY_OK && status != TSIVY_ERROR_BUFFER_TOO_SMALL) throw Error(status);
    std::vector<tsivy_class> out(n);
    check(tsivy_classes(handle_, out.data(), out.size(), &n));
    return out;
  }

  // For search: TSIVY_WIN, TSIVY_DRAW or TSIVY_LOSS for the side to move, from the WDL
  // files alone (tsivy_probe_wdl).
  int probe_wdl(std::uint64_t us, std::uint64_t them) const {
    int wdl = TSIVY_DRAW;
    check(tsivy_probe_wdl(handle_, us, them, &wdl));
    return wdl;
  }
  int probe_wdl(const Sets& s) const { return probe_wdl(s.us, s.them); }

  // Whether the probes answer class us_stones v them_stones (tsivy_available): WDL
  // probes, or with_depth the probes with a depth too. Never throws for a class the
  // tables lack; throws Error for a bad argument.
  bool available(int us_stones, int them_stones, bool with_depth = false) const {
    const int status = tsivy_available(handle_, us_stones, them_stones, with_depth ? 1 : 0);
    if (status == TSIVY_OK) return true;
    if (status == TSIVY_ERROR_BAD_ARGUMENT) throw Error(status);
    return false;
  }

  ProbeValue probe(std::uint64_t us, std::uint64_t them) const {
    ProbeValue v;
    check(tsivy_probe(handle_, us, them, &v.wdl, &v.depth));
    return v;
  }
  ProbeValue probe(const Sets& s) const { return probe(s.us, s.them); }

  // Every legal turn with its value for its maker, best first.
  std::vector<tsivy_turn> turns(std::uint64_t us, std::uint64_t them) const {
    std::vector<tsivy_turn> out(256);  // nearly every position's turns (tsivy.h, tsivy_probe_root)
    std::size_t n = 0;
    int status = tsivy_probe_root(handle_, us, them, out.data(), out.size(), &n);
    if (status == TSIVY_ERROR_BUFFER_TOO_SMALL) {
      out.resize(n);
      status = tsivy_probe_root(handle_, us, them, out.data(), out.size(), &n);
    }
    check(status);
    out.resize(n);
    return out;
  }
  std::vector<tsivy_turn> turns(const Sets& s) const { return turns(s.us, s.them); }

 private:
  tsivy_tables* handle_ = nullptr;
};

// "win", "draw" or "loss".
inline const char* wdl_name(int wdl) { return wdl > 0 ? "win" : wdl < 0 ? "loss" : "draw"; }

}  // namespace tsivy
