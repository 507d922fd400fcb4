"""The Python package on 3x3 tables: libtsivy.so opens them through libtsivy-3x3.so,
and the Tablebase's board, position texts and turns are those of 3x3.

Run by ctest (only when the build makes the 3x3 board) through pytest where it is
installed, else as a script. TSIVY_TEST_3X3_TABLES names the tables (every 3x3 class,
the ctest fixture's); without them, TSIVY_CLI, the tsivy command, generates them into a
temporary directory. The library is found through TSIVY_LIBRARY."""
import os
import re
import subprocess
import sys
import tempfile

import tsivy

START = "BBB/B1W/WWW w"  # the 3x3 start: WIN 11 for White
_tables = None


def tables():
    global _tables
    given = os.environ.get("TSIVY_TEST_3X3_TABLES")
    if given and os.path.exists(os.path.join(given, "manifest.json")):
        return given
    if _tables is None:
        _tables = tempfile.TemporaryDirectory(prefix="tsivy-python-3x3-")
        subprocess.run([os.environ["TSIVY_CLI"], "--board", "3x3", "generate", "--threads", "2", "--max-stones", "8",
                        "--out", _tables.name], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return _tables.name


def test_the_tablebase_is_on_its_board():
    with tsivy.open_tablebase(tables()) as tb:
        assert tb.board == (3, 3)
        assert tb.max_stones == 8


def test_positions_are_texts_of_the_tables_board():
    with tsivy.open_tablebase(tables()) as tb:
        us, them, white = tb.parse_fen(START)
        assert (us, them, white) == (0b000100111, 0b111001000, True)
        assert tb.format_fen(us, them, white) == START
        assert tb.probe(START) == tsivy.Value("win", 11)
        assert tb.probe((us, them)) == tsivy.Value("win", 11)
        assert tb.probe_wdl(START) == 1
    # The module's own functions stay on 5x9.
    try:
        tsivy.parse_fen(START)
    except tsivy.Error as e:
        assert e.status == "TSIVY_ERROR_BAD_FEN", e
    else:
        raise AssertionError("tsivy.parse_fen read a 3x3 text")


def test_turns_are_in_the_boards_notation():
    with tsivy.open_tablebase(tables()) as tb:
        turns = tb.turns(START)
        assert turns and (turns[0].wdl, turns[0].depth) == ("win", 11), turns
        for t in turns:
            assert re.fullmatch(r"[a-c][1-3](-[a-c][1-3][AW]?)+", t.turn), t
            assert t.fen.count("/") == 2 and t.fen.endswith(" b"), t
            # Each turn's position is worth, to its side to move, the opposite.
            after = tb.probe(t.fen)
            assert (after.wdl, after.depth) == ({"win": "loss", "loss": "win", "draw": "draw"}[t.wdl],
                                                None if t.depth is None else t.depth - 1), (t, after)


if __name__ == "__main__":
    tests = [f for name, f in sorted(globals().items()) if name.startswith("test_") and callable(f)]
    for test in tests:
        test()
    print(f"tsivy {tsivy.version()}: {len(tests)} 3x3 tests passed ({sys.argv[0]})")
