// The engine protocol's commands (docs/engine.md), read from text: what each line asks
// for, checked before anything acts on it. Nothing here searches or prints, so that
// the reading of every command is tested on its own (tests/cli/engine_protocol_test.cpp);
// cli/engine_session.h acts on what this returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/game.h"
#include "game/move.h"
#include "game/position.h"
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
struct Go {
  search::Limits limits;  // all zero for `go infinite`
  bool infinite = false;
};
struct Stop {};
struct SetHash {
  std::size_t mib = 0;
};
struct SetTables {
  std::string dir;  // empty: no tables
};
struct SetThreads {};  // only 1 is accepted
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
