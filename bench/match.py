#!/usr/bin/env python3
"""A match between two engines that speak the protocol of docs/engine.md.

    bench/match.py --games 200 --a-tables tables --a-go "movetime 100" --b-go "movetime 100" \\
                   --concurrency 2 --out match.jsonl

Engine A and engine B (by default both `tsivy engine` of this build; --a-cmd, --b-cmd
for others) play --games games. Each opening is 2 to 4 random legal turns from the
start (from --seed), played twice with the colours swapped; with --balanced CP only
openings that tsivy's search scores within CP of even. With --positions FILE the
games start instead from the positions of FILE (one FEN a line, # comments), in turn,
each played twice with the colours swapped; the engines are given the game from that
position (`position fen F moves ...`). A game ends when the side
to move has no turn (it loses), when a position occurs for the third time (a draw), or
after --max-turns turns, where it is adjudicated: by the tables when the position is
inside them, else a draw. With --adjudicate-tables (for engines without tables) a game
ends as soon as it reaches a position inside the check tables, with their value: what
such a match measures is play above the tables, and the long table endings it skips
(two thirds of the games from balanced openings) are bench/conversion.sh's subject.

Every turn is checked against `tsivy moves` (an illegal turn loses the game and is a
violation), and every position within the tables' stone count against `tsivy probe`:
a game that reaches a position the tables call won for one side must end in that
side's win when that side's engine has tables (a violation otherwise). A side without
tables that lets a table win go is only counted. Violations are printed loudly and
make the exit status 1.

Each game is one JSON line of --out (opening, turns in notation, each turn's score as its
engine said it, result, how it ended, what the checks found), after a first line with
the match's settings. Run the same command again after a kill and the games already in
the file are skipped (a line cut short by the kill is dropped); a file written for other
settings is refused. At the end: the score and the Elo difference of A over B with its
95 % interval (bench/match_elo.py says how). With --sprt ELO0,ELO1 the match stops as
soon as a sequential probability ratio test tells "A is at least ELO1 stronger" from
"at most ELO0" (5 % error each way), the games in progress dropped.

--self-test checks the runner's own parts without engines.
"""
import argparse
import concurrent.futures
import functools
import json
import os
import random
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match_elo import elo_text, sprt_bounds, sprt_decision, summary  # noqa: E402
from match_engine import Engine, EngineFailure, last_score  # noqa: E402
from match_referee import START, Referee, centipawns, ends_by_repetition, other, side_to_move  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RESULT = {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}


# The depth of the search that judges an opening balanced (about half a second a position).
BALANCE_DEPTH = 8
BALANCE_DRAWS = 100


def opening(referee, seed, k, balanced=None):
    """Opening k: 2 to 4 turns, each drawn from the legal turns of tsivy's generator. With
    `balanced` (centipawns), drawn again until tsivy's search to BALANCE_DEPTH scores the
    position within `balanced` of even: a random opening often hands one colour stones
    enough to decide the game, and a pair of such games (colours swapped) says nothing of
    the engines. The first draw is the opening without `balanced`."""
    for attempt in range(BALANCE_DRAWS):
        rng = random.Random(f"{seed}:{k}" if attempt == 0 else f"{seed}:{k}:{attempt}")
        fen, turns = START, []
        for _ in range(rng.randint(2, 4)):
            legal = referee.legal_turns(fen)
            turns.append(rng.choice(sorted(legal)))
            fen = legal[turns[-1]]
        if balanced is None:
            return turns
        score = referee.search_score(fen, BALANCE_DEPTH)
        if score is not None and abs(score) <= balanced:
            return turns
    raise RuntimeError(f"opening {k}: none of {BALANCE_DRAWS} draws within {balanced} cp of even")


def table_check(table_wins, winner, has_tables):
    """Violations and thrown-away wins: for each colour the tables once called won
    (`table_wins`: colour -> turns played when first seen), whether the game ended in
    its win. Only a side whose engine has the tables must never let one go."""
    violations, thrown = [], []
    for colour, at in sorted(table_wins.items()):
        if winner != colour:
            what = f"after {at} turns the tables say {colour} wins, the game ended {RESULT[winner]}"
            (violations if has_tables[colour] else thrown).append(what)
    return violations, thrown


def read_positions(path):
    """The FENs of a --positions file: one a line; blank lines and # comments skipped."""
    try:
        with open(path) as f:
            fens = [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]
    except OSError as e:
        raise SystemExit(f"match: --positions: {e}")
    if not fens:
        raise SystemExit(f"match: --positions: {path} holds no position")
    return fens


class Match:
    def __init__(self, args):
        self.args = args
        tsivy = args.tsivy
        self.sides = {}
        for s in ("a", "b"):
            tables = getattr(args, f"{s}_tables")
            # Lists, not tuples: the settings are compared with those read back from JSON.
            options = [o.split("=", 1) for o in getattr(args, f"{s}_option")]
            if tables:
                options.append(["Tables", os.path.abspath(tables)])
            self.sides[s] = {"cmd": getattr(args, f"{s}_cmd") or f"{tsivy} engine", "go": getattr(args, f"{s}_go"),
                             "options": options, "tables": bool(tables)}
        self.starts = read_positions(args.positions) if args.positions else None
        check = args.check_tables or args.a_tables or args.b_tables
        self.referee = Referee(tsivy, os.path.abspath(check) if check else None)
        self.stopping = threading.Event()
        self.write_lock = threading.Lock()
        # Both games of a pair play the same opening, drawn once (a balanced one costs searches).
        self.opening = functools.lru_cache(maxsize=None)(lambda k: opening(self.referee, args.seed, k, args.balanced))

    def settings(self):
        """What decides the games (all but their number): a resumed file must match it."""
        settings = {"a": self.sides["a"], "b": self.sides["b"], "seed": self.args.seed, "max_turns": self.args.max_turns,
                    "check_tables": self.referee.tables}
        if self.starts:
            settings["positions"] = self.starts
        if self.args.balanced is not None:
            settings["balanced"] = self.args.balanced
        if self.args.adjudicate_tables:
            settings["adjudicate_tables"] = True
        return settings

    def engine(self, side):
        spec = self.sides[side]
        return Engine(spec["cmd"], spec["options"], self.args.turn_timeout)

    def play(self, g):
        """Game g: opening g // 2, A White in even games. None if the match is stopping."""
        start = self.starts[(g // 2) % len(self.starts)] if self.starts else None
        turns = [] if start else list(self.opening(g // 2))  # a copy: the game goes on after it
        colours = {"white": "a", "black": "b"} if g % 2 == 0 else {"white": "b", "black": "a"}
        positions = [start or START]
        for t in turns:
            positions.append(self.referee.legal_turns(positions[-1])[t])
        record = {"game": g, "start": positions[0], "opening": list(turns), "white": colours["white"], "black": colours["black"],
                  "adjudicated": False, "violations": [], "thrown_away": []}
        table_wins = {}
        scores = [None] * len(turns)  # each turn's score as its engine said it (none for the opening's)
        engines = {}
        try:
            winner = None
            for c, s in colours.items():
                try:
                    engines[c] = self.engine(s)
                except EngineFailure as e:  # it started before the match, so count it as the game's
                    record["failure"] = f"{s} ({c}): {e}"
                    winner, end = other(c), "engine failure"
                    break
            while winner is None:
                if self.stopping.is_set():
                    return None
                fen = positions[-1]
                mover = side_to_move(fen)
                said = self.referee.table_winner(fen)
                if said in ("white", "black"):
                    table_wins.setdefault(said, len(turns))
                if ends_by_repetition(positions):
                    winner, end = "draw", "repetition"
                    break
                if said and self.args.adjudicate_tables:
                    record["adjudicated"] = True
                    winner, end = said, "tables"
                    break
                legal = self.referee.legal_turns(fen)
                if not legal:
                    winner, end = other(mover), "no turn"
                    break
                if len(turns) >= self.args.max_turns:
                    record["adjudicated"] = True
                    winner, end = (said, "max turns: tables") if said else ("draw", "max turns: outside the tables, a draw")
                    break
                side = colours[mover]
                try:
                    answer = engines[mover].best_turn(turns, self.sides[side]["go"], start)
                except EngineFailure as e:
                    record["failure"] = f"{side} ({mover}): {e}"
                    winner, end = other(mover), "engine failure"
                    break
                if isinstance(answer, tuple):
                    record["violations"].append(f"{side} ({mover}) answered bestmove none ({answer[1]}) in {fen}, "
                                                "which has legal turns and no repetition")
                    winner, end = other(mover), "engine said the game is over"
                    break
                if answer not in legal:
                    record["violations"].append(f"{side} ({mover}) played {answer}, not a legal turn of {fen}")
                    winner, end = other(mover), "illegal turn"
                    break
                turns.append(answer)
                scores.append(engines[mover].last_score)
                positions.append(legal[answer])
        finally:
            for e in engines.values():
                e.close()
        has_tables = {c: self.sides[s]["tables"] for c, s in colours.items()}
        violations, thrown = table_check(table_wins, winner, has_tables)
        record["violations"] += violations
        record["thrown_away"] = thrown
        record.update(turns=turns, scores=scores, result=RESULT[winner], end=end, table_wins=table_wins)
        return record


def read_output(path, settings):
    """The games already in `path`, by number. Drops a last line cut short (a kill while
    writing it) from the file; refuses a file of other settings or a damaged one."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return {}
    with open(path, "rb") as f:
        data = f.read()
    good = data[:data.rfind(b"\n") + 1]  # whole lines only
    if len(good) < len(data):
        with open(path, "r+b") as f:
            f.truncate(len(good))
    lines = good.decode().splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
        games = {r["game"]: r for r in map(json.loads, lines[1:])}
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise SystemExit(f"match: {path}: not a match file of bench/match.py ({e}); use another --out")
    if header.get("match") != settings:
        raise SystemExit(f"match: {path} was written for other settings:\n  {header.get('match')}\nnot\n  {settings}\n"
                         "use another --out")
    return games


def a_score(record):
    """Engine A's score in a game: 1, 0.5 or 0."""
    a_colour = "white" if record["white"] == "a" else "black"
    winner = {"1-0": "white", "0-1": "black"}.get(record["result"], "draw")
    return 0.5 if winner == "draw" else 1.0 if winner == a_colour else 0.0


def report(games, sides, played_now, sprt=None):
    """Prints the score and the checks' findings; returns the number of violations."""
    scores = []
    ends = {}
    violations = []
    thrown = 0
    for g in sorted(games):
        r = games[g]
        scores.append(a_score(r))
        ends[r["end"]] = ends.get(r["end"], 0) + 1
        violations += [f"game {g}: {v}" for v in r["violations"]]
        thrown += len(r["thrown_away"])
        if "failure" in r:
            print(f"engine failure in game {g}: {r['failure']}")
    for s in ("a", "b"):
        spec = sides[s]
        print(f"{s.upper()}: {spec['cmd']}, go {spec['go']}" + "".join(f", {n}={v}" for n, v in spec["options"]))
    print(f"{len(games)} games ({played_now} played now, the others read from the file)")
    print("ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    adjudicated = sum(1 for r in games.values() if r["adjudicated"] and r["end"] != "tables")
    print(f"adjudicated at the turn limit: {adjudicated}")
    s = summary(scores)
    print(f"A against B: +{s['wins']} ={s['draws']} -{s['losses']}, score {100 * s['score']:.1f} %, "
          f"Elo {elo_text(s['elo'])} (95 %: {elo_text(s['low'])} to {elo_text(s['high'])})")
    if sprt:
        decision, llr = sprt_decision(scores, *sprt)
        low, high = sprt_bounds()
        verdict = {"H1": f"A is at least {sprt[1]:+g} Elo stronger", "H0": f"A is at most {sprt[0]:+g} Elo stronger",
                   None: "no decision yet"}[decision]
        print(f"SPRT [{sprt[0]:g}, {sprt[1]:g}], alpha = beta = 0.05: LLR {llr:.2f} (bounds {low:.2f}, {high:.2f}): {verdict}")
    if thrown:
        print(f"table wins let go by a side without tables: {thrown}")
    if violations:
        print(f"\n*** {len(violations)} VIOLATION(S) ***", file=sys.stderr)
        for v in violations:
            print(f"*** {v}", file=sys.stderr)
    else:
        print("checks: every turn legal by tsivy's generator; no table win of a side with tables let go")
    return len(violations)


def run(args):
    match = Match(args)
    settings = match.settings()
    games = read_output(args.out, settings)
    # Every engine once, before any game: a wrong command line or option fails the match here.
    for s in ("a", "b"):
        try:
            match.engine(s).close()
        except EngineFailure as e:
            raise SystemExit(f"match: engine {s.upper()} does not start: {e}")
    todo = [g for g in range(args.games) if g not in games]
    if games:
        print(f"{args.out}: {len(games)} games already played, {len(todo)} to play")
    with open(args.out, "a") as out:
        if os.path.getsize(args.out) == 0:
            out.write(json.dumps({"match": settings}) + "\n")
            out.flush()
        played = 0
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency)
        try:
            # Written as each game ends, not in order: a kill loses only the games in progress.
            for done in concurrent.futures.as_completed([pool.submit(match.play, g) for g in todo]):
                record = done.result()
                if record is None:
                    continue
                with match.write_lock:
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                games[record["game"]] = record
                played += 1
                if record["violations"]:
                    print(f"*** game {record['game']}: VIOLATION: {'; '.join(record['violations'])}", file=sys.stderr)
                if not args.quiet:
                    print(f"game {record['game']}: {record['result']} ({record['end']}, {len(record['turns'])} turns)", flush=True)
                if args.sprt and sprt_decision([a_score(r) for g, r in games.items() if g < args.games], *args.sprt)[0]:
                    # Decided: the games in progress are dropped (not written), the rest not played.
                    match.stopping.set()
                    pool.shutdown(cancel_futures=True)
                    print("match: the SPRT has decided; stopping")
                    break
        except KeyboardInterrupt:
            match.stopping.set()
            pool.shutdown(cancel_futures=True)
            raise SystemExit(f"match: stopped; {played} games written, run again to go on")
        except RuntimeError as e:  # the referee: tsivy moves or probe failed
            match.stopping.set()
            pool.shutdown(cancel_futures=True)
            raise SystemExit(f"match: {e}")
        pool.shutdown()
    shown = {g: r for g, r in games.items() if g < args.games}
    return 1 if report(shown, match.sides, played, args.sprt) else 0


class SelfTest(unittest.TestCase):
    def test_elo(self):
        from match_elo import elo
        self.assertEqual(elo(0.5), 0)
        self.assertAlmostEqual(elo(0.75), 190.85, places=2)  # 400 log10 3
        s = summary([1.0, 0.5, 0.0, 1.0])
        self.assertEqual((s["wins"], s["draws"], s["losses"]), (2, 1, 1))
        self.assertAlmostEqual(s["score"], 0.625)
        self.assertLess(s["low"], s["elo"])
        self.assertLess(s["elo"], s["high"])
        self.assertEqual(summary([1.0, 1.0])["high"], float("inf"))  # no spread, all won

    def test_sprt(self):
        from match_elo import sprt_decision, sprt_llr
        self.assertEqual(sprt_llr([], 0, 50), 0.0)
        self.assertEqual(sprt_llr([0.5] * 10, 0, 50), 0.0)  # no spread: nothing to tell
        self.assertEqual(sprt_decision([1.0, 0.5] * 40, 0, 50)[0], "H1")   # 75 %: far above +50
        self.assertEqual(sprt_decision([0.0, 0.5] * 40, 0, 50)[0], "H0")   # 25 %: far below 0
        self.assertIsNone(sprt_decision([1.0, 0.0, 0.5], 0, 50)[0])        # three games tell nothing
        # Halfway between the hypotheses the ratio is 0.
        from match_elo import expected_score
        mid = (expected_score(0) + expected_score(50)) / 2
        self.assertAlmostEqual(sprt_llr([mid + 0.25, mid - 0.25], 0, 50), 0.0)

    def test_last_score(self):
        lines = ["info depth 1 score cp 152 nodes 5 nps 9 time 1 pv a1-b2", "info depth 2 score tablewin 3 nodes 9 pv x",
                 "info string no score here", "bestmove e3-f2"]
        self.assertEqual(last_score(lines), "tablewin 3")
        self.assertEqual(last_score(["bestmove e3-f2"]), None)
        self.assertEqual(last_score(["info depth 0 score win 7 nodes 1 nps 4222 time 0 tables win 7 pv e3-f2", "bestmove e3-f2"]),
                         "win 7")

    def test_centipawns(self):
        self.assertEqual(centipawns("best e5-f4A  score cp -66  depth 8  nodes 2037955  time 571 ms"), -66)
        self.assertEqual(centipawns("best a4-a3A  score tablewin 3  depth 13  nodes 594921  time 201 ms"), None)
        with self.assertRaises(RuntimeError):
            centipawns("info depth 1 score cp 5")

    def test_repetition(self):
        self.assertFalse(ends_by_repetition(["x", "y", "x", "y"]))
        self.assertTrue(ends_by_repetition(["x", "y", "x", "y", "x"]))

    def test_table_check(self):
        both, neither = {"white": True, "black": True}, {"white": False, "black": False}
        self.assertEqual(table_check({"white": 50}, "white", both), ([], []))
        violations, thrown = table_check({"white": 50}, "draw", both)
        self.assertEqual(len(violations), 1)
        self.assertIn("after 50 turns the tables say white wins, the game ended 1/2-1/2", violations[0])
        self.assertEqual(table_check({"black": 9}, "white", neither)[1],
                         ["after 9 turns the tables say black wins, the game ended 1-0"])

    def test_resume_drops_a_cut_line_and_refuses_other_settings(self):
        import tempfile
        settings = {"seed": 1}
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "m.jsonl")
            with open(path, "w") as f:
                f.write(json.dumps({"match": settings}) + "\n" + json.dumps({"game": 3}) + "\n" + '{"game": 4, "tu')
            self.assertEqual(list(read_output(path, settings)), [3])
            self.assertTrue(open(path).read().endswith('{"game": 3}\n'))
            with self.assertRaises(SystemExit):
                read_output(path, {"seed": 2})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tsivy", default=os.path.join(HERE, "..", "build", "release", "cli", "tsivy"),
                        help="the tsivy command: referee, and engine unless --a-cmd / --b-cmd")
    for s in ("a", "b"):
        S = s.upper()
        parser.add_argument(f"--{s}-cmd", help=f"engine {S}'s command line (default: TSIVY engine)")
        parser.add_argument(f"--{s}-go", default="movetime 100", help=f"engine {S}'s go arguments (default 'movetime 100')")
        parser.add_argument(f"--{s}-tables", help=f"tables for engine {S} (setoption name Tables)")
        parser.add_argument(f"--{s}-option", action="append", default=[], metavar="NAME=VALUE",
                            help=f"another setoption for engine {S}, e.g. Hash=256")
    parser.add_argument("--check-tables", help="tables for the checks and the adjudication (default: --a-tables or --b-tables)")
    parser.add_argument("--positions", help="start the games from these positions (a FEN a line) instead of openings")
    parser.add_argument("--games", type=int, default=200, help="games in all, two per opening (default 200)")
    parser.add_argument("--max-turns", type=int, default=400, help="adjudicate a game after this many turns (default 400)")
    parser.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the openings' seed (default 1)")
    parser.add_argument("--balanced", type=int, metavar="CP",
                        help=f"only openings that tsivy's search to depth {BALANCE_DEPTH} scores within CP centipawns of even")
    parser.add_argument("--adjudicate-tables", action="store_true",
                        help="end a game on reaching a position inside the check tables, by their value "
                             "(only for engines without tables)")
    parser.add_argument("--turn-timeout", type=float, default=60, help="seconds an engine may take for a turn (default 60)")
    parser.add_argument("--out", help="the games, one JSON line each; resumed when it exists")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--sprt", metavar="ELO0,ELO1",
                        help="stop as soon as a sequential test (alpha = beta = 0.05) tells A at least ELO1 stronger "
                             "than B from at most ELO0 (match_elo.py); --games is then the most played")
    parser.add_argument("--self-test", action="store_true", help="check the runner's own parts and exit")
    args = parser.parse_args()
    if args.self_test:
        unittest.main(argv=[sys.argv[0]], defaultTest="SelfTest")
    if not args.out:
        parser.error("--out is required")
    for s in ("a", "b"):
        for o in getattr(args, f"{s}_option"):
            if "=" not in o:
                parser.error(f"--{s}-option {o}: expected NAME=VALUE")
    if args.sprt:
        try:
            args.sprt = tuple(float(x) for x in args.sprt.split(","))
            if len(args.sprt) != 2 or args.sprt[0] >= args.sprt[1]:
                raise ValueError
        except ValueError:
            parser.error(f"--sprt {args.sprt}: expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,50")
    if args.balanced is not None and (args.balanced < 0 or args.positions):
        parser.error("--balanced takes a number of centipawns, 0 or more, and does not go with --positions")
    if args.adjudicate_tables and (args.a_tables or args.b_tables or not args.check_tables):
        parser.error("--adjudicate-tables needs --check-tables and engines without tables: adjudicating where the "
                     "tables begin would hide what an engine's tables do")
    if args.games < 1 or args.concurrency < 1 or args.max_turns < 1:
        parser.error("--games, --concurrency and --max-turns must be at least 1")
    sys.exit(run(args))


if __name__ == "__main__":
    main()
