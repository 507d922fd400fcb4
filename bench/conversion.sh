#!/usr/bin/env bash
# Winning what is won: the engine against itself from positions where one
# side is far ahead above the tables (bench/data/conversion.txt: 7 stones against 3,
# White to move), each played twice (bench/match.py --positions, the game's history
# given to both engines, every turn checked). Both sides have TABLES (5 stones is the
# intended test: the game must be won above them). Reports each game and how many White,
# the side ahead, won and in how many turns; exit status 1 unless White won them all.
#   bench/conversion.sh TSIVY TABLES [GO [MAX_TURNS [OUT]]]
# GO: the engines' go arguments (default "movetime 100"); MAX_TURNS default 200.
set -euo pipefail
usage="usage: bench/conversion.sh TSIVY TABLES [GO [MAX_TURNS [OUT]]]"
tsivy=${1:?$usage}
tables=${2:?$usage}
go=${3:-movetime 100}
max_turns=${4:-200}
out=${5:-$(mktemp -d)/conversion.jsonl}
here=$(cd "$(dirname "$0")" && pwd)
positions="$here/data/conversion.txt"
games=$((2 * $(grep -cv '^#' "$positions")))
python3 "$here/match.py" --tsivy "$tsivy" --positions "$positions" --games "$games" --a-tables "$tables" \
  --b-tables "$tables" --a-go "$go" --b-go "$go" --max-turns "$max_turns" --out "$out" --quiet
python3 - "$out" <<'PY'
import json, statistics, sys
games = [json.loads(line) for line in open(sys.argv[1]).read().splitlines()[1:]]
won = [g for g in games if g["result"] == "1-0"]
for g in sorted(games, key=lambda g: g["game"]):
    print(f"game {g['game']}: {g['start']}: {g['result']} ({g['end']}, {len(g['turns'])} turns)")
turns = [len(g["turns"]) for g in won]
print(f"the side ahead won {len(won)} of {len(games)}" +
      (f", in {min(turns)} to {max(turns)} turns (median {statistics.median(turns)})" if turns else ""))
sys.exit(0 if len(won) == len(games) else 1)
PY
