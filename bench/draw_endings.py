#!/usr/bin/env python3
"""Draw random quiet positions of one material class with a given table value.

    bench/draw_endings.py --tsivy T --tables DIR --class 4v2 --value win --count 20 --seed 1

Places M White and N Black stones at random on the 5x9 board, White to move, and keeps a
placement when neither side has a capture (a quiet position: the engine's evaluation,
not its capture search, decides it) and `tsivy probe` gives the side to move the value
asked for, with at least --min-depth turns to the end where it is won or lost (the
tables' depth). Prints one FEN a line, for bench/match.py --positions; exit 1 when
--count positions are not found in --tries placements.
"""
import argparse
import random
import re
import sys

from match_referee import COLUMNS, ROWS, Referee, fen_of

CAPTURE = re.compile(r"[AW]$")  # notation.md: a capturing step ends in A or W


def board_point(k):
    """The k-th point in the notation's reading order (the last row first), as fen_of
    numbers them: the placements are drawn in that order."""
    row, column = divmod(k, COLUMNS)
    return (ROWS - 1 - row) * COLUMNS + column


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tsivy", required=True)
    parser.add_argument("--tables", required=True)
    parser.add_argument("--class", dest="material", required=True, help="MvN: M White stones (to move), N Black")
    parser.add_argument("--value", choices=["win", "draw", "loss"], default="win")
    parser.add_argument("--min-depth", type=int, default=0)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=20000)
    args = parser.parse_args()
    match = re.fullmatch(r"(\d+)v(\d+)", args.material)
    if not match:
        sys.exit(f"draw_endings: --class must be MvN, e.g. 4v2, not {args.material!r}")
    white_count, black_count = int(match[1]), int(match[2])
    if white_count < 1 or black_count < 1 or white_count + black_count > ROWS * COLUMNS:
        sys.exit(f"draw_endings: class {args.material}: each side needs a stone, and the board has {ROWS * COLUMNS} points")
    try:
        referee = Referee(args.tsivy, args.tables)
    except OSError as e:
        sys.exit(f"draw_endings: {e}")
    rng = random.Random(args.seed)
    found = 0
    for _ in range(args.tries):
        points = [board_point(k) for k in rng.sample(range(ROWS * COLUMNS), white_count + black_count)]
        white, black = set(points[:white_count]), set(points[white_count:])
        if any(CAPTURE.search(turn) for side in "wb" for turn in referee.legal_turns(fen_of(white, black, side))):
            continue
        fen = fen_of(white, black, "w")
        try:
            answer = referee.probe(fen)
        except RuntimeError as e:
            sys.exit(f"draw_endings: tsivy probe failed: {e}")
        if answer["wdl"] != args.value or (args.value != "draw" and (answer["depth"] or 0) < args.min_depth):
            continue
        print(fen, flush=True)
        found += 1
        if found == args.count:
            return
    sys.exit(f"draw_endings: found {found} of {args.count} positions in {args.tries} placements")


if __name__ == "__main__":
    main()
