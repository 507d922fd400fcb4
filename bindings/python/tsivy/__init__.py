"""libtsivy from Python: Fanorona endgame tables through ctypes (tsivy.h).

    import tsivy
    with tsivy.open_tablebase("/path/to/tables") as tb:
        tb.probe_wdl("9/6B2/4W4/2W6/9 w")   # -> 1 (the side to move wins)
        tb.probe_dtm("9/6B2/4W4/2W6/9 w")   # -> 7 (in 7 turns, both sides' counted)
        tb.get_wdl("9/9/2B6/BB1W5/B1B6 w")  # -> None when the tables do not hold it
        tb.probe("9/6B2/4W4/2W6/9 w")       # -> Value(wdl='win', depth=7)
        tb.turns("9/6B2/4W4/2W6/9 w")[0]    # -> Turn(turn='e3-f2', wdl='win', depth=7, fen='...')
        [t.turn for t in tb.turns("9/6B2/4W4/2W6/9 w") if t.wdl == "draw"]  # c2-d2 among them

A position is a text in the notation of notation.md ("9/6B2/4W4/2W6/9 w", a str or
UTF-8 bytes) or a pair
(us, them) of 64-bit point sets, us to move (bit p = row * 9 + column, a1 = bit 0;
White's move, for the texts of the turns).

Tables of another board (their manifest.json says "board": "3x3") open the same way,
through that board's library (libtsivy-3x3.so, installed beside libtsivy.so): then
tb.board is (3, 3), positions are texts of that board ("BBB/B1W/WWW w") or its point
sets (bit p = row * columns + column), and tb.parse_fen / tb.format_fen read and write
them. The module's parse_fen and format_fen are on 5x9, the board of libtsivy.so.
Values are from the side to move: probe_wdl gives 1, 0 or -1 (win, draw, loss);
probe_dtm gives +n for a win and -n for a loss in n turns of both sides, 0 for a draw
(and for a game already over); probe gives Value('win' | 'draw' | 'loss', depth or None
for a draw). Each turn's value is seen from the side that makes it, best first.

Failures raise tsivy.Error, with .status (the C status name) and .message (the
library's); MissingTableError (also a KeyError) is the one for a position the tables do
not answer (TSIVY_ERROR_TOO_MANY_STONES or TSIVY_ERROR_TABLE_MISSING), which get_wdl
and get_dtm turn into their default. Bad arguments (a NUL inside a position text, a
point set outside 0 .. 2**64 - 1, a closed tablebase) raise ValueError; a position of
another type (neither text nor pair) raises TypeError. tb.available(m, n) tells whether
the class m v n is answered, without probing.

The library is found through TSIVY_LIBRARY (a path: then that one only), else where
`cmake --install` put it next to this package, else ctypes.util.find_library("tsivy"),
else "libtsivy.so.0"; when none loads, importing the module raises OSError naming
TSIVY_LIBRARY and every path tried.
"""

import ctypes
import ctypes.util
import os
from typing import Callable, List, NamedTuple, Optional, Tuple, TypeVar, Union

__all__ = [
    "Error", "MissingTableError", "Tablebase", "Tables", "ClassInfo", "Turn", "Value",
    "open_tablebase", "parse_fen", "format_fen", "version",
]

_TURN_TEXT_MAX = 96
_FEN_MAX = 80
_OK = 0
_BUFFER_TOO_SMALL = 9
_MISSING = ("TSIVY_ERROR_TOO_MANY_STONES", "TSIVY_ERROR_TABLE_MISSING")
_WDL = {1: "win", 0: "draw", -1: "loss"}
_SET_LIMIT = 1 << 64

Position = Union[str, bytes, Tuple[int, int]]
T = TypeVar("T")


class _Turn(ctypes.Structure):
    _fields_ = [
        ("text", ctypes.c_char * _TURN_TEXT_MAX),
        ("us", ctypes.c_uint64),
        ("them", ctypes.c_uint64),
        ("wdl", ctypes.c_int),
        ("depth", ctypes.c_int),
    ]


class _Class(ctypes.Structure):
    _fields_ = [(name, ctypes.c_int) for name in
                ("us_stones", "them_stones", "has_wdl", "has_depth", "answers_wdl", "answers_depth")]


def _library_candidates() -> List[str]:
    """Where to look for libtsivy, in order: TSIVY_LIBRARY alone when it is set (a wrong
    path there is an error, not a reason to load another library), else the place
    `cmake --install` wrote next to this package, the system's search, the SONAME."""
    path = os.environ.get("TSIVY_LIBRARY")
    if path:
        return [path]
    candidates = []
    try:  # written by `cmake --install`: the library's place relative to this package
        from tsivy._installed import LIBRARY  # type: ignore[import-not-found]
        candidates.append(os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), LIBRARY)))
    except ImportError:
        pass
    found = ctypes.util.find_library("tsivy")
    if found:
        candidates.append(found)
    candidates.append("libtsivy.so.0")
    return list(dict.fromkeys(candidates))


def _open_library() -> Tuple[ctypes.CDLL, str]:
    tried = []
    for path in _library_candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append(f"{path} ({e})")
    where = "TSIVY_LIBRARY" if os.environ.get("TSIVY_LIBRARY") else "the places looked in"
    raise OSError(
        "tsivy: cannot load libtsivy from " + where + ": " + "; ".join(tried) + ". Set TSIVY_LIBRARY to the path "
        "of libtsivy.so.0 (`cmake --install` puts it in PREFIX/lib; a build tree has it in build/release/probe).")


_LIBRARY_PATH = ""


def _library_path() -> str:
    """The path of the libtsivy this module loaded."""
    return _LIBRARY_PATH


def _load() -> ctypes.CDLL:
    global _LIBRARY_PATH
    lib, _LIBRARY_PATH = _open_library()
    u64, u64p = ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)
    intp, sizep = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_size_t)
    handle = ctypes.c_void_p
    signatures = {
        "tsivy_status_name": (ctypes.c_char_p, [ctypes.c_int]),
        "tsivy_last_error": (ctypes.c_char_p, []),
        "tsivy_version_string": (ctypes.c_char_p, []),
        "tsivy_open": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(handle)]),
        "tsivy_close": (None, [handle]),
        "tsivy_max_stones": (ctypes.c_int, [handle]),
        "tsivy_max_stones_wdl": (ctypes.c_int, [handle]),
        "tsivy_classes": (ctypes.c_int, [handle, ctypes.POINTER(_Class), ctypes.c_size_t, sizep]),
        "tsivy_available": (ctypes.c_int, [handle, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        "tsivy_probe_wdl": (ctypes.c_int, [handle, u64, u64, intp]),
        "tsivy_probe": (ctypes.c_int, [handle, u64, u64, intp, intp]),
        "tsivy_probe_root": (ctypes.c_int, [handle, u64, u64, ctypes.POINTER(_Turn), ctypes.c_size_t, sizep]),
        "tsivy_parse_fen": (ctypes.c_int, [ctypes.c_char_p, u64p, u64p, intp]),
        "tsivy_format_fen": (ctypes.c_int, [u64, u64, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
        "tsivy_board": (ctypes.c_int, [handle, intp, intp]),
        "tsivy_parse_fen_on": (ctypes.c_int, [handle, ctypes.c_char_p, u64p, u64p, intp]),
        "tsivy_format_fen_on": (ctypes.c_int, [handle, u64, u64, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
    }
    for name, (restype, argtypes) in signatures.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = restype, argtypes
    return lib


_lib = _load()


class Error(Exception):
    """A libtsivy failure: .status is the status name, .message the library's message."""

    def __init__(self, code: int):
        self.code = code
        self.status: str = _lib.tsivy_status_name(code).decode()
        self.message: str = _lib.tsivy_last_error().decode(errors="replace")
        super().__init__(f"{self.status}: {self.message}")

    def __str__(self) -> str:  # KeyError, a base of MissingTableError, would quote it
        return f"{self.status}: {self.message}"


class MissingTableError(Error, KeyError):
    """The tables do not answer this position: its class is not in them
    (TSIVY_ERROR_TOO_MANY_STONES) or a file it needs is absent (TSIVY_ERROR_TABLE_MISSING)."""


def _check(code: int) -> None:
    if code != _OK:
        status = _lib.tsivy_status_name(code).decode()
        raise MissingTableError(code) if status in _MISSING else Error(code)


class Value(NamedTuple):
    wdl: str                 # 'win', 'draw' or 'loss' for the side to move
    depth: Optional[int]     # turns of both sides to the end; None for a draw


class Turn(NamedTuple):
    turn: str                # notation.md, e.g. 'd2-e3A'
    wdl: str                 # for the side that makes it
    depth: Optional[int]
    fen: str                 # the position after it


class ClassInfo(NamedTuple):
    us_stones: int
    them_stones: int
    has_wdl: bool
    has_depth: bool
    answers_wdl: bool        # probe_wdl answers its positions
    answers_depth: bool      # probe, probe_dtm and turns do too


def version() -> str:
    return _lib.tsivy_version_string().decode()


def _point_set(value: int, name: str) -> int:
    if not isinstance(value, int) or not 0 <= value < _SET_LIMIT:
        raise ValueError(f"{name} must be an int in 0 .. 2**64 - 1, not {_quoted(value)}")
    return value


def _quoted(value: object) -> str:
    """repr() of a value, cut to about 80 characters: messages do not copy a long input whole."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _fen_bytes(fen: Union[str, bytes]) -> bytes:
    """A position text as the C library reads it: str (encoded as UTF-8) or bytes."""
    if isinstance(fen, str):
        fen = fen.encode()
    elif not isinstance(fen, (bytes, bytearray)):
        raise TypeError(f"a position text is a str or bytes, not {type(fen).__name__}")
    if b"\0" in fen:
        raise ValueError(f"NUL inside a position text: {_quoted(fen)}")
    return bytes(fen)


def _parse(fen: Union[str, bytes], parse: Callable[..., int], *handle: ctypes.c_void_p) -> Tuple[int, int, bool]:
    text = _fen_bytes(fen)
    us, them, white = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_int()
    _check(parse(*handle, text, ctypes.byref(us), ctypes.byref(them), ctypes.byref(white)))
    return us.value, them.value, bool(white.value)


def _format(us: int, them: int, white_to_move: bool, format_: Callable[..., int],
            *handle: ctypes.c_void_p) -> str:
    buf = ctypes.create_string_buffer(_FEN_MAX)
    _check(format_(*handle, _point_set(us, "us"), _point_set(them, "them"), int(white_to_move), buf, _FEN_MAX))
    return buf.value.decode()


def parse_fen(fen: Union[str, bytes]) -> Tuple[int, int, bool]:
    """(us, them, white_to_move) of a 5x9 position text (Tablebase.parse_fen: its board's)."""
    return _parse(fen, _lib.tsivy_parse_fen)


def format_fen(us: int, them: int, white_to_move: bool) -> str:
    """The text of a 5x9 position: the reverse of parse_fen."""
    return _format(us, them, white_to_move, _lib.tsivy_format_fen)


class Tablebase:
    """An open table directory: open_tablebase(dir), closed by .close() or a with-block."""

    def __init__(self, directory: Union[str, "os.PathLike[str]"], cache_bytes: int = 0):
        self._handle = ctypes.c_void_p()
        _check(_lib.tsivy_open(os.fsencode(directory), cache_bytes, ctypes.byref(self._handle)))

    def close(self) -> None:
        if self._handle:
            _lib.tsivy_close(self._handle)
            self._handle = ctypes.c_void_p()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if hasattr(self, "_handle"):
            self.close()

    def _open_handle(self) -> ctypes.c_void_p:
        if not self._handle:
            raise ValueError("tsivy: the tablebase is closed")
        return self._handle

    @property
    def board(self) -> Tuple[int, int]:
        """(rows, columns) of the tables' board: (5, 9) for Fanoron-Tsivy, (3, 3) ..."""
        rows, columns = ctypes.c_int(), ctypes.c_int()
        _check(_lib.tsivy_board(self._open_handle(), ctypes.byref(rows), ctypes.byref(columns)))
        return rows.value, columns.value

    def parse_fen(self, fen: Union[str, bytes]) -> Tuple[int, int, bool]:
        """(us, them, white_to_move) of a position text of the tables' board."""
        return _parse(fen, _lib.tsivy_parse_fen_on, self._open_handle())

    def format_fen(self, us: int, them: int, white_to_move: bool) -> str:
        """The text of a position of the tables' board: the reverse of parse_fen."""
        return _format(us, them, white_to_move, _lib.tsivy_format_fen_on, self._open_handle())

    def _sets(self, position: Position) -> Tuple[int, int, bool]:
        if isinstance(position, (str, bytes, bytearray)):
            return self.parse_fen(position)
        if not isinstance(position, (tuple, list)) or len(position) != 2:
            raise TypeError("a position is a text (str or bytes) or a pair (us, them) of point sets, not "
                            + _quoted(position))
        us, them = position
        return _point_set(us, "us"), _point_set(them, "them"), True

    @property
    def max_stones(self) -> int:
        """Largest N such that every position of up to N stones is answered by every probe."""
        return _lib.tsivy_max_stones(self._open_handle())

    @property
    def max_stones_wdl(self) -> int:
        """The same for probe_wdl, which needs the WDL files only."""
        return _lib.tsivy_max_stones_wdl(self._open_handle())

    def available(self, us_stones: int, them_stones: int, with_depth: bool = False) -> bool:
        """Whether probe_wdl (or, with_depth, every probe) answers the class us_stones v
        them_stones: one look into a table made at open."""
        code = _lib.tsivy_available(self._open_handle(), us_stones, them_stones, int(with_depth))
        if _lib.tsivy_status_name(code).decode() == "TSIVY_ERROR_BAD_ARGUMENT":
            raise ValueError(_lib.tsivy_last_error().decode(errors="replace"))
        return code == _OK

    def classes(self) -> List[ClassInfo]:
        """The classes found in the directory, and which probes answer them."""
        handle, count = self._open_handle(), ctypes.c_size_t()
        code = _lib.tsivy_classes(handle, None, 0, ctypes.byref(count))
        if code not in (_OK, _BUFFER_TOO_SMALL):
            raise Error(code)
        array = (_Class * max(count.value, 1))()
        _check(_lib.tsivy_classes(handle, array, count.value, ctypes.byref(count)))
        return [ClassInfo(c.us_stones, c.them_stones, bool(c.has_wdl), bool(c.has_depth), bool(c.answers_wdl),
                          bool(c.answers_depth)) for c in array[: count.value]]

    def probe_wdl(self, position: Position) -> int:
        """1, 0 or -1: win, draw or loss for the side to move. Reads no depth file."""
        us, them, _ = self._sets(position)
        wdl = ctypes.c_int()
        _check(_lib.tsivy_probe_wdl(self._open_handle(), us, them, ctypes.byref(wdl)))
        return wdl.value

    def probe_dtm(self, position: Position) -> int:
        """+n: a win in n turns of both sides; -n: a loss in n; 0: a draw (or a game over)."""
        value = self.probe(position)
        return 0 if value.depth is None else value.depth if value.wdl == "win" else -value.depth

    def get_wdl(self, position: Position, default: Optional[T] = None) -> Union[int, T, None]:
        """probe_wdl, or `default` for a position the tables do not answer."""
        try:
            return self.probe_wdl(position)
        except MissingTableError:
            return default

    def get_dtm(self, position: Position, default: Optional[T] = None) -> Union[int, T, None]:
        """probe_dtm, or `default` for a position the tables do not answer."""
        try:
            return self.probe_dtm(position)
        except MissingTableError:
            return default

    def probe(self, position: Position) -> Value:
        """Value('win' | 'draw' | 'loss', depth in turns, None for a draw)."""
        us, them, _ = self._sets(position)
        wdl, depth = ctypes.c_int(), ctypes.c_int()
        _check(_lib.tsivy_probe(self._open_handle(), us, them, ctypes.byref(wdl), ctypes.byref(depth)))
        return Value(_WDL[wdl.value], None if wdl.value == 0 else depth.value)

    def turns(self, position: Position) -> List[Turn]:
        """Every legal turn with its value for the side making it, best first."""
        us, them, white = self._sets(position)
        handle, count = self._open_handle(), ctypes.c_size_t()
        code = _lib.tsivy_probe_root(handle, us, them, None, 0, ctypes.byref(count))
        if code not in (_OK, _BUFFER_TOO_SMALL):
            _check(code)
        array = (_Turn * max(count.value, 1))()
        _check(_lib.tsivy_probe_root(handle, us, them, array, count.value, ctypes.byref(count)))
        return [
            Turn(t.text.decode(), _WDL[t.wdl], None if t.wdl == 0 else t.depth, self.format_fen(t.us, t.them, not white))
            for t in array[: count.value]
        ]


Tables = Tablebase  # the name of the first version of this module


def open_tablebase(directory: Union[str, "os.PathLike[str]"], cache_bytes: int = 0) -> Tablebase:
    """Opens a table directory written by `tsivy generate`; use it in a with-block."""
    return Tablebase(directory, cache_bytes)
