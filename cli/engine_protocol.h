// The engine protocol's commands (docs/engine.md), read from text: what each line asks
// for, checked before anything acts on it. Nothing here searches or prints, so that
// the reading of every command is tested on its own (tests/cli/engine_protocol_test.cpp);
// cli/engine_session.h acts on what this returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/game.h"
#include "game/move.h"
#include "game/position.h"
#include "search/time_budget.h"
#include "search/engine.h"

namespace tsivy::cli::protocol {

// A line the protocol refuses. `command` is the command's first word, `what()` says what is wrong;
// the session answers "error COMMAND: WHAT".
class ProtocolError : public std::runtime_error {
 public:
  ProtocolError(std::string command, const std::string& what) : std::runtime_error(what), command_(std::move(command)) {}
  const std::string& command() const { return command_; }

 private:
  std::string command_;
};

// The game of a fresh engine: the start position, no turn played.
inline Game start_game() { return Game(start_position()); }

struct Nothing {};  // an empty line
struct Handshake {};
struct IsReady {};
struct NewGame {};
struct SetGame {
  Game game = start_game();
};
// `go wtime W btime B [winc I binc J] [movestogo M]`: both sides' clocks; the side to
// move's decides how long it searches (search/time_budget.h).
struct GameClock {
  std::chrono::milliseconds white{0}, black{0};
  std::chrono::milliseconds white_increment{0}, black_increment{0};
  int turns_to_go = 0;  // 0: not given (the rest of the game)

  search::TurnClock of(Colour side) const {
    return side == Colour::White ? search::TurnClock{white, white_increment, turns_to_go}
                                 : search::TurnClock{black, black_increment, turns_to_go};
  }
};
struct Go {
  search::Limits limits;  // all zero for `go infinite`
  std::optional<GameClock> clock;
  bool infinite = false;
};
struct Stop {};
struct SetHash {
  std::size_t mib = 0;
};
struct SetTables {
  std::string dir;  // empty: no tables
};
struct SetThreads {
  int threads = 1;
};
struct Show {};
struct Quit {};

using Command = std::variant<Nothing, Handshake, IsReady, NewGame, SetGame, Go, Stop, SetHash, SetTables, SetThreads, Show, Quit>;

// Reads one line of input (without its newline). Throws ProtocolError for anything
// the protocol does not define: an unknown command, a malformed FEN, an illegal turn,
// a missing, repeated or out-of-range value, an unknown option, a stray word.
Command parse_command(std::string_view line);

// Limits of the values (docs/engine.md).
inline constexpr std::int64_t kMaxDepth = search::kMaxPly;
inline constexpr std::int64_t kMaxMovetimeMs = 1'000'000'000;  // 11.6 days: any real game's clock
inline constexpr std::int64_t kMaxTurnsToGo = 1000;
inline constexpr std::int64_t kMaxHashMib = 65536;

// `text` as a whole number in [low, high], or throws ProtocolError(command, "NAME 'text'
// is not a whole number from low to high"). Shared with `tsivy search`'s options.
std::int64_t parse_number(std::string_view text, std::int64_t low, std::int64_t high, const std::string& command,
                          const std::string& name);

}  // namespace tsivy::cli::protocol

namespace tsivy::cli {

// parse_number for a command-line option: throws std::invalid_argument("COMMAND: NAME
// 'text' is not ..."), which `tsivy` reports as its one error line.
std::int64_t command_line_number(std::string_view text, std::int64_t low, std::int64_t high, const std::string& command,
                                 const std::string& name);

}  // namespace tsivy::cli
