#!/usr/bin/env python3
"""`tsivy engine` driven as a front end drives it (docs/engine.md).

Usage: engine_session_test.py TSIVY TABLE_DIR [unittest options, e.g. -k SessionTest]

TABLE_DIR holds tables of a few stones (the probe tests' fixture); only TablesTest uses
it. Every engine process is killed by its pid in a finally block, whatever the test does.
"""
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import unittest

TSIVY = None
TABLES = None
START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"
TURN = r"[a-i][1-5](-[a-i][1-5][AW]?)+"
SCORE = r"(cp -?\d+|win \d+|loss \d+|tablewin \d+|tableloss \d+)"
INFO = re.compile(rf"info depth (\d+) score {SCORE} nodes (\d+) nps \d+ time \d+( tables (win \d+|loss \d+|draw))?( pv {TURN}( {TURN})*)?$")
# Every line the engine may write; anything else (two lines run together, a stray
# message) fails the session.
ANY_LINE = re.compile(
    rf"(id (name|author) .+|option name \w+ type \w+ default .+|tsivyok|readyok|{INFO.pattern}|bestmove ({TURN}|none reason (no-turn|repetition|error))|error \S+: .+|fen \S+ [wb] turns \d+)$")
TIMEOUT = 60.0  # seconds: far beyond any answer of a healthy engine here, even under the sanitizers


class Engine:
    """One `tsivy engine` process and the lines it writes, read on a thread so that a
    test can wait for a line with a timeout or check that none comes."""

    def __init__(self, *args):
        self.process = subprocess.Popen([TSIVY, "engine", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.seen = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def line(self, timeout=TIMEOUT):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no line from the engine within {timeout} s; so far: {self.seen[-5:]}")
        if line is None:
            raise AssertionError(f"the engine ended its output; stderr: {self.process.stderr.read()}")
        if not ANY_LINE.match(line):
            raise AssertionError(f"not a line of the protocol: {line!r}")
        self.seen.append(line)
        return line

    def until(self, prefix, timeout=TIMEOUT):
        """The lines up to and including the first one that starts with `prefix`."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            got.append(self.line(max(0.01, deadline - time.monotonic())))
            if got[-1].startswith(prefix):
                return got

    def searching_for(self, seconds):
        """Reads the lines of `seconds` of a running search: info lines only, no bestmove."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return
            if line is None or not INFO.match(line):
                raise AssertionError(f"while searching, a line that is no info line: {line!r}")
            self.seen.append(line)

    def ask(self, command, prefix):
        """Sends a command and returns its one answer line, which must be the next line."""
        self.send(command)
        line = self.line()
        if not line.startswith(prefix):
            raise AssertionError(f"{command!r}: expected a line starting {prefix!r}, got {line!r}")
        return line

    def error(self, command, part):
        line = self.ask(command, "error ")
        if part not in line:
            raise AssertionError(f"{command!r}: {line!r} does not say {part!r}")
        return line

    def kill(self):
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.reader.join(timeout=5)  # it has read to the end of the dead process's output
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                pipe.close()
            except OSError:  # stdin: unwritten input of a killed process
                pass


def legal_turns(fen):
    out = subprocess.run([TSIVY, "moves", "--fen", fen, "--json"], check=True, capture_output=True, text=True).stdout
    return {t["turn"]: t["result"] for t in map(json.loads, out.splitlines())}


def search_lines(engine, go):
    """The info lines and the bestmove of one `go`, without nps and time."""
    engine.send(go)
    return [re.sub(r" nps \d+ time \d+", "", line) for line in engine.until("bestmove")]


class EngineTest(unittest.TestCase):
    def setUp(self):
        self.engines = []

    def tearDown(self):
        for engine in self.engines:
            engine.kill()

    def start(self, *args):
        engine = Engine(*args)
        self.engines.append(engine)
        return engine

    def assertSearch(self, lines, fen, max_depth=None):
        """info lines of increasing depth, then a legal bestmove of `fen`."""
        *infos, best = lines
        self.assertTrue(all(line.startswith("info depth ") for line in infos), lines)
        depths = [int(line.split()[2]) for line in infos]
        self.assertEqual(depths, sorted(depths), lines)
        if max_depth is not None:
            self.assertLessEqual(max(depths, default=0), max_depth, lines)
        move = best.split()[1]
        self.assertIn(move, legal_turns(fen), lines)
        return move


class SessionTest(EngineTest):
    def test_handshake_and_isready(self):
        e = self.start()
        e.send("tsivy")
        lines = e.until("tsivyok")
        self.assertRegex(lines[0], r"^id name tsivy \d+\.\d+\.\d+$")
        self.assertIn("option name Hash type spin default 64 min 1 max 65536", lines)
        self.assertIn("option name Tables type string default <empty>", lines)
        self.assertIn("option name Threads type spin default 1 min 1 max 256", lines)
        e.ask("isready", "readyok")
        e.send("")  # an empty line is no command: nothing comes back
        e.ask("isready", "readyok")

    def test_a_game_with_each_limit(self):
        e = self.start("--hash", "8")
        first = next(iter(legal_turns(START)))
        after_first = legal_turns(START)[first]
        second = next(iter(legal_turns(after_first)))
        fen = legal_turns(after_first)[second]
        e.send("newgame")
        e.send(f"position startpos moves {first} {second}")
        self.assertEqual(e.ask("show", "fen"), f"fen {fen} turns 2")
        lines = search_lines(e, "go depth 2")
        self.assertSearch(lines, fen, max_depth=2)
        self.assertTrue(lines[-2].startswith("info depth 2 "), lines)  # the last iteration is depth 2
        self.assertSearch(search_lines(e, "go nodes 500"), fen)
        began = time.monotonic()
        self.assertSearch(search_lines(e, "go movetime 50"), fen)
        self.assertLess(time.monotonic() - began, 2.0)
        # On a clock: White to move here, with 2 s left of which a turn takes a 25th.
        began = time.monotonic()
        self.assertSearch(search_lines(e, "go wtime 2000 btime 600000"), fen)
        self.assertLess(time.monotonic() - began, 1.0)
        # The same game from its FEN: the turns are played from there.
        e.send(f"position fen {START} moves {first}")
        self.assertEqual(e.ask("show", "fen"), f"fen {after_first} turns 1")

    def test_stop_isready_and_refusals_during_a_search(self):
        e = self.start()
        e.send("position startpos")
        e.send("go infinite")
        e.searching_for(0.3)  # no bestmove before stop
        e.send("isready")
        self.assertEqual(e.until("readyok")[-1], "readyok")
        for command, part in [("go depth 1", "error go: a search is running; send stop first"),
                              ("newgame", "error newgame: a search is running"),
                              ("setoption name Hash value 16", "error setoption: a search is running")]:
            e.send(command)
            lines = e.until("error")  # info lines of the search may come first
            self.assertIn(part, lines[-1])
            self.assertFalse(any(line.startswith("bestmove") for line in lines), lines)
        e.send("stop")
        self.assertSearch(e.until("bestmove", timeout=5), START)
        e.send("stop")  # no search: nothing
        e.ask("isready", "readyok")
        # After stop, go need not wait for the bestmove: it waits for the stopped search itself.
        e.send("go infinite")
        e.send("stop")
        e.send("go depth 1")
        self.assertSearch(e.until("bestmove"), START)  # the stopped search's
        self.assertSearch(e.until("bestmove"), START, max_depth=1)
        # The engine searches again after a stop.
        self.assertSearch(search_lines(e, "go depth 1"), START, max_depth=1)

    def test_two_threads_search_and_stop(self):
        # The helper thread is started and joined by each search; under ThreadSanitizer
        # (.ci/run) this is the threaded search stopped from the protocol's thread.
        e = self.start()
        e.send("setoption name Threads value 2")
        e.send("tsivy")
        self.assertIn("option name Threads type spin default 2 min 1 max 256", e.until("tsivyok"))
        e.send("position startpos")
        e.send("go infinite")
        e.searching_for(0.3)
        e.send("setoption name Threads value 1")
        self.assertIn("error setoption: a search is running", e.until("error")[-1])
        e.send("stop")
        self.assertSearch(e.until("bestmove", timeout=5), START)
        self.assertSearch(search_lines(e, "go depth 4"), START, max_depth=4)
        self.assertSearch(search_lines(e, "go movetime 200"), START)

    def test_bad_lines_get_one_error_line_and_change_nothing(self):
        e = self.start()
        first = next(iter(legal_turns(START)))
        e.send(f"position startpos moves {first}")
        shown = e.ask("show", "fen")
        for command, part in [
            ("foo", "error foo: unknown command"),
            ("go", "error go: needs"),
            ("go depth 0", "error go: depth '0' is not a whole number from 1 to 128"),
            ("go movetime fast", "error go: movetime 'fast'"),
            ("go depth 3 ponder", "error go: unknown word 'ponder'"),
            ("go wtime 1000", "error go: a clock needs both wtime and btime"),
            ("go wtime 1000 btime -1", "error go: btime '-1' is not a whole number from 0 to"),
            ("setoption name Foo value 1", "error setoption: unknown option 'Foo'"),
            ("setoption name Hash value abc", "error setoption: Hash 'abc' is not a whole number"),
            ("setoption name Hash value 0", "error setoption: Hash '0'"),
            ("setoption name Threads value 0", "error setoption: Threads '0' is not a whole number from 1 to 256"),
            ("setoption name Threads value 2 3", "error setoption: Threads: expected one number after 'value'"),
            ("setoption name Tables value /nonexistent/tsivy-tables", "error setoption: Tables: /nonexistent/tsivy-tables: not a table directory"),
            ("setoption name Tables value " + os.path.dirname(os.path.abspath(__file__)), "no table files"),
            ("position fen 9/9/9/9 w", "error position: fen '9/9/9/9 w': "),
            ("position fen 9/9/4X4/9/9 w", "error position: fen"),
            (f"position startpos moves {first} a1-a2", "error position: turn 2 (a1-a2): "),
            ("position startpos moves e3-e4", "error position: turn 1 (e3-e4): "),
            ("position", "error position: expected 'startpos' or 'fen"),
            ("isready please", "error isready: takes no arguments"),
        ]:
            e.error(command, part)
        self.assertEqual(e.ask("show", "fen"), shown)  # the game of before the bad lines
        e.send("setoption name Hash value 16")  # accepted: no answer
        e.send("setoption name threads value 1")
        e.ask("isready", "readyok")

    def test_game_over_positions(self):
        e = self.start()
        e.send("position fen 9/9/9/9/W8 b")  # Black has no stones: no turn
        e.send("go depth 1")
        self.assertEqual(e.until("bestmove")[-1], "bestmove none reason no-turn")
        shuffle = "a1-a2 i1-i2 a2-a1 i2-i1 " * 2  # the start occurs for the third time
        e.send(f"position fen 9/9/9/9/W7B w moves {shuffle}")
        e.send("go depth 1")
        self.assertEqual(e.until("bestmove")[-1], "bestmove none reason repetition")
        e.error(f"position fen 9/9/9/9/W7B w moves {shuffle} a1-a2", "already ended by repetition")

    def test_quit_ends_a_search_and_the_engine(self):
        e = self.start()
        e.send("go infinite")
        e.searching_for(0.1)
        e.send("quit")
        lines = e.until("bestmove", timeout=5)
        self.assertSearch(lines, START)
        self.assertEqual(e.process.wait(timeout=5), 0)

    def test_end_of_input_ends_a_search_and_the_engine(self):
        e = self.start()
        e.send("go infinite")
        e.searching_for(0.1)
        e.process.stdin.close()
        self.assertSearch(e.until("bestmove", timeout=5), START)
        self.assertEqual(e.process.wait(timeout=5), 0)


class ReproducibleTest(EngineTest):
    """With one thread, a limit in depth or nodes gives the same lines every time:
    in a fresh engine, after newgame in the same one, and from `tsivy search`."""

    # A middle game of 19 stones (after 8 turns of a match game): a tree of some 10^4
    # nodes at depth 8, through the transposition table, quick even under the sanitizers.
    MIDDLE = "BB3BBB1/BBW3B2/BW7/WW6B/WW2WW1W1 w"

    def test_same_search_same_lines(self):
        a, b = self.start(), self.start()
        for go in ["go depth 8", "go nodes 20000"]:
            runs = []
            for engine in (a, a, b):
                engine.send("newgame")
                engine.send(f"position fen {self.MIDDLE}")
                runs.append(search_lines(engine, go))
            self.assertEqual(runs[0], runs[1], go)
            self.assertEqual(runs[0], runs[2], go)
            self.assertGreaterEqual(len(runs[0]), 5, runs[0])  # info lines of several depths and the bestmove
            self.assertSearch(runs[0], self.MIDDLE)

    def test_search_command_repeats_itself(self):
        fen = legal_turns(START)[next(iter(legal_turns(START)))]
        def run():
            out = json.loads(subprocess.run([TSIVY, "search", "--fen", fen, "--depth", "2", "--json"], check=True,
                                            capture_output=True, text=True).stdout)
            for it in out["iterations"]:
                del it["nps"], it["time_ms"]
            del out["nps"], out["time_ms"]
            return out
        first = run()
        self.assertEqual(first, run())
        self.assertEqual([it["depth"] for it in first["iterations"]], [1, 2])
        self.assertIn(first["best"], legal_turns(fen))


class TablesTest(EngineTest):
    """The Tables option over tables of 4 stones: a position inside them is played
    from the tables, and a bad directory keeps the tables the engine had."""

    ENDGAME = "9/6B2/4W4/2W6/9 w"

    def probe(self, fen):
        out = subprocess.run([TSIVY, "probe", "--tables", TABLES, "--fen", fen, "--json"], check=True,
                             capture_output=True, text=True).stdout
        return json.loads(out)

    def test_a_table_position_is_played_from_the_tables(self):
        e = self.start()
        e.send(f"setoption name Tables value {TABLES}")
        e.send(f"position fen {self.ENDGAME}")
        lines = search_lines(e, "go depth 1")
        probe = self.probe(self.ENDGAME)
        tables = [line for line in lines if " tables " in line]
        self.assertEqual(len(tables), 1, lines)
        self.assertEqual(len(lines), 2, lines)  # the tables' line alone, then bestmove
        self.assertIn(f"tables {probe['wdl']} {probe['depth']}", tables[0])
        move = self.assertSearch(lines, self.ENDGAME)
        # A best turn of the tables: the same value, and for a win the fewest turns.
        best = [t for t in probe["turns"] if t["turn"] == move][0]
        self.assertEqual((best["wdl"], best["depth"]), (probe["turns"][0]["wdl"], probe["turns"][0]["depth"]))

    def test_a_bad_directory_keeps_the_tables(self):
        e = self.start("--tables", TABLES)
        e.send("tsivy")
        self.assertIn(f"option name Tables type string default {TABLES}", e.until("tsivyok"))
        e.error("setoption name Tables value /nonexistent/tsivy-tables", f"(keeping {TABLES})")
        e.send("tsivy")
        self.assertIn(f"option name Tables type string default {TABLES}", e.until("tsivyok"))
        e.send("setoption name Tables value")  # none
        e.send("tsivy")
        self.assertIn("option name Tables type string default <empty>", e.until("tsivyok"))
        e.send(f"position fen {self.ENDGAME}")
        lines = search_lines(e, "go depth 1")
        self.assertFalse(any(" tables " in line for line in lines), lines)


if __name__ == "__main__":
    TSIVY, TABLES = sys.argv[1], sys.argv[2]
    unittest.main(argv=[sys.argv[0], *sys.argv[3:]])
