#!/usr/bin/env python3
"""Writes the fixed benchmark corpora in bench/data (run once; the files are committed).

endgame.txt: 2000 random positions with 2..8 stones (each side at least one).
midgame.txt: 2000 random positions with 9..30 stones.
Random placement with a fixed seed; the side to move alternates."""
import random

from match_referee import COLUMNS, ROWS, fen_of


def corpus(rng, lo, hi, n):
    lines = []
    for i in range(n):
        total = rng.randint(lo, hi)
        w = rng.randint(max(1, total - 22), min(22, total - 1))
        pts = rng.sample(range(ROWS * COLUMNS), total)
        lines.append(fen_of(set(pts[:w]), set(pts[w:]), "wb"[i % 2]))
    return lines


rng = random.Random(20261130)
for name, lo, hi in (("endgame", 2, 8), ("midgame", 9, 30)):
    with open(f"bench/data/{name}.txt", "w") as f:
        f.write("\n".join(corpus(rng, lo, hi, 2000)) + "\n")
