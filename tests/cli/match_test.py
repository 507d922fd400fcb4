#!/usr/bin/env python3
"""bench/match.py end to end, fast: two short games of `tsivy engine` at 1000 nodes a
turn against 200 (each search still completes its first iteration, engine.h), checked
again here turn by turn; a resumed output file; an engine that plays an illegal turn,
which the runner must report; bench/match_finals.py on games that end at the turn limit;
bench/draw_endings.py's positions.

Usage: match_test.py TSIVY TABLE_DIR   (TABLE_DIR: tables of a few stones)
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "..", "bench", "match.py")
FINALS = os.path.join(HERE, "..", "..", "bench", "match_finals.py")
ENDINGS = os.path.join(HERE, "..", "..", "bench", "draw_endings.py")
FAKE = os.path.join(HERE, "fake_engine.py")
START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"
FIVE_STONES = "9/2WB5/2W3B2/5W3/9 w"  # White must capture: d4 by approach or withdrawal
FAR_APART = "WW7/9/9/9/8B w"  # 2 against 1, no capture within two turns
TSIVY = TABLES = None


def match(out, *args):
    return subprocess.run([sys.executable, MATCH, "--tsivy", TSIVY, "--games", "2", "--a-go", "nodes 1000", "--b-go", "nodes 200",
                           "--max-turns", "40", "--check-tables", TABLES, "--concurrency", "2", "--out", out, *args],
                          capture_output=True, text=True, timeout=120)


def replayed(start, turns):
    """The positions of a game from start, each turn made by `tsivy moves` (KeyError
    when a turn is not legal)."""
    seen = [start]
    for turn in turns:
        out = subprocess.run([TSIVY, "moves", "--fen", seen[-1], "--json"], check=True, capture_output=True, text=True).stdout
        seen.append({t["turn"]: t["result"] for t in map(json.loads, out.splitlines())}[turn])
    return seen


def games(out):
    lines = open(out).read().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


class MatchTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.dir.name, "match.jsonl")

    def tearDown(self):
        self.dir.cleanup()

    def replay(self, game):
        """The game's turns are legal one after the other by `tsivy moves`, and its end is
        what the runner says."""
        try:
            seen = replayed(START, game["turns"])
        except KeyError as e:
            self.fail(f"game {game['game']}: {e} is not a legal turn")
        fen = seen[-1]
        if game["end"] == "repetition":
            self.assertEqual(seen.count(fen), 3)
            self.assertEqual(game["result"], "1/2-1/2")
        elif game["end"].startswith("max turns"):
            self.assertTrue(game["adjudicated"])
            self.assertEqual(len(game["turns"]), 40)
        else:
            self.assertEqual(game["end"], "no turn")

    def test_two_games_then_resumed(self):
        done = match(self.out)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("A against B: ", done.stdout)
        self.assertIn("checks: every turn legal", done.stdout)
        header, played = games(self.out)
        self.assertEqual(header["match"]["seed"], 1)
        self.assertEqual(sorted(g["game"] for g in played), [0, 1])
        first, second = sorted(played, key=lambda g: g["game"])
        # One opening of 2 to 4 turns, played with the colours swapped.
        self.assertEqual(first["opening"], second["opening"])
        self.assertTrue(2 <= len(first["opening"]) <= 4)
        self.assertEqual((first["white"], second["white"]), ("a", "b"))
        for g in played:
            self.assertEqual(g["turns"][:len(g["opening"])], g["opening"])
            # Each engine turn has the score its engine gave it; the opening's have none.
            self.assertEqual(len(g["scores"]), len(g["turns"]))
            self.assertTrue(all(s is None for s in g["scores"][:len(g["opening"])]))
            for s in g["scores"][len(g["opening"]):]:
                self.assertRegex(s, r"^(cp -?\d+|(table)?(win|loss) \d+)$")
            self.assertEqual(g["violations"], [])
            self.assertIn(g["result"], ("1-0", "0-1", "1/2-1/2"))
            self.replay(g)

        # As if killed while writing game 1: the cut line goes, game 0 stays, game 1 is played again.
        lines = open(self.out).read().splitlines(True)
        kept = [line for line in lines[1:] if json.loads(line)["game"] == 0]
        with open(self.out, "w") as f:
            f.write(lines[0] + kept[0] + '{"game": 1, "openi')
        done = match(self.out)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("1 games already played, 1 to play", done.stdout)
        _, again = games(self.out)
        self.assertEqual(sorted(g["game"] for g in again), [0, 1])
        self.assertEqual(json.dumps(again[0]), kept[0].strip())
        # Other settings on the same file are refused.
        refused = match(self.out, "--seed", "2")
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("written for other settings", refused.stderr)

    def test_balanced_openings(self):
        # Seed 3's first opening scores far from even at depth 8 (+396 cp for the side to
        # move, 2026-12-06): --balanced draws another, within 60 cp by the same search.
        # One game at a time: the second game of the pair starts from the opening alone,
        # not from where the first one ended.
        done = match(self.out, "--balanced", "60", "--seed", "3", "--concurrency", "1")
        self.assertEqual(done.returncode, 0, done.stderr)
        header, played = games(self.out)
        self.assertEqual(header["match"]["balanced"], 60)
        played.sort(key=lambda g: g["game"])
        self.assertEqual(played[0]["opening"], played[1]["opening"])
        for g in played:
            self.assertEqual(g["violations"], [])
            self.replay(g)
        fen = replayed(START, played[0]["opening"])[-1]
        best = subprocess.run([TSIVY, "search", "--fen", fen, "--depth", "8"], check=True, capture_output=True, text=True)
        words = best.stdout.strip().splitlines()[-1].split()
        self.assertEqual(words[words.index("score") + 1], "cp")
        self.assertLessEqual(abs(int(words[words.index("score") + 2])), 60)
        unbalanced = match(os.path.join(self.dir.name, "plain.jsonl"), "--seed", "3", "--games", "1")
        self.assertEqual(unbalanced.returncode, 0, unbalanced.stderr)
        self.assertNotEqual(games(os.path.join(self.dir.name, "plain.jsonl"))[1][0]["opening"], played[0]["opening"])

    def test_adjudicated_where_the_tables_begin(self):
        # 5 stones, White to move must capture (captures are compulsory): every game
        # reaches the 4-stone tables within a turn or two and ends there, by their value.
        positions = os.path.join(self.dir.name, "five.txt")
        with open(positions, "w") as f:
            f.write(FIVE_STONES + "\n")
        done = match(self.out, "--positions", positions, "--adjudicate-tables")
        self.assertEqual(done.returncode, 0, done.stderr)
        header, played = games(self.out)
        self.assertTrue(header["match"]["adjudicate_tables"])
        for g in played:
            self.assertEqual(g["end"], "tables")
            self.assertTrue(g["adjudicated"])
            seen = replayed(FIVE_STONES, g["turns"])
            fen = seen[-1]
            # It ended at the first position inside the tables, and with their value.
            stones = [sum(map(p.split()[0].count, "WB")) for p in seen]
            self.assertEqual([n <= 4 for n in stones], [False] * (len(seen) - 1) + [True])
            probe = subprocess.run([TSIVY, "probe", "--tables", TABLES, "--fen", fen, "--json"], check=True,
                                   capture_output=True, text=True).stdout
            mover = "1-0" if fen.split()[1] == "w" else "0-1"
            waiting = "0-1" if mover == "1-0" else "1-0"
            self.assertEqual(g["result"], {"win": mover, "loss": waiting, "draw": "1/2-1/2"}[json.loads(probe)["wdl"]])
        # Not with tables on an engine's side: it would hide what they do.
        refused = match(os.path.join(self.dir.name, "t.jsonl"), "--adjudicate-tables", "--a-tables", TABLES)
        self.assertEqual(refused.returncode, 2)
        self.assertIn("engines without tables", refused.stderr)

    def test_finals_judges_the_games_at_the_turn_limit_by_the_tables(self):
        # Two games of two turns from 2 against 1: both end at the limit inside the tables.
        positions = os.path.join(self.dir.name, "far.txt")
        with open(positions, "w") as f:
            f.write(FAR_APART + "\n")
        done = match(self.out, "--positions", positions, "--max-turns", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        _, played = games(self.out)
        expected = {}
        for g in played:
            self.assertTrue(g["end"].startswith("max turns"), g["end"])
            fen = replayed(FAR_APART, g["turns"])[-1]
            probe = subprocess.run([TSIVY, "probe", "--tables", TABLES, "--fen", fen, "--json"], check=True,
                                   capture_output=True, text=True).stdout
            wdl = json.loads(probe)["wdl"]
            ahead_moves = fen.split()[1] == "w"  # White has the two stones
            value = "draw" if wdl == "draw" else "won by the side ahead" if (wdl == "win") == ahead_moves \
                else "won by the side behind"
            expected[value] = expected.get(value, 0) + 1
        finals = subprocess.run([sys.executable, FINALS, "--tsivy", TSIVY, "--tables", TABLES, self.out],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(finals.returncode, 0, finals.stderr)
        lines = finals.stdout.splitlines()
        self.assertEqual(sorted(lines[:-1]), sorted(f"{n:5d}  2v1    {v}" for v, n in expected.items()))
        won = sum(n for v, n in expected.items() if v.startswith("won"))
        self.assertEqual(lines[-1], f"2 games at the turn limit; 2 end inside the tables (up to 4 stones), of which {won} won")
        # A file that is not a match's, and a game whose turn is not legal, are refused.
        with open(positions, "w") as f:
            f.write('{"game": 0}\n')
        refused = subprocess.run([sys.executable, FINALS, "--tsivy", TSIVY, "--tables", TABLES, positions],
                                 capture_output=True, text=True, timeout=60)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("not a match file of bench/match.py", refused.stderr)
        with open(self.out) as f:
            header, game = f.read().splitlines()[:2]
        game = json.loads(game)
        game["turns"][0] = "a1-a2"
        with open(positions, "w") as f:
            f.write(header + "\n" + json.dumps(game) + "\n")
        refused = subprocess.run([sys.executable, FINALS, "--tsivy", TSIVY, "--tables", TABLES, positions],
                                 capture_output=True, text=True, timeout=60)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("turn 1 (a1-a2) is not legal", refused.stderr)

    def test_an_illegal_turn_is_reported(self):
        done = match(self.out, "--b-cmd", f"{sys.executable} {FAKE}")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("VIOLATION", done.stderr)
        _, played = games(self.out)
        for g in played:
            self.assertEqual(g["end"], "illegal turn")
            self.assertIn("played a1-a2, not a legal turn", g["violations"][0])
            self.assertEqual(g["result"], "1-0" if g["white"] == "a" else "0-1")  # the fake engine loses


class DrawEndingsTest(unittest.TestCase):
    def draw(self, *args):
        return subprocess.run([sys.executable, ENDINGS, "--tsivy", TSIVY, "--tables", TABLES, *args],
                              capture_output=True, text=True, timeout=120)

    def test_the_positions_are_quiet_of_the_class_and_of_the_value_asked(self):
        done = self.draw("--class", "3v1", "--value", "win", "--min-depth", "5", "--count", "3", "--seed", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        fens = done.stdout.splitlines()
        self.assertEqual(len(fens), 3)
        for fen in fens:
            board, mover = fen.split()
            self.assertEqual((mover, board.count("W"), board.count("B")), ("w", 3, 1))
            for side in "wb":  # neither side has a capture (notation.md: a capturing step ends in A or W)
                out = subprocess.run([TSIVY, "moves", "--fen", f"{board} {side}", "--json"], check=True,
                                     capture_output=True, text=True).stdout
                self.assertFalse([t for t in map(json.loads, out.splitlines()) if t["turn"][-1] in "AW"], fen)
            probe = json.loads(subprocess.run([TSIVY, "probe", "--tables", TABLES, "--fen", fen, "--json"], check=True,
                                              capture_output=True, text=True).stdout)
            self.assertEqual(probe["wdl"], "win")
            self.assertGreaterEqual(probe["depth"], 5)
        # The seed alone decides them.
        again = self.draw("--class", "3v1", "--value", "win", "--min-depth", "5", "--count", "3", "--seed", "2")
        self.assertEqual(again.stdout, done.stdout)

    def test_a_bad_class_or_one_outside_the_tables_is_refused(self):
        for bad in ("4x2", "0v3"):
            refused = self.draw("--class", bad)
            self.assertEqual(refused.returncode, 1)
            self.assertIn("draw_endings: ", refused.stderr)
        outside = self.draw("--class", "4v3", "--tries", "50")
        self.assertEqual(outside.returncode, 1)
        self.assertIn("tsivy probe failed", outside.stderr)


if __name__ == "__main__":
    TSIVY, TABLES = sys.argv[1], sys.argv[2]
    unittest.main(argv=[sys.argv[0]])
