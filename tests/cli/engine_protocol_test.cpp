// The engine protocol's reading of commands (docs/engine.md), without an engine: what
// each line becomes, and that every line the protocol does not define is refused with
// the command's name and a message that says what is wrong.
#include "cli/engine_protocol.h"

#include <gtest/gtest.h>

#include "game/movegen.h"
#include "game/notation.h"

namespace tsivy::cli::protocol {
namespace {

template <class T>
T parsed(std::string_view line) {
  const Command command = parse_command(line);
  EXPECT_TRUE(std::holds_alternative<T>(command)) << line;
  return std::holds_alternative<T>(command) ? std::get<T>(command) : T{};
}

// The command must be refused, naming `command`, with `part` in its message.
void expect_refused(std::string_view line, const std::string& command, const std::string& part) {
  try {
    parse_command(line);
    ADD_FAILURE() << "accepted: " << line;
  } catch (const ProtocolError& e) {
    EXPECT_EQ(e.command(), command) << line;
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << line << " -> " << e.what();
  }
}

TEST(EngineProtocol, BlankLinesAreNoCommand) {
  parsed<Nothing>("");
  parsed<Nothing>("  \t \r");
}

TEST(EngineProtocol, CommandsWithoutArguments) {
  parsed<Handshake>("tsivy");
  parsed<IsReady>("  isready  ");
  parsed<NewGame>("newgame");
  parsed<Stop>("stop");
  parsed<Show>("show");
  parsed<Quit>("quit\r");  // a line from a Windows driver
  expect_refused("isready now", "isready", "takes no arguments, got 'now'");
  expect_refused("quit 1", "quit", "takes no arguments");
}

TEST(EngineProtocol, UnknownCommandsAreNamed) {
  expect_refused("uci", "uci", "unknown command (commands: tsivy, isready");
  expect_refused("GO depth 3", "GO", "unknown command");
}

TEST(EngineProtocol, PositionStartposAndFen) {
  const Game start = parsed<SetGame>("position startpos").game;
  ASSERT_EQ(start.positions().size(), 1u);
  EXPECT_EQ(start.current(), start_position());
  EXPECT_TRUE(start.history().empty());

  const Game endgame = parsed<SetGame>("position fen 9/6B2/4W4/2W6/9 b").game;
  EXPECT_EQ(endgame.current(), parse_position("9/6B2/4W4/2W6/9 b"));
  EXPECT_TRUE(parsed<SetGame>("position startpos moves").game.turns().empty());
}

TEST(EngineProtocol, PositionPlaysEachTurnInOrder) {
  // Two legal turns of tsivy's own generator, whatever they are.
  const Turn first = generate_turns(start_position()).front();
  const Turn second = generate_turns(first.result).front();
  const Game game = parsed<SetGame>("position startpos moves " + first.notation + "  " + second.notation).game;
  ASSERT_EQ(game.turns().size(), 2u);
  EXPECT_EQ(turn_text(game.turns()[0]), first.notation);
  EXPECT_EQ(game.positions()[1], first.result);
  EXPECT_EQ(game.current(), second.result);
  ASSERT_EQ(game.history().size(), 2u);
  EXPECT_EQ(game.history()[0], start_position());
}

TEST(EngineProtocol, PositionRefusesIllegalTurnsAndMalformedFens) {
  const Turn first = generate_turns(start_position()).front();
  // a1-a2: a1 and a2 both hold White stones at the start.
  expect_refused("position startpos moves " + first.notation + " a1-a2", "position", "turn 2 (a1-a2): ");
  expect_refused("position startpos moves x9", "position", "turn 1 (x9): ");
  expect_refused("position fen 9/9/9/9 w", "position", "fen '9/9/9/9 w': ");
  expect_refused("position fen 9/9/4X4/9/9 w moves e3-e4", "position", "fen '9/9/4X4/9/9 w'");
  expect_refused("position fen", "position", "'fen' needs a position");
  expect_refused("position fen moves d2-e3A", "position", "'fen' needs a position");
  expect_refused("position", "position", "expected 'startpos' or 'fen ROWS SIDE'");
  expect_refused("position start", "position", "got 'start'");
  expect_refused("position startpos d3-e3A", "position", "expected 'moves' or the end of the line, got 'd3-e3A'");
}

TEST(EngineProtocol, NoTurnAfterTheThirdOccurrence) {
  // Two lone stones step back and forth: after 8 turns the start occurs for the third time.
  const std::string shuffle = "a1-a2 i1-i2 a2-a1 i2-i1 a1-a2 i1-i2 a2-a1 i2-i1";
  const Game drawn = parsed<SetGame>("position fen 9/9/9/9/W7B w moves " + shuffle).game;
  EXPECT_TRUE(drawn.ended_by_repetition());
  EXPECT_FALSE(parsed<SetGame>("position fen 9/9/9/9/W7B w moves a1-a2 i1-i2 a2-a1 i2-i1").game.ended_by_repetition());
  expect_refused("position fen 9/9/9/9/W7B w moves " + shuffle + " a1-a2", "position",
                 "turn 9 (a1-a2): the game already ended by repetition");
}

TEST(EngineProtocol, GoLimits) {
  EXPECT_EQ(parsed<Go>("go depth 3").limits.depth, 3);
  EXPECT_EQ(parsed<Go>("go nodes 200").limits.nodes, 200u);
  EXPECT_EQ(parsed<Go>("go movetime 50").limits.movetime, std::chrono::milliseconds(50));
  const Go both = parsed<Go>("go movetime 1000 depth 128");
  EXPECT_EQ(both.limits.depth, 128);
  EXPECT_EQ(both.limits.movetime, std::chrono::milliseconds(1000));
  EXPECT_FALSE(both.infinite);
  const Go infinite = parsed<Go>("go infinite");
  EXPECT_TRUE(infinite.infinite);
  EXPECT_EQ(infinite.limits.depth, 0);
  EXPECT_EQ(infinite.limits.nodes, 0u);
  EXPECT_EQ(infinite.limits.movetime.count(), 0);
}

// go wtime W btime B [winc I binc J] [movestogo M]: both clocks, kept for the side to move.
TEST(EngineProtocol, GoWithAClock) {
  const Go go = parsed<Go>("go wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20");
  ASSERT_TRUE(go.clock.has_value());
  EXPECT_EQ(go.clock->of(Colour::White).left, std::chrono::milliseconds(60000));
  EXPECT_EQ(go.clock->of(Colour::White).increment, std::chrono::milliseconds(1000));
  EXPECT_EQ(go.clock->of(Colour::Black).left, std::chrono::milliseconds(30000));
  EXPECT_EQ(go.clock->of(Colour::Black).increment, std::chrono::milliseconds(500));
  EXPECT_EQ(go.clock->of(Colour::Black).turns_to_go, 20);
  EXPECT_EQ(go.limits.movetime.count(), 0);
  const Go plain = parsed<Go>("go btime 0 wtime 5");  // any order; no time left is a time
  ASSERT_TRUE(plain.clock.has_value());
  EXPECT_EQ(plain.clock->of(Colour::White).turns_to_go, 0);
  EXPECT_EQ(plain.clock->of(Colour::Black).left.count(), 0);
  const Go bounded = parsed<Go>("go wtime 1000 btime 1000 depth 4");
  EXPECT_EQ(bounded.limits.depth, 4);
  EXPECT_FALSE(parsed<Go>("go depth 3").clock.has_value());
}

TEST(EngineProtocol, GoRefusesBadClocks) {
  expect_refused("go wtime 1000", "go", "a clock needs both wtime and btime");
  expect_refused("go btime 1000 winc 10", "go", "a clock needs both wtime and btime");
  expect_refused("go movestogo 5", "go", "a clock needs both wtime and btime");
  expect_refused("go wtime -1 btime 5", "go", "wtime '-1' is not a whole number from 0 to");
  expect_refused("go wtime 5 btime 5 movestogo 0", "go", "movestogo '0' is not a whole number from 1 to 1000");
  expect_refused("go wtime 5 btime 5 winc", "go", "winc needs a value");
  expect_refused("go wtime 5 btime 5 wtime 6", "go", "wtime given twice");
  expect_refused("go infinite wtime 5 btime 5", "go", "'infinite' takes no depth, nodes, movetime or clock");
}

TEST(EngineProtocol, GoRefusesBadLimits) {
  expect_refused("go", "go", "needs 'depth D', 'nodes N', 'movetime MS', a clock ('wtime W btime B') or 'infinite'");
  expect_refused("go depth 0", "go", "depth '0' is not a whole number from 1 to 128");
  expect_refused("go depth 129", "go", "depth '129' is not a whole number from 1 to 128");
  expect_refused("go depth 3x", "go", "depth '3x'");
  expect_refused("go depth -1", "go", "depth '-1'");
  expect_refused("go nodes 99999999999999999999", "go", "nodes '99999999999999999999'");
  expect_refused("go movetime 0", "go", "movetime '0'");
  expect_refused("go depth", "go", "depth needs a value");
  expect_refused("go depth 2 depth 3", "go", "depth given twice");
  expect_refused("go infinite depth 3", "go", "'infinite' takes no depth");
  expect_refused("go ponder", "go", "unknown word 'ponder'");
}

TEST(EngineProtocol, SetOptions) {
  EXPECT_EQ(parsed<SetHash>("setoption name Hash value 128").mib, 128u);
  EXPECT_EQ(parsed<SetHash>("setoption name hash value 1").mib, 1u);
  EXPECT_EQ(parsed<SetTables>("setoption name Tables value /data/my tables  ").dir, "/data/my tables");
  EXPECT_EQ(parsed<SetTables>("setoption name TABLES value").dir, "");
  EXPECT_EQ(parsed<SetTables>("setoption name Tables value <empty>").dir, "");
  EXPECT_EQ(parsed<SetThreads>("setoption name Threads value 1").threads, 1);
  EXPECT_EQ(parsed<SetThreads>("setoption name threads value 2").threads, 2);
}

TEST(EngineProtocol, SetOptionRefusesUnknownOptionsAndBadValues) {
  expect_refused("setoption", "setoption", "expected 'setoption name NAME value VALUE'");
  expect_refused("setoption name", "setoption", "'name' needs an option name");
  expect_refused("setoption name Ponder value true", "setoption", "unknown option 'Ponder' (options: Hash, Tables, Threads)");
  expect_refused("setoption name Hash 64", "setoption", "Hash: expected 'value' after the name");
  expect_refused("setoption name Hash value", "setoption", "Hash: 'value' needs a number");
  expect_refused("setoption name Hash value 0", "setoption", "Hash '0' is not a whole number from 1 to 65536");
  expect_refused("setoption name Hash value 65537", "setoption", "Hash '65537'");
  expect_refused("setoption name Hash value 6 4", "setoption", "Hash: expected one number after 'value'");
  expect_refused("setoption name Threads value 0", "setoption", "Threads '0' is not a whole number from 1 to 256");
  expect_refused("setoption name Threads value 257", "setoption", "Threads '257'");
  expect_refused("setoption name Threads value one", "setoption", "Threads 'one'");
}

}  // namespace
}  // namespace tsivy::cli::protocol
