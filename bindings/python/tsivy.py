"""libtsivy from Python: a small ctypes module over the installed C library (tsivy.h).

    import tsivy
    tables = tsivy.Tables("/path/to/tables")
    tables.probe("9/6B2/4W4/2W6/9 w")   # -> Value(wdl='win', depth=5)
    tables.turns("9/6B2/4W4/2W6/9 w")   # -> [Turn(turn='c2-d2', wdl='win', depth=5, fen='...'), ...]

Values are from the side to move ('win', 'draw' or 'loss', depth None for a draw);
each turn's value is seen from the side that makes it, best first. Failures raise
tsivy.Error with .status (the C status name) and the library's message. The library is
found through TSIVY_LIBRARY (a path), else ctypes.util.find_library("tsivy"), else
"libtsivy.so.0". Uses the standard library only.
"""

import ctypes
import ctypes.util
import os
from typing import List, NamedTuple, Optional

__all__ = ["Error", "Tables", "Turn", "Value", "parse_fen", "format_fen", "version"]

_TURN_TEXT_MAX = 96
_FEN_MAX = 64
_OK = 0
_BUFFER_TOO_SMALL = 9
_WDL = {1: "win", 0: "draw", -1: "loss"}


class _Turn(ctypes.Structure):
    _fields_ = [
        ("text", ctypes.c_char * _TURN_TEXT_MAX),
        ("us", ctypes.c_uint64),
        ("them", ctypes.c_uint64),
        ("wdl", ctypes.c_int),
        ("depth", ctypes.c_int),
    ]


def _load() -> ctypes.CDLL:
    path = os.environ.get("TSIVY_LIBRARY") or ctypes.util.find_library("tsivy") or "libtsivy.so.0"
    lib = ctypes.CDLL(path)
    u64, u64p, intp, sizep = ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_size_t)
    handle = ctypes.c_void_p
    signatures = {
        "tsivy_status_name": (ctypes.c_char_p, [ctypes.c_int]),
        "tsivy_last_error": (ctypes.c_char_p, []),
        "tsivy_version_string": (ctypes.c_char_p, []),
        "tsivy_open": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(handle)]),
        "tsivy_close": (None, [handle]),
        "tsivy_max_stones": (ctypes.c_int, [handle]),
        "tsivy_probe": (ctypes.c_int, [handle, u64, u64, intp, intp]),
        "tsivy_probe_root": (ctypes.c_int, [handle, u64, u64, ctypes.POINTER(_Turn), ctypes.c_size_t, sizep]),
        "tsivy_parse_fen": (ctypes.c_int, [ctypes.c_char_p, u64p, u64p, intp]),
        "tsivy_format_fen": (ctypes.c_int, [u64, u64, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
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
        self.status = _lib.tsivy_status_name(code).decode()
        self.message = _lib.tsivy_last_error().decode(errors="replace")
        super().__init__(f"{self.status}: {self.message}")


def _check(code: int) -> None:
    if code != _OK:
        raise Error(code)


class Value(NamedTuple):
    wdl: str                 # 'win', 'draw' or 'loss' for the side to move
    depth: Optional[int]     # turns to the end; None for a draw


class Turn(NamedTuple):
    turn: str                # notation.md, e.g. 'd2-e3A'
    wdl: str                 # for the side that makes it
    depth: Optional[int]
    fen: str                 # the position after it


def version() -> str:
    return _lib.tsivy_version_string().decode()


def parse_fen(fen: str):
    """(us, them, white_to_move) of a position text."""
    us, them, white = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_int()
    _check(_lib.tsivy_parse_fen(fen.encode(), ctypes.byref(us), ctypes.byref(them), ctypes.byref(white)))
    return us.value, them.value, bool(white.value)


def format_fen(us: int, them: int, white_to_move: bool) -> str:
    buf = ctypes.create_string_buffer(_FEN_MAX)
    _check(_lib.tsivy_format_fen(us, them, int(white_to_move), buf, _FEN_MAX))
    return buf.value.decode()


class Tables:
    """An open table directory. Close it with .close() or a with-block."""

    def __init__(self, directory: str, cache_bytes: int = 0):
        self._handle = ctypes.c_void_p()
        _check(_lib.tsivy_open(os.fsencode(directory), cache_bytes, ctypes.byref(self._handle)))

    def close(self) -> None:
        if self._handle:
            _lib.tsivy_close(self._handle)
            self._handle = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    @property
    def max_stones(self) -> int:
        return _lib.tsivy_max_stones(self._handle)

    def probe(self, fen: str) -> Value:
        us, them, _ = parse_fen(fen)
        wdl, depth = ctypes.c_int(), ctypes.c_int()
        _check(_lib.tsivy_probe(self._handle, us, them, ctypes.byref(wdl), ctypes.byref(depth)))
        return Value(_WDL[wdl.value], None if wdl.value == 0 else depth.value)

    def turns(self, fen: str) -> List[Turn]:
        us, them, white = parse_fen(fen)
        count = ctypes.c_size_t()
        code = _lib.tsivy_probe_root(self._handle, us, them, None, 0, ctypes.byref(count))
        if code not in (_OK, _BUFFER_TOO_SMALL):
            raise Error(code)
        array = (_Turn * max(count.value, 1))()
        _check(_lib.tsivy_probe_root(self._handle, us, them, array, count.value, ctypes.byref(count)))
        return [
            Turn(t.text.decode(), _WDL[t.wdl], None if t.wdl == 0 else t.depth, format_fen(t.us, t.them, not white))
            for t in array[: count.value]
        ]
