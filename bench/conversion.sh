#!/usr/bin/env bash
# Winning what is won: the engine against itself from positions where White, to move, is
# far ahead, each played twice (bench/match.py --positions, the game's history given to
# both engines, every turn checked). Reports each game and how many White won, and in how
# many turns; exit status 1 unless White won them all.
#   bench/conversion.sh [--positions FILE] [--engines-without-tables] [--concurrency N] TSIVY TABLES [GO [MAX_TURNS [OUT]]]
# --positions: default bench/data/conversion.txt (7 stones against 3, above the tables up
#   to 5 stones: the intended TABLES, with which the game must be won above them);
#   bench/data/conversion_4v2.txt holds won 4-against-2 positions (tables up to 6 stones).
# --engines-without-tables: TABLES only check the turns and adjudicate at MAX_TURNS; the
#   engines play without them (what a match without tables needs them to win alone).
# --concurrency: games played at once (default 1).
# GO: the engines' go arguments (default "movetime 100"); MAX_TURNS default 200.
set -euo pipefail
usage="usage: bench/conversion.sh [--positions FILE] [--engines-without-tables] [--concurrency N] TSIVY TABLES [GO [MAX_TURNS [OUT]]]"
here=$(cd "$(dirname "$0")" && pwd)
positions="$here/data/conversion.txt"
engine_tables=yes
concurrency=1
while [[ ${1:-} == --* ]]; do
  case $1 in
    --positions) positions=${2:?$usage}; shift 2 ;;
    --engines-without-tables) engine_tables=; shift ;;
    --concurrency) concurrency=${2:?$usage}; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
tsivy=${1:?$usage}
tables=${2:?$usage}
go=${3:-movetime 100}
max_turns=${4:-200}
out=${5:-$(mktemp -d)/conversion.jsonl}
[[ -f $positions ]] || { echo "bench/conversion.sh: no positions file $positions" >&2; exit 2; }
games=$((2 * $(grep -cv '^#' "$positions")))
sides=(--check-tables "$tables")
[[ -n $engine_tables ]] && sides+=(--a-tables "$tables" --b-tables "$tables")
python3 "$here/match.py" --tsivy "$tsivy" --positions "$positions" --games "$games" "${sides[@]}" \
  --a-go "$go" --b-go "$go" --max-turns "$max_turns" --concurrency "$concurrency" --out "$out" --quiet
python3 - "$out" <<'PY'
import json, statistics, sys
games = [json.loads(line) for line in open(sys.argv[1]).read().splitlines()[1:]]
won = [g for g in games if g["result"] == "1-0" and g["end"] == "no turn"]
for g in sorted(games, key=lambda g: g["game"]):
    print(f"game {g['game']}: {g['start']}: {g['result']} ({g['end']}, {len(g['turns'])} turns)")
turns = [len(g["turns"]) for g in won]
print(f"the side ahead won {len(won)} of {len(games)}" +
      (f", in {min(turns)} to {max(turns)} turns (median {statistics.median(turns)})" if turns else ""))
sys.exit(0 if len(won) == len(games) else 1)
PY
