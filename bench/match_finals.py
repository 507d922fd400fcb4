#!/usr/bin/env python3
"""What the games of a match that ran to the turn limit left on the board, by the tables:
each such game (`end` "max turns") is replayed through tsivy's generator to its last
position, which is counted by material (more stones first) and by the tables' value
where they cover it: a draw, won by the side ahead, by the side behind, or won with
equal material; positions above the tables are counted as "above the tables".
A game adjudicated a draw at the limit that the tables call won is one an engine could
not convert in the turns it had (bench/match.py's engines may play without tables).
    bench/match_finals.py --tsivy build/release/cli/tsivy --tables T7 match.jsonl
Prints one line per (material, value), most frequent first, then the totals."""
import argparse
import collections
import json
import sys

from match_referee import Referee


def final_position(referee, game):
    """The game's last position, each turn checked legal (a match file is not trusted)."""
    fen = game["start"]
    for k, turn in enumerate(game["turns"]):
        after = referee.legal_turns(fen).get(turn)
        if after is None:
            raise SystemExit(f"match_finals: game {game['game']}: turn {k + 1} ({turn}) is not legal in {fen}")
        fen = after
    return fen


def verdict(referee, fen):
    """(material, value) of a final position: material as "MvN", more stones first."""
    board = fen.split()[0]
    white, black = board.count("W"), board.count("B")
    material = f"{max(white, black)}v{min(white, black)}"
    winner = referee.table_winner(fen)
    if winner is None:
        return material, "above the tables"
    if winner == "draw":
        return material, "draw"
    if white == black:
        return material, "won with equal material"
    ahead = "white" if white > black else "black"
    return material, "won by the side ahead" if winner == ahead else "won by the side behind"


def read_games(path):
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise SystemExit(f"match_finals: {e}")
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or "match" not in header:
        raise SystemExit(f"match_finals: {path} is not a match file of bench/match.py")
    games = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            print(f"match_finals: {path}:{number}: not a whole game, skipped (a cut last line?)", file=sys.stderr)
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tsivy", required=True, help="the tsivy command that replays and probes")
    parser.add_argument("--tables", required=True, help="the tables that judge the final positions")
    parser.add_argument("match", help="a match file of bench/match.py (--out)")
    args = parser.parse_args()
    referee = Referee(args.tsivy, args.tables)
    if referee.max_stones == 0:
        raise SystemExit(f"match_finals: {args.tables}: no complete tables there")
    counts = collections.Counter()
    at_limit = [g for g in read_games(args.match) if g["end"].startswith("max turns")]
    for game in at_limit:
        counts[verdict(referee, final_position(referee, game))] += 1
    for (material, value), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{n:5d}  {material:6s} {value}")
    won = sum(n for (_, value), n in counts.items() if value.startswith("won"))
    inside = sum(n for (_, value), n in counts.items() if value != "above the tables")
    print(f"{len(at_limit)} games at the turn limit; {inside} end inside the tables "
          f"(up to {referee.max_stones} stones), of which {won} won")


if __name__ == "__main__":
    main()
