#!/usr/bin/env python3
"""What a player would want to know, read off `tsivy stats --json` (one object per
class): for one stone total, each material balance's share of won, drawn and lost
positions for the side to move (raw positions, i.e. every placement counts, symmetric
ones included), how often the side with fewer stones escapes with a draw or better,
and the longest forced win with its position.
    tsivy stats --tables DIR --json > stats.jsonl
    bench/findings.py stats.jsonl 8"""
import json
import sys

path, total = sys.argv[1], int(sys.argv[2])
classes = {}
for line in open(path):
    c = json.loads(line)
    m, n = map(int, c["class"].split("v"))
    if m + n == total:
        classes[(m, n)] = c


def shares(c):
    raw = c["raw"]
    all_ = raw["win"] + raw["draw"] + raw["loss"]
    return {k: 100.0 * raw[k] / all_ for k in ("win", "draw", "loss")}


print(f"Material balances with {total} stones, side to move first (raw positions):\n")
print("| class | won | drawn | lost | longest win or loss (turns) |")
print("|---|---:|---:|---:|---:|")
for (m, n), c in sorted(classes.items(), key=lambda kv: -shares(kv[1])["win"]):
    s = shares(c)
    print(f"| {m}v{n} | {s['win']:.2f} % | {s['draw']:.2f} % | {s['loss']:.2f} % | {c['max_depth']} |")

print("\nThe side with fewer stones, by balance (both sides to move counted):\n")
print("| stronger v weaker | weaker side draws or better, it to move | the same, stronger side to move |")
print("|---|---:|---:|")
for (m, n), c in sorted(classes.items()):
    if m >= n:
        continue
    weaker_to_move = shares(c)  # m < n: the side to move is the weaker one
    stronger_to_move = shares(classes[(n, m)])
    print(f"| {n}v{m} | {weaker_to_move['win'] + weaker_to_move['draw']:.2f} % | "
          f"{stronger_to_move['loss'] + stronger_to_move['draw']:.2f} % |")

deepest = max(classes.values(), key=lambda c: c["max_depth"])
wins = max(classes.values(), key=lambda c: len(c["wins_by_depth"]) - 1 if c["wins_by_depth"] else -1)
print(f"\nLongest forced line: {deepest['class']}, {deepest['max_depth']} turns from "
      f"`{deepest['deepest']}` (`tsivy play --tables DIR --fen \"{deepest['deepest']}\"`).")
print(f"Longest forced win for the side to move: {wins['class']}, {len(wins['wins_by_depth']) - 1} turns.")
