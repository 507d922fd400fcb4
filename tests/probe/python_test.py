"""The Python package (bindings/python/tsivy) over a table directory: the docstring's
example, values and turns, the python-chess-like API, and the argument errors.

Run by ctest through pytest where it is installed, else as a script (which runs every
test_ function). TSIVY_TEST_TABLES names the tables (generated up to TSIVY_TEST_STONES
stones); the package is found on PYTHONPATH, the library through TSIVY_LIBRARY."""
import os
import sys

import tsivy

TABLES = os.environ["TSIVY_TEST_TABLES"]
STONES = int(os.environ.get("TSIVY_TEST_STONES", "4"))
FEN = "9/6B2/4W4/2W6/9 w"  # docs/notation.md: White c2, e3 against Black g4


def raises(kind, call, *args):
    try:
        call(*args)
    except kind as e:
        return e
    raise AssertionError(f"{call.__name__}{args} raised no {kind.__name__}")


def test_docstring_example_gives_the_tables_answers():
    with tsivy.open_tablebase(TABLES) as tb:
        assert tb.probe_wdl(FEN) == 1
        assert tb.probe_dtm(FEN) == 7
        assert tb.probe(FEN) == tsivy.Value("win", 7)
        best = tb.turns(FEN)[0]
        assert (best.turn, best.wdl, best.depth) == ("e3-f2", "win", 7), best
        assert "c2-d2" in [t.turn for t in tb.turns(FEN) if t.wdl == "draw"]
        if STONES < 6:
            assert tb.get_wdl("9/9/2B6/BB1W5/B1B6 w") is None


def test_turns_agree_with_the_positions_they_lead_to():
    with tsivy.open_tablebase(TABLES) as tb:
        value = tb.probe(FEN)
        turns = tb.turns(FEN)
        assert (turns[0].wdl, turns[0].depth) == (value.wdl, value.depth)
        for t in turns:
            after = tb.probe(t.fen)
            assert t.fen.endswith(" b"), t
            assert after.wdl == {"win": "loss", "loss": "win", "draw": "draw"}[t.wdl], (t, after)
            assert tb.probe_dtm(t.fen) == {"win": -1, "loss": 1, "draw": 0}[t.wdl] * (after.depth or 0)
        assert tb.probe("9/9/9/9/4W4 b") == tsivy.Value("loss", 0)  # no stones for the side to move


def test_point_sets_probe_as_their_text():
    us, them, white = tsivy.parse_fen(FEN)
    assert white and tsivy.format_fen(us, them, white) == FEN
    with tsivy.open_tablebase(TABLES) as tb:
        assert tb.probe_wdl((us, them)) == tb.probe_wdl(FEN)
        assert tb.probe((us, them)) == tb.probe(FEN)
        assert tb.probe_wdl((them, us)) == tb.probe_wdl("9/6B2/4W4/2W6/9 b")


def test_positions_beyond_the_tables_are_missing_table_errors():
    too_many = "9/9/1BBB5/9/W1W6 w"  # STONES + 1 stones
    assert sum(too_many.count(c) for c in "BW") == STONES + 1
    with tsivy.open_tablebase(TABLES) as tb:
        e = raises(tsivy.MissingTableError, tb.probe_wdl, too_many)
        assert isinstance(e, tsivy.Error) and isinstance(e, KeyError)
        assert e.status == "TSIVY_ERROR_TOO_MANY_STONES", e
        assert tb.get_wdl(too_many) is None
        assert tb.get_wdl(too_many, default=-9) == -9
        assert tb.get_dtm(too_many, "none") == "none"
        assert tb.get_wdl(FEN) == 1 and tb.get_dtm(FEN) == 7
        bad = raises(tsivy.Error, tb.probe, "9/9 w")
        assert bad.status == "TSIVY_ERROR_BAD_FEN" and not isinstance(bad, tsivy.MissingTableError)
    missing = raises(tsivy.Error, tsivy.open_tablebase, "/nonexistent/tsivy-tables")
    assert missing.status == "TSIVY_ERROR_NO_TABLES" and not isinstance(missing, tsivy.MissingTableError)


def test_classes_and_max_stones():
    with tsivy.open_tablebase(TABLES) as tb:
        classes = tb.classes()
        assert len(classes) == sum(total - 1 for total in range(2, STONES + 1))
        assert all(c.has_wdl and c.has_depth and c.answers_wdl and c.answers_depth for c in classes)
        assert (classes[0].us_stones, classes[0].them_stones) == (1, 1)
        assert tb.max_stones == STONES and tb.max_stones_wdl == STONES


def test_nul_inside_a_position_text_is_refused():
    raises(ValueError, tsivy.parse_fen, FEN + "\0garbage")
    raises(ValueError, tsivy.parse_fen, "9/6B2/4W4/2W6/9\0 w")
    with tsivy.open_tablebase(TABLES) as tb:
        raises(ValueError, tb.probe, FEN + "\0")


def test_point_sets_outside_64_bits_are_refused():
    raises(ValueError, tsivy.format_fen, 1 << 64, 0, True)
    raises(ValueError, tsivy.format_fen, 0, -1, True)
    with tsivy.open_tablebase(TABLES) as tb:
        raises(ValueError, tb.probe_wdl, ((1 << 64) | 1, 2))


def test_closed_tablebase_says_so():
    tb = tsivy.open_tablebase(TABLES)
    tb.close()
    tb.close()  # twice is harmless
    for call, args in ((tb.probe_wdl, (FEN,)), (tb.probe, (FEN,)), (tb.turns, (FEN,)), (tb.classes, ())):
        e = raises(ValueError, call, *args)
        assert "closed" in str(e), e
    raises(ValueError, lambda: tb.max_stones)



def test_bytes_position_texts_are_read_and_other_types_refused_with_type_error():
    with tsivy.open_tablebase(TABLES) as tb:
        assert tb.probe_wdl(FEN.encode()) == tb.probe_wdl(FEN)
        assert tb.probe(FEN.encode()) == tb.probe(FEN)
        assert tsivy.parse_fen(FEN.encode()) == tsivy.parse_fen(FEN)
        for wrong in (12345, 1.5, None, (1, 2, 3), [1]):
            e = raises(TypeError, tb.probe_wdl, wrong)
            assert "position" in str(e), e
        e = raises(TypeError, tsivy.parse_fen, 12345)
        assert "str or bytes" in str(e), e


def test_a_long_bad_position_text_is_quoted_only_in_part():
    text = "W" * 100000 + " w"
    e = raises(tsivy.Error, tsivy.parse_fen, text)
    assert e.status == "TSIVY_ERROR_BAD_FEN" and len(str(e)) < 250, str(e)[:300]
    e = raises(ValueError, tsivy.parse_fen, text + "\0")
    assert len(str(e)) < 250, str(e)[:300]


def test_available_tells_the_classes_answered():
    with tsivy.open_tablebase(TABLES) as tb:
        for c in tb.classes():
            assert tb.available(c.us_stones, c.them_stones) == c.answers_wdl
            assert tb.available(c.us_stones, c.them_stones, with_depth=True) == c.answers_depth
        assert not tb.available(1, STONES)
        raises(ValueError, tb.available, -1, 1)


def test_a_library_not_found_names_tsivy_library_and_the_paths_tried():
    import subprocess
    missing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "no-such-libtsivy.so")
    env = dict(os.environ, TSIVY_LIBRARY=missing, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", "import tsivy"], env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "TSIVY_LIBRARY" in done.stderr and missing in done.stderr, done.stderr
    assert "OSError" in done.stderr, done.stderr


def test_the_package_version_is_the_library_version():
    pyproject = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(tsivy.__file__))), "pyproject.toml")
    if os.path.exists(pyproject):  # run from the source tree
        with open(pyproject, encoding="utf-8") as f:
            assert f'version = "{tsivy.version()}"' in f.read(), tsivy.version()


if __name__ == "__main__":
    tests = [f for name, f in sorted(globals().items()) if name.startswith("test_") and callable(f)]
    for test in tests:
        test()
    print(f"tsivy {tsivy.version()}: {len(tests)} tests passed ({sys.argv[0]})")
