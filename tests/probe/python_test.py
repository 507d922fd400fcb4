"""Runs bindings/python/tsivy.py over a table directory: values, turns, errors.
Usage: python3 python_test.py BINDINGS_DIR TABLES_DIR (TSIVY_LIBRARY names the library)."""
import sys

sys.path.insert(0, sys.argv[1])
import tsivy  # noqa: E402

tables_dir = sys.argv[2]
fen = "9/6B2/4W4/2W6/9 w"
with tsivy.Tables(tables_dir) as tables:
    assert tables.max_stones >= 3, tables.max_stones
    value = tables.probe(fen)
    assert value.wdl in ("win", "draw", "loss"), value
    assert (value.depth is None) == (value.wdl == "draw"), value
    turns = tables.turns(fen)
    assert turns, "no turns"
    assert (turns[0].wdl, turns[0].depth) == (value.wdl, value.depth), (turns[0], value)
    for t in turns:
        after = tables.probe(t.fen)
        assert t.fen.endswith(" b"), t
        assert after.wdl == {"win": "loss", "loss": "win", "draw": "draw"}[t.wdl], (t, after)
    assert tables.probe("9/9/9/9/4W4 b") == tsivy.Value("loss", 0)  # no stones for the side to move
    try:
        tables.probe("9/9 w")
        raise AssertionError("bad position text accepted")
    except tsivy.Error as e:
        assert e.status == "TSIVY_ERROR_BAD_FEN", e
try:
    tsivy.Tables("/nonexistent/tsivy-tables")
    raise AssertionError("missing directory accepted")
except tsivy.Error as e:
    assert e.status == "TSIVY_ERROR_NO_TABLES", e
print(f"tsivy {tsivy.version()}: {fen}: {value.wdl} {value.depth}, best {turns[0].turn}")
