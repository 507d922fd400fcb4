"""The rules of a match game by tsivy's own generator and tables (bench/match.py):
the legal turns of a position from `tsivy moves`, a position's value from `tsivy probe`,
and the threefold rule. Nothing here trusts an engine."""
import functools
import json
import subprocess
from pathlib import Path

START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"
ROWS, COLUMNS = 5, 9


def side_to_move(fen):
    return "white" if fen.split()[1] == "w" else "black"


def other(colour):
    return "black" if colour == "white" else "white"


def stones(fen):
    board = fen.split()[0]
    return board.count("W") + board.count("B")


def table_stones(directory):
    """The largest N such that every class of 2..N stones has both its files in the
    directory (as the lookup counts them); 0 when none."""
    names = {p.name for p in Path(directory).iterdir()}
    n = 0
    while all(f"{m}v{n + 1 - m}.{kind}.tsivy" in names for m in range(1, n + 1) for kind in ("wdl", "depth")):
        n += 1
    return n if n >= 2 else 0


def fen_of(white, black, side):
    """The position in notation.md: white and black are sets of points, row * 9 + column
    from a1 (row 0 is the first row, written last)."""
    rows = []
    for r in range(ROWS - 1, -1, -1):
        text, empty = "", 0
        for c in range(COLUMNS):
            p = r * COLUMNS + c
            if p in white or p in black:
                text += (str(empty) if empty else "") + ("W" if p in white else "B")
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side


def ends_by_repetition(positions):
    """The game's last position occurs in it for the third time (rules.md)."""
    return positions.count(positions[-1]) >= 3


def centipawns(best_line):
    """The score of `tsivy search`'s last line ("best T  score cp S  depth D ..."), None when
    it is a forced result (win, loss, tablewin, tableloss)."""
    words = best_line.split()
    if words[:1] != ["best"] or "score" not in words:
        raise RuntimeError(f"tsivy search: unexpected last line: {best_line}")
    k = words.index("score")
    return int(words[k + 2]) if words[k + 1] == "cp" else None


class Referee:
    def __init__(self, tsivy, tables=None):
        self.tsivy = tsivy
        self.tables = tables
        self.max_stones = table_stones(tables) if tables else 0

    def _run(self, *args):
        done = subprocess.run([self.tsivy, *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"tsivy {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    @functools.lru_cache(maxsize=4096)
    def legal_turns(self, fen):
        """{turn: position after it} by `tsivy moves`; empty when the side to move has no turn."""
        out = self._run("moves", "--fen", fen, "--json")
        return {t["turn"]: t["result"] for t in map(json.loads, out.splitlines())}

    def search_score(self, fen, depth):
        """tsivy's search of the position to `depth` (one thread, reproducible): its score in
        centipawns for the side to move, or None for a forced result."""
        return centipawns(self._run("search", "--fen", fen, "--depth", str(depth)).strip().splitlines()[-1])

    def probe(self, fen):
        """`tsivy probe --json` of the position in the tables: its wdl, depth, turns."""
        return json.loads(self._run("probe", "--tables", self.tables, "--fen", fen, "--json"))

    @functools.lru_cache(maxsize=65536)
    def table_winner(self, fen):
        """The colour the tables say wins this position, "draw", or None outside the tables."""
        if not self.tables or stones(fen) > self.max_stones:
            return None
        wdl = self.probe(fen)["wdl"]
        mover = side_to_move(fen)
        return {"win": mover, "loss": other(mover), "draw": "draw"}[wdl]

