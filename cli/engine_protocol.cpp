#include "cli/engine_protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include "game/notation.h"
#include "search/engine.h"

namespace tsivy::cli::protocol {
namespace {

constexpr std::string_view kCommands = "tsivy, isready, newgame, position, go, stop, setoption, show, quit";

// A word of the line and where it starts, so that setoption can take the rest of the
// line as its value (a directory name may hold spaces).
struct Word {
  std::string_view text;
  std::size_t offset;
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::vector<Word> split(std::string_view line) {
  std::vector<Word> words;
  for (std::size_t i = 0; i < line.size();) {
    if (is_blank(line[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    words.push_back({line.substr(start, i - start), start});
  }
  return words;
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

void no_arguments(const std::vector<Word>& words) {
  if (words.size() > 1)
    throw ProtocolError(std::string(words[0].text), "takes no arguments, got " + quoted(words[1].text));
}

// position startpos | fen ROWS SIDE, then optionally moves T1 T2 ...
SetGame read_position(const std::vector<Word>& words) {
  std::size_t k = 1;
  if (k >= words.size()) throw ProtocolError("position", "expected 'startpos' or 'fen ROWS SIDE'");
  Position start;
  if (words[k].text == "startpos") {
    start = start_position();
    ++k;
  } else if (words[k].text == "fen") {
    ++k;
    std::string fen;
    for (; k < words.size() && words[k].text != "moves"; ++k) {
      if (!fen.empty()) fen += ' ';
      fen += words[k].text;
    }
    if (fen.empty()) throw ProtocolError("position", "'fen' needs a position, e.g. 'fen 9/6B2/4W4/2W6/9 w'");
    try {
      start = parse_position(fen);
    } catch (const InvalidPosition& e) {
      throw ProtocolError("position", "fen " + quoted(fen) + ": " + e.what());
    }
  } else {
    throw ProtocolError("position", "expected 'startpos' or 'fen', got " + quoted(words[k].text));
  }
  if (k < words.size() && words[k].text != "moves")
    throw ProtocolError("position", "expected 'moves' or the end of the line, got " + quoted(words[k].text));
  SetGame set{Game(start)};
  Game& game = set.game;
  for (++k; k < words.size(); ++k) {
    const std::string turn(words[k].text);
    const std::string which = "turn " + std::to_string(game.turns().size() + 1) + " (" + turn + ")";
    try {
      game.play(turn);
    } catch (const GameOver&) {
      // The rules end the game at the third occurrence; nothing is played after it.
      throw ProtocolError("position", which + ": the game already ended by repetition (its position after turn " +
                                          std::to_string(game.turns().size()) + " occurred for the third time)");
    } catch (const InvalidTurn& e) {
      throw ProtocolError("position", which + ": " + e.what());
    }
  }
  return set;
}

Go read_go(const std::vector<Word>& words) {
  Go go;
  if (words.size() == 1)
    throw ProtocolError("go", "needs 'depth D', 'nodes N', 'movetime MS', a clock ('wtime W btime B') or 'infinite'");
  constexpr std::string_view kKeys[] = {"depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo"};
  bool seen[std::size(kKeys)] = {};
  GameClock clock;
  for (std::size_t k = 1; k < words.size(); ++k) {
    const std::string_view key = words[k].text;
    if (key == "infinite") {
      go.infinite = true;
      continue;
    }
    const auto found = std::find(std::begin(kKeys), std::end(kKeys), key);
    if (found == std::end(kKeys))
      throw ProtocolError("go", "unknown word " + quoted(key) +
                                    " (expected depth, nodes, movetime, wtime, btime, winc, binc, movestogo or infinite)");
    bool& once = seen[found - std::begin(kKeys)];
    if (once) throw ProtocolError("go", std::string(key) + " given twice");
    once = true;
    if (++k == words.size()) throw ProtocolError("go", std::string(key) + " needs a value");
    const std::string_view value = words[k].text;
    const std::string name(key);
    const auto clock_time = [&] { return std::chrono::milliseconds(parse_number(value, 0, kMaxMovetimeMs, "go", name)); };
    if (key == "depth")
      go.limits.depth = static_cast<int>(parse_number(value, 1, kMaxDepth, "go", name));
    else if (key == "nodes")
      go.limits.nodes = static_cast<std::uint64_t>(parse_number(value, 1, std::numeric_limits<std::int64_t>::max(), "go", name));
    else if (key == "movetime")
      go.limits.movetime = std::chrono::milliseconds(parse_number(value, 1, kMaxMovetimeMs, "go", name));
    else if (key == "wtime")
      clock.white = clock_time();
    else if (key == "btime")
      clock.black = clock_time();
    else if (key == "winc")
      clock.white_increment = clock_time();
    else if (key == "binc")
      clock.black_increment = clock_time();
    else
      clock.turns_to_go = static_cast<int>(parse_number(value, 1, kMaxTurnsToGo, "go", name));
  }
  const bool wtime = seen[3], btime = seen[4];
  const bool any_clock = std::find(std::begin(seen) + 3, std::end(seen), true) != std::end(seen);
  if (any_clock && !(wtime && btime))
    throw ProtocolError("go", "a clock needs both wtime and btime (winc, binc and movestogo go with them)");
  if (go.infinite && std::find(std::begin(seen), std::end(seen), true) != std::end(seen))
    throw ProtocolError("go", "'infinite' takes no depth, nodes, movetime or clock: it searches until stop");
  if (any_clock) go.clock = clock;
  return go;
}

std::string lower(std::string_view text) {
  std::string s(text);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// setoption name NAME value VALUE, VALUE the rest of the line after "value ".
Command read_setoption(std::string_view line, const std::vector<Word>& words) {
  if (words.size() < 2 || words[1].text != "name") throw ProtocolError("setoption", "expected 'setoption name NAME value VALUE'");
  if (words.size() < 3) throw ProtocolError("setoption", "'name' needs an option name (Hash, Tables or Threads)");
  const std::string name = lower(words[2].text);
  if (name != "hash" && name != "tables" && name != "threads")
    throw ProtocolError("setoption", "unknown option " + quoted(words[2].text) + " (options: Hash, Tables, Threads)");
  if (words.size() < 4 || words[3].text != "value")
    throw ProtocolError("setoption", std::string(words[2].text) + ": expected 'value' after the name");
  std::string_view value = words.size() > 4 ? line.substr(words[4].offset) : std::string_view{};
  while (!value.empty() && is_blank(value.back())) value.remove_suffix(1);
  if (name == "tables") return SetTables{value == "<empty>" ? std::string() : std::string(value)};
  if (words.size() != 5)
    throw ProtocolError("setoption", std::string(words[2].text) + (words.size() < 5 ? ": 'value' needs a number" : ": expected one number after 'value'"));
  if (name == "hash") return SetHash{static_cast<std::size_t>(parse_number(value, 1, kMaxHashMib, "setoption", "Hash"))};
  return SetThreads{static_cast<int>(parse_number(value, 1, search::kMaxThreads, "setoption", "Threads"))};
}

}  // namespace


std::int64_t parse_number(std::string_view text, std::int64_t low, std::int64_t high, const std::string& command,
                          const std::string& name) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high)
    throw ProtocolError(command, name + " " + quoted(text) + " is not a whole number from " + std::to_string(low) + " to " +
                                     std::to_string(high));
  return value;
}

Command parse_command(std::string_view line) {
  const std::vector<Word> words = split(line);
  if (words.empty()) return Nothing{};
  const std::string_view command = words[0].text;
  if (command == "position") return read_position(words);
  if (command == "go") return read_go(words);
  if (command == "setoption") return read_setoption(line, words);
  if (command == "tsivy") return no_arguments(words), Handshake{};
  if (command == "isready") return no_arguments(words), IsReady{};
  if (command == "newgame") return no_arguments(words), NewGame{};
  if (command == "stop") return no_arguments(words), Stop{};
  if (command == "show") return no_arguments(words), Show{};
  if (command == "quit") return no_arguments(words), Quit{};
  throw ProtocolError(std::string(command), "unknown command (commands: " + std::string(kCommands) + ")");
}

}  // namespace tsivy::cli::protocol

namespace tsivy::cli {

std::int64_t command_line_number(std::string_view text, std::int64_t low, std::int64_t high, const std::string& command,
                                 const std::string& name) {
  try {
    return protocol::parse_number(text, low, high, command, name);
  } catch (const protocol::ProtocolError& e) {
    throw std::invalid_argument(command + ": " + e.what());
  }
}

}  // namespace tsivy::cli
