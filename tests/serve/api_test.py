"""`tsivy serve`'s JSON API over HTTP: the answers are those of `tsivy probe --json` and
`tsivy play --json` byte for byte, the reference values of the rules hold, and bad
input of every kind gets a 4xx JSON error while the server keeps serving.

Usage: api_test.py TSIVY TABLES   (tables of 4 stones, from the probe tests' fixture)
"""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, probe_path  # noqa: E402

TSIVY, TABLES = sys.argv[1], sys.argv[2]
TABLE_STONES = 4

# docs/notation.md's endgame; positions whose values the rules fix; a capture-rich one.
REFERENCE = [
    "9/6B2/4W4/2W6/9 w",
    "9/9/9/1W5B1/W7B w",   # 2v2 without a capture: read from the table files
    "6B2/6W2/9/5BB2/9 w",  # approach or withdrawal, then a capture sequence
    "9/9/3WB4/9/9 w",
    "9/9/4B4/9/9 w",
    "9/9/4W4/9/9 w",
]
DRAWN = "9/2B3B2/9/4W4/3W5 w"  # the repetition example: 2v2, a draw
START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"
# 3v3, White to move: d4-e3W-e2A takes two stones, into the tables; the other
# captures take one and stay at 5 stones.
SIX = "1WB1W4/3W5/9/9/B3B4 w"
CYCLE = ["d1-d2", "c4-c5", "d2-d1", "c5-c4"]  # in DRAWN: back where it started after four turns
# 9v9 with no capture near: an engine search uses all of its time here.
LONG = "BBBBBBBBB/9/9/9/WWWWWWWWW w"
SCORE_TEXT = r"^(cp -?\d+|(win|loss|tablewin|tableloss) \d+)$"


def game_path(fen, moves=()):
    path = "/api/game?fen=" + urllib.parse.quote(fen, safe="")
    return path + ("&moves=" + "+".join(urllib.parse.quote(m, safe="") for m in moves) if moves else "")


def search_path(fen, movetime=100, moves=(), game=None):
    path = game_path(fen, moves).replace("/api/game", "/api/search") + "&movetime=%s" % movetime
    return path + ("&game=" + game if game else "")


def cli_moves(fen):
    out = subprocess.run([TSIVY, "moves", "--fen", fen, "--json"], check=True, capture_output=True, text=True).stdout
    return {m["turn"]: m["result"] for m in map(json.loads, out.splitlines())}


def cli_json(command, fen):
    out = subprocess.run([TSIVY, command, "--tables", TABLES, "--fen", fen, "--json"],
                         check=True, capture_output=True, text=True).stdout
    return out.strip()


class Api(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(TSIVY, TABLES).__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def raw(self, path, method="GET"):
        return self.server.request(method, path)

    def assert_json_error(self, path, status, method="GET"):
        got, headers, body = self.raw(path, method)
        self.assertEqual(got, status, "%s %s: %s" % (method, path, body[:200]))
        self.assertTrue(headers.get("Content-Type", "").startswith("application/json"), path)
        error = json.loads(body)
        self.assertIsInstance(error.get("error"), str, path)
        self.assertTrue(error["error"], path)
        # The README promises a status name on every error.
        self.assertRegex(error.get("status", ""), r"^TSIVY_ERROR_[A-Z_]+$", path)
        return error

    def test_probe_is_the_object_of_tsivy_probe_json(self):
        for fen in REFERENCE:
            status, _, body = self.raw(probe_path(fen))
            self.assertEqual(status, 200, fen)
            self.assertEqual(body.decode(), cli_json("probe", fen), fen)

    def test_line_is_the_object_of_tsivy_play_json(self):
        for fen in REFERENCE:
            status, _, body = self.raw(probe_path(fen, "line"))
            self.assertEqual(status, 200, fen)
            self.assertEqual(body.decode(), cli_json("play", fen), fen)

    # docs/rules.md: capturing the last enemy stone wins in 1; no stones is LOSS 0, and an
    # opponent without stones WIN 0; such positions have no turns.
    def test_reference_values_of_the_rules(self):
        status, answer = self.server.get(probe_path("9/9/3WB4/9/9 w"))
        self.assertEqual((status, answer["wdl"], answer["depth"], answer["best"]), (200, "win", 1, "d3-c3W"))
        self.assertEqual(answer["turns"][0], {"turn": "d3-c3W", "wdl": "win", "depth": 1, "fen": "9/9/2W6/9/9 b"})
        _, lost = self.server.get(probe_path("9/9/4B4/9/9 w"))
        self.assertEqual((lost["wdl"], lost["depth"], lost["best"], lost["turns"]), ("loss", 0, None, []))
        _, won = self.server.get(probe_path("9/9/4W4/9/9 w"))
        self.assertEqual((won["wdl"], won["depth"]), ("win", 0))

    def test_turns_come_best_first_and_the_value_is_the_best_turn(self):
        rank = {"win": 0, "draw": 1, "loss": 2}
        for fen in REFERENCE[:3]:
            _, answer = self.server.get(probe_path(fen))
            turns = answer["turns"]
            self.assertTrue(turns, fen)
            self.assertEqual((turns[0]["wdl"], turns[0]["depth"], turns[0]["turn"]),
                             (answer["wdl"], answer["depth"], answer["best"]))
            keys = [(rank[t["wdl"]], (t["depth"] if t["wdl"] == "win" else -t["depth"]) if t["depth"] is not None else 0)
                    for t in turns]
            self.assertEqual(keys, sorted(keys), fen)

    def test_line_ends_the_won_game(self):
        _, line = self.server.get(probe_path("9/6B2/4W4/2W6/9 w", "line"))
        self.assertEqual(len(line["line"]), line["depth"])
        self.assertEqual((line["line"][-1]["wdl"], line["line"][-1]["depth"]), ("loss", 0))
        _, short = self.server.get(probe_path("9/6B2/4W4/2W6/9 w", "line") + "&max_turns=2")
        self.assertEqual(len(short["line"]), 2)

    def test_info_lists_the_classes_and_the_manifest_statistics(self):
        status, info = self.server.get("/api/info")
        self.assertEqual(status, 200)
        self.assertEqual(info["max_stones"], TABLE_STONES)
        # The page draws the board it is told (tests/serve/board_test.py for the other boards).
        self.assertEqual(info["board"], {"rows": 5, "columns": 9, "name": "5x9",
                                         "start": "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"})
        with open(os.path.join(TABLES, "manifest.json")) as f:
            manifest = {c["class"]: c for c in json.load(f)["classes"]}
        self.assertEqual(sorted(c["class"] for c in info["classes"]), sorted(manifest))
        for c in info["classes"]:
            m = manifest[c["class"]]
            self.assertTrue(c["wdl_file"] and c["depth_file"] and c["in_manifest"])
            for key in ("canonical", "wins", "draws", "losses", "max_depth"):
                self.assertEqual(c[key], m[key], (c["class"], key))
            self.assertEqual(c["wdl_bytes"], m["files"]["wdl"]["bytes"])

    def test_random_position_of_a_class_and_value(self):
        for name in ("2v2", "3v1", "1v2"):
            for wdl in ("win", "draw", "loss"):
                status, answer = self.server.get("/api/random?class=%s&wdl=%s" % (name, wdl))
                if status == 404:  # none of this value in the class
                    self.assertEqual(wdl, "loss", (name, answer))
                    continue
                self.assertEqual((status, answer["class"], answer["wdl"]), (200, name, wdl), answer)
                _, probed = self.server.get(probe_path(answer["fen"]))
                self.assertEqual((probed["wdl"], probed["depth"]), (wdl, answer["depth"]))
                board, side = answer["fen"].split()
                mover, other = ("W", "B") if side == "w" else ("B", "W")
                self.assertEqual("%dv%d" % (board.count(mover), board.count(other)), name)
        for query in ("class=9v9&wdl=win", "class=2v2&wdl=lost", "class=2v2", "wdl=win", "class=../x&wdl=win"):
            self.assertEqual(self.assert_json_error("/api/random?" + query, 400)["status"], "TSIVY_ERROR_BAD_ARGUMENT")

    def test_info_names_deepest_positions_only_with_stats(self):
        _, info = self.server.get("/api/info")
        self.assertFalse(any("deepest" in c for c in info["classes"]))
        with Server(TSIVY, TABLES, extra=("--stats",)) as counted:
            _, info = counted.get("/api/info")
        for c in info["classes"]:
            _, probed = self.server.get(probe_path(c["deepest"]))
            self.assertEqual(probed["depth"], c["max_depth"], c)

    def test_missing_parameter_is_400_bad_argument(self):
        for path in ("/api/probe", "/api/line", "/api/probe?fan=9/9/9/9/9%20w", "/api/line?max_turns=3"):
            error = self.assert_json_error(path, 400)
            self.assertIn("fen", error["error"])
            self.assertEqual(error["status"], "TSIVY_ERROR_BAD_ARGUMENT", path)

    def test_malformed_fen_is_400_bad_fen(self):
        for fen in ["", "9/9/9/9 w", "9/9/9/9/9 x", "54/9/9/9/9 w", "9/9/4X4/9/9 w", "9/9/9/9/9",
                    "9/9/9/9/9 w extra", "\u00e9/9/9/9/9 w", "9" * 300]:
            error = self.assert_json_error(probe_path(fen), 400)
            self.assertEqual(error.get("status"), "TSIVY_ERROR_BAD_FEN", fen)
        # Bytes that are no UTF-8, and a NUL that would cut the text short in C.
        for raw in ["9/9/9/9/9%FF%FE%20w", "9/9/9/9/9%20w%00garbage", "%C0%AF"]:
            self.assert_json_error("/api/probe?fen=" + raw, 400)
            self.assert_json_error("/api/line?fen=" + raw, 400)

    def test_bad_max_turns_is_400_bad_argument(self):
        for value in ["0", "-1", "1001", "x", "5x", "", "99999999999999999999"]:
            error = self.assert_json_error(probe_path("9/6B2/4W4/2W6/9 w", "line") + "&max_turns=" + value, 400)
            self.assertEqual(error["status"], "TSIVY_ERROR_BAD_ARGUMENT", value)

    # A drawn line stops at the rules' draw, a position occurring the third time, and
    # says so; a won line says that it ended, a line cut short that it was.
    def test_line_says_why_it_stops(self):
        _, drawn = self.server.get(probe_path(DRAWN, "line"))
        self.assertEqual((drawn["wdl"], drawn["end"]), ("draw", "repetition"))
        fens = [DRAWN] + [step["fen"] for step in drawn["line"]]
        self.assertEqual(fens.count(fens[-1]), 3)
        self.assertTrue(all(fens[:i + 1].count(f) < 3 for i, f in enumerate(fens[:-1])))  # not before
        _, won = self.server.get(probe_path("9/6B2/4W4/2W6/9 w", "line"))
        self.assertEqual(won["end"], "no turn")
        _, cut = self.server.get(probe_path(DRAWN, "line") + "&max_turns=2")
        self.assertEqual((len(cut["line"]), cut["end"]), (2, "max_turns"))

    def test_more_stones_than_the_tables_is_422_saying_so(self):
        error = self.assert_json_error(probe_path("9/9/9/1W5B1/WW6B w"), 422)
        self.assertEqual(error["status"], "TSIVY_ERROR_TOO_MANY_STONES")
        self.assertEqual(error["max_stones"], TABLE_STONES)
        self.assertIn("5 stones", error["error"])
        self.assert_json_error(probe_path("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w", "line"), 422)

    # /api/game: every position has its legal turns, also outside the tables; inside
    # them the answer is /api/probe's; the end of the game and the repetition rule are
    # the server's (game/game.h).
    def test_game_lists_the_legal_turns_outside_the_tables(self):
        status, answer = self.server.get(game_path(START))
        self.assertEqual(status, 200, answer)
        self.assertEqual((answer["in_tables"], answer["stones"], answer["wdl"], answer["best"], answer["end"]),
                         (False, 44, None, None, None))
        self.assertEqual({t["turn"]: t["fen"] for t in answer["turns"]}, cli_moves(START))
        self.assertTrue(all(t["wdl"] is None and t["depth"] is None for t in answer["turns"]))
        # After two turns the position is the one the second turn leads to.
        first = answer["turns"][0]
        _, reply = self.server.get(game_path(first["fen"]))
        _, after = self.server.get(game_path(START, [first["turn"], reply["turns"][0]["turn"]]))
        self.assertEqual(after["fen"], reply["turns"][0]["fen"])

    def test_game_values_the_turns_that_lead_into_the_tables(self):
        _, answer = self.server.get(game_path(SIX))
        self.assertEqual((answer["in_tables"], answer["stones"]), (False, 6))
        self.assertEqual({t["turn"]: t["fen"] for t in answer["turns"]}, cli_moves(SIX))
        valued = [t for t in answer["turns"] if t["wdl"] is not None]
        self.assertEqual([t["turn"] for t in valued], ["d4-e3W-e2A"])
        _, after = self.server.get(probe_path(valued[0]["fen"]))
        flipped = {"win": "loss", "loss": "win", "draw": "draw"}[after["wdl"]]
        self.assertEqual((valued[0]["wdl"], valued[0]["depth"]),
                         (flipped, None if after["depth"] is None else after["depth"] + 1))
        # A known win first, then what the tables cannot tell, then draws and losses.
        rank = {"win": 0, None: 1, "draw": 2, "loss": 3}
        ranks = [rank[t["wdl"]] for t in answer["turns"]]
        self.assertEqual(ranks, sorted(ranks))

    def test_game_inside_the_tables_is_the_probe(self):
        for fen in REFERENCE:
            _, probe = self.server.get(probe_path(fen))
            _, game = self.server.get(game_path(fen))
            self.assertTrue(game["in_tables"])
            for key in ("fen", "wdl", "depth", "best", "turns"):
                self.assertEqual(game[key], probe[key], (fen, key))

    # rules.md: a side to move without stones has lost (LOSS 0), also on an empty board.
    def test_game_end_agrees_with_the_probe(self):
        cases = {"9/9/9/9/9 w": ("no stones", "black"), "9/9/9/9/9 b": ("no stones", "white"),
                 "9/9/4W4/9/9 w": ("no stones", "white"), "9/9/9/BB7/WB7 w": ("no turn", "black")}
        for fen, (reason, winner) in cases.items():
            _, game = self.server.get(game_path(fen))
            self.assertEqual(game["end"], {"reason": reason, "winner": winner}, fen)
            _, probe = self.server.get(probe_path(fen))
            mover = "white" if fen.endswith("w") else "black"
            self.assertEqual(probe["wdl"], "win" if winner == mover else "loss", fen)
        _, going = self.server.get(game_path(DRAWN))
        self.assertIsNone(going["end"])

    def test_game_ends_at_the_third_occurrence(self):
        _, twice = self.server.get(game_path(DRAWN, CYCLE))
        self.assertEqual((twice["fen"], twice["occurrences"], twice["end"]), (DRAWN, 2, None))
        _, third = self.server.get(game_path(DRAWN, CYCLE * 2))
        self.assertEqual((third["occurrences"], third["end"]), (3, {"reason": "repetition", "winner": None}))
        error = self.assert_json_error(game_path(DRAWN, CYCLE * 2 + ["d1-d2"]), 400)
        self.assertIn("third time", error["error"])

    def test_game_refuses_bad_input(self):
        error = self.assert_json_error(game_path(DRAWN, ["d1-d2", "d1-d2"]), 400)
        self.assertEqual(error["status"], "TSIVY_ERROR_BAD_ARGUMENT")
        self.assertIn('turn 2: illegal turn "d1-d2"', error["error"])
        for moves in (["x"], ["d1-d2A"], ["\u00e9"], ["d1-d2"] * 1001):
            self.assert_json_error(game_path(DRAWN, moves), 400)
        self.assertIn("more than 1000", self.assert_json_error(game_path(DRAWN, CYCLE * 250 + ["d1-d2"]), 400)["error"])
        self.assert_json_error(game_path(DRAWN, ["d1-d2"] * 2000), 414)  # past the request line's 8 KiB
        self.assertEqual(self.assert_json_error(game_path("9/9/9/9 w"), 400)["status"], "TSIVY_ERROR_BAD_FEN")
        self.assertIn("fen", self.assert_json_error("/api/game?moves=d1-d2", 400)["error"])
        self.assert_json_error("/api/game?fen=" + urllib.parse.quote(DRAWN) + "&moves=d1-d2%00", 400)

    # /api/record: a whole game loaded from its record, each position after its turn,
    # each turn valued for its maker where the tables reach, as /api/game lists them.
    def test_record_gives_every_position_of_the_game(self):
        moves = ["d4-e3W-e2A"]
        _, record = self.server.get(game_path(SIX, moves).replace("/api/game", "/api/record"))
        first, after = record["positions"]
        self.assertEqual(first, {"fen": SIX, "turn": None, "wdl": None, "depth": None})
        _, game = self.server.get(game_path(SIX))
        listed = next(t for t in game["turns"] if t["turn"] == "d4-e3W-e2A")
        self.assertEqual(after, listed)
        self.assertIsNotNone(after["wdl"])  # 4 stones: inside the tables
        self.assertIsNone(record["end"])
        _, drawn = self.server.get(game_path(DRAWN, CYCLE * 2).replace("/api/game", "/api/record"))
        self.assertEqual([p["fen"] for p in drawn["positions"]][::4], [DRAWN] * 3)
        self.assertEqual(drawn["end"], {"reason": "repetition", "winner": None})
        for ply, entry in enumerate(drawn["positions"][1:]):
            _, game = self.server.get(game_path(DRAWN, (CYCLE * 2)[:ply]))
            self.assertEqual(entry, next(t for t in game["turns"] if t["turn"] == entry["turn"]))

    def test_record_names_the_illegal_turn(self):
        path = game_path(DRAWN, CYCLE + ["d1-d3"]).replace("/api/game", "/api/record")
        error = self.assert_json_error(path, 400)
        self.assertIn('turn 5: illegal turn "d1-d3"', error["error"])
        self.assert_json_error("/api/record?moves=d1-d2", 400)

    # A link to the page over 8 KiB (a person opened it) gets a page that says so, with a
    # way back; the API keeps its JSON (test_game_refuses_bad_input).
    def test_page_link_too_long_gets_a_page(self):
        status, headers, body = self.raw("/?fen=" + "9" * 9000)
        self.assertEqual(status, 414)
        self.assertTrue(headers.get("Content-Type", "").startswith("text/html"), headers)
        self.assertIn(b"too long", body)
        self.assertIn(b'href="/"', body)

    # /api/search: the engine's best turn, in notation, with its score, depth and
    # principal variation; inside the tables a best turn of the tables.
    def test_search_answers_a_legal_turn_with_its_evaluation(self):
        for fen, moves in ((START, ()), (LONG, ()), (SIX, ()), (START, ("d3-e3W",))):
            started = time.monotonic()
            status, answer = self.server.get(search_path(fen, 100, moves))
            seconds = time.monotonic() - started
            self.assertEqual(status, 200, (fen, answer))
            _, game = self.server.get(game_path(fen, moves))
            self.assertEqual(answer["fen"], game["fen"])
            self.assertIn(answer["best"], [t["turn"] for t in game["turns"]], fen)
            self.assertEqual(answer["pv"][0], answer["best"])
            self.assertRegex(answer["score_text"], SCORE_TEXT)
            self.assertGreaterEqual(answer["depth"], 0)  # 0: no iteration completed in 100 ms (a loaded machine)
            self.assertGreater(answer["nodes"], 0)
            self.assertEqual((answer["from_tables"], answer["table"], answer["end"]), (False, None, None))
            self.assertLess(seconds, 1.5, fen)  # 100 ms asked; the server's bound is movetime + 2 s

    def test_search_inside_the_tables_plays_a_best_turn_of_the_tables(self):
        for fen in REFERENCE[:3] + [DRAWN]:
            status, answer = self.server.get(search_path(fen, 50))
            self.assertEqual(status, 200, answer)
            _, probe = self.server.get(probe_path(fen))
            self.assertTrue(answer["from_tables"], fen)
            self.assertEqual(answer["table"], {"wdl": probe["wdl"], "depth": probe["depth"]})
            chosen = next(t for t in probe["turns"] if t["turn"] == answer["best"])
            self.assertEqual((chosen["wdl"], chosen["depth"]), (probe["wdl"], probe["depth"]), fen)

    def test_search_of_a_finished_game_says_how_it_ended(self):
        _, answer = self.server.get(search_path(DRAWN, 100, CYCLE * 2))
        self.assertEqual((answer["best"], answer["end"]), (None, {"reason": "repetition", "winner": None}))
        _, empty = self.server.get(search_path("9/9/9/9/9 w"))
        self.assertEqual((empty["best"], empty["end"]["winner"]), (None, "black"))

    def test_search_refuses_bad_parameters(self):
        for movetime in ("49", "10001", "0", "-5", "x", "", "1e3", "99999999999999999999"):
            error = self.assert_json_error(search_path(LONG, movetime), 400)
            self.assertIn("movetime", error["error"])
        for game in ("a%20b", "x" * 65, "%00", "%C3%A9"):
            self.assertIn("game", self.assert_json_error(search_path(LONG, 100, game=game), 400)["error"])
        self.assertEqual(self.assert_json_error(search_path("9/9/9/9 w"), 400)["status"], "TSIVY_ERROR_BAD_FEN")
        self.assertIn('turn 1: illegal turn "a1-a2"', self.assert_json_error(search_path(START, 100, ["a1-a2"]), 400)["error"])
        self.assertIn("fen", self.assert_json_error("/api/search?movetime=100", 400)["error"])

    def timed_get(self, path, results, key):
        started = time.monotonic()
        status, body = self.server.get(path, timeout=20)
        results[key] = (status, body, time.monotonic() - started)

    # Two games' searches run at once (each its own engine), and a newer search of the
    # same game stops the older one, which answers 409.
    def test_searches_of_two_games_run_at_once_and_a_newer_one_replaces_the_older(self):
        results = {}
        threads = [threading.Thread(target=self.timed_get, args=(search_path(LONG, 1000, game="g%d" % i), results, i))
                   for i in range(2)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - started
        self.assertEqual([results[i][0] for i in range(2)], [200, 200], results)
        # At once, not one after the other: together in less time than the two searches took.
        searched = sum(results[i][1]["time_ms"] for i in range(2)) / 1000
        self.assertLess(wall, 0.8 * searched, (wall, searched))
        older = threading.Thread(target=self.timed_get, args=(search_path(LONG, 5000, game="same"), results, "older"))
        older.start()
        time.sleep(0.3)
        status, newer = self.server.get(search_path(LONG, 100, game="same"))
        older.join()
        self.assertEqual(status, 200, newer)
        status, body, seconds = results["older"]
        self.assertEqual(status, 409, body)
        self.assertIn("newer search", body["error"])
        self.assertLess(seconds, 1.5)

    # --search-threads 1: one search at a time, the other waits in the queue.
    def test_search_threads_bound_the_searches_at_once(self):
        with Server(TSIVY, TABLES, extra=("--search-threads", "1")) as one:
            results = {}

            def timed(key):
                started = time.monotonic()
                status, body = one.get(search_path(LONG, 400, game=key), timeout=20)
                results[key] = (status, body, time.monotonic() - started)
            threads = [threading.Thread(target=timed, args=(k,)) for k in ("a", "b")]
            started = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - started
        self.assertEqual([results[k][0] for k in ("a", "b")], [200, 200], results)
        searched = sum(results[k][1]["time_ms"] for k in ("a", "b")) / 1000
        self.assertGreaterEqual(wall, 0.95 * searched, (wall, searched))

    # --threads-per-search 2: each search has a helper thread (Lazy SMP); its answer is
    # a legal turn like any other.
    def test_threads_per_search_give_legal_turns(self):
        with Server(TSIVY, TABLES, extra=("--threads-per-search", "2")) as two:
            for fen in (START, LONG):
                status, answer = two.get(search_path(fen, 200))
                self.assertEqual(status, 200, answer)
                _, game = two.get(game_path(fen, ()))
                self.assertIn(answer["best"], [t["turn"] for t in game["turns"]], fen)
                self.assertGreater(answer["nodes"], 0)

    # A client that closes its connection stops its search: two searches of 5 s whose
    # clients leave, and a third is answered at once, not after them.
    def test_a_search_whose_client_leaves_stops(self):
        sockets = []
        for i in range(2):
            s = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % search_path(LONG, 5000, game="gone%d" % i)).encode())
            sockets.append(s)
        time.sleep(0.3)
        for s in sockets:
            s.close()
        time.sleep(0.1)
        started = time.monotonic()
        status, answer = self.server.get(search_path(LONG, 100))
        self.assertEqual(status, 200, answer)
        self.assertLess(time.monotonic() - started, 1.2)

    def test_unknown_paths_are_404(self):
        for path in ("/api/nothing", "/api/probe/extra", "/nothing.html", "/api", "/index.htm"):
            self.assert_json_error(path, 404)

    def test_other_methods_are_405_with_allow(self):
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"):
            for path in ("/api/probe?fen=9/9/9/9/9%20w", "/", "/nothing"):
                got, headers, body = self.raw(path, method)
                self.assertEqual(got, 405, (method, path))
                self.assertEqual(headers.get("Allow"), "GET, HEAD", (method, path))
                self.assertEqual(json.loads(body)["status"], "TSIVY_ERROR_BAD_ARGUMENT", method)
        got, headers, body = self.raw(probe_path("9/6B2/4W4/2W6/9 w"), "HEAD")
        self.assertEqual((got, body), (200, b""))

    def test_path_traversal_on_static_files_is_404(self):
        for path in ("/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                     "/web/../CMakeLists.txt", "//etc/passwd", "/./index.html/..", "/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
                     "/app.js/../../serve/web_server.cpp", "/index.html%00.js"):
            got, _, body = self.raw(path)
            self.assertEqual(got, 404, path)
            self.assertNotIn(b"root:", body)

    def test_page_and_its_files_are_served_with_their_types(self):
        expected = {"/": "text/html", "/index.html": "text/html", "/app.js": "text/javascript", "/style.css": "text/css"}
        for path, kind in expected.items():
            status, headers, body = self.raw(path)
            self.assertEqual(status, 200, path)
            self.assertTrue(headers["Content-Type"].startswith(kind), path)
            self.assertIn("default-src 'self'", headers["Content-Security-Policy"])
            self.assertTrue(body)
        # The page's script is ES modules: each one it imports, and each of theirs, is served
        # as JavaScript (a browser refuses a module of any other type).
        modules, seen = ["/app.js"], set()
        while modules:
            path = modules.pop()
            if path in seen:
                continue
            seen.add(path)
            status, headers, body = self.raw(path)
            self.assertEqual(status, 200, path)
            self.assertTrue(headers["Content-Type"].startswith("text/javascript"), path)
            modules += ["/" + name.decode() for name in re.findall(rb'^import .* from "\./([\w-]+\.js)";$', body, re.M)]
        self.assertGreaterEqual(len(seen), 8, seen)  # app.js and the modules it is made of
        _, _, page = self.raw("/")
        self.assertNotIn(b"http://", page.replace(b"http://www.w3.org", b""))  # nothing fetched from elsewhere
        self.assertNotIn(b"https://", page)

    def answer_to_bytes(self, data):
        """(first line of the reply, seconds until it came) for bytes sent on one connection,
        the connection left open, as a client waiting for its answer leaves it."""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=10) as s:
            started = time.monotonic()
            try:
                s.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server answered and closed before all was sent
            reply = b""
            try:
                while b"\r\n" not in reply and (chunk := s.recv(4096)):
                    reply += chunk
            except ConnectionResetError:
                pass
            return reply.split(b"\r\n", 1)[0], time.monotonic() - started

    # Past a limit the answer comes at once, not at the read timeout (5 s).
    def test_limits_passed_are_answered_at_once(self):
        mib = 1 << 20
        cases = [(b"GET /" + b"a" * mib + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"414"),
                 (b"GET /" + b"a" * mib, b"414"),  # no end of line yet
                 (b"GET / HTTP/1.1\r\nX-Big: " + b"b" * mib + b"\r\n\r\n", b"431"),
                 (b"GET / HTTP/1.1\r\n" + b"X-Many: c\r\n" * 20000 + b"\r\n", b"431"),
                 (b"\x00\xff" * (mib // 2), b"400")]
        for data, status in cases:
            line, seconds = self.answer_to_bytes(data)
            self.assertTrue(line.startswith(b"HTTP/1.1 " + status), (data[:40], line))
            self.assertLess(seconds, 1.5, (data[:40], line))
        self.assertEqual(self.server.get(probe_path("9/6B2/4W4/2W6/9 w"))[0], 200)

    def test_garbage_requests_get_400_and_the_server_keeps_serving(self):
        for garbage in (b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET /api/probe?fen=9 HTTP/9.9\r\n\r\n",
                        b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n", b"\x00\xff\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", self.server.port), timeout=10) as s:
                s.sendall(garbage)
                s.shutdown(socket.SHUT_WR)
                reply = b""
                while chunk := s.recv(4096):
                    reply += chunk
            self.assertTrue(reply == b"" or reply.startswith(b"HTTP/1.1 4"), reply[:100])
        status, answer = self.server.get(probe_path("9/6B2/4W4/2W6/9 w"))
        self.assertEqual(status, 200)
        self.assertIsNone(self.server.process.poll())


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
