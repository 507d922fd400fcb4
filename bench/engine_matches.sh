#!/bin/sh
# The engine's two measured matches (issue 29), with bench/match.py:
#   1. the strength of the tables: the engine with TABLES against the same engine
#      without, 100 ms a turn;
#   2. the strength of time: the engine at 100 ms against itself at 400 ms.
# 200 games each (100 openings, colours swapped); both are checked and adjudicated by
# TABLES. Each writes OUT_DIR/tables.jsonl or OUT_DIR/time.jsonl and resumes it when
# run again; the report ends each one.
# Usage: bench/engine_matches.sh TABLES [OUT_DIR [CONCURRENCY]]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tables=${1:?usage: bench/engine_matches.sh TABLES [OUT_DIR [CONCURRENCY]]}
out=${2:-match-results}
# Only one engine of a game thinks at a time, so a game takes about one core; one core
# is left for the referee's tsivy moves and probe calls and the runner itself.
cores=$(nproc)
concurrency=${3:-$((cores > 2 ? cores - 1 : 1))}
mkdir -p "$out"
run() { python3 "$here/match.py" --games 200 --concurrency "$concurrency" --check-tables "$tables" --quiet "$@"; }

echo "== tables against none, 100 ms a turn"
run --a-tables "$tables" --a-go "movetime 100" --b-go "movetime 100" --out "$out/tables.jsonl"
echo "== 400 ms against 100 ms a turn"
run --a-go "movetime 400" --b-go "movetime 100" --out "$out/time.jsonl"
