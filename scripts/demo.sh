#!/usr/bin/env bash
# README command 1: install what is missing, build, then use tsivy for real: check the
# rules engine (perft, legal turns), generate and verify every table up to 5 stones,
# and look positions up in them. Idempotent: a second run reuses the tables.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh release
tsivy=build/release/cli/tsivy
tables=${TSIVY_TABLES:-tables}

echo "== perft from the start position (431,852 turn sequences at depth 5)"
"$tsivy" perft --depth 5
echo "== legal turns of an endgame: White c2, e3 against Black g4"
"$tsivy" moves --fen "9/6B2/4W4/2W6/9 w"
echo "== generate every table up to 5 stones into $tables/"
"$tsivy" generate --max-stones 5 --out "$tables"
echo "== verify them by forward search"
"$tsivy" verify --tables "$tables"
echo "== statistics"
"$tsivy" stats --tables "$tables"
echo "== probe the endgame above, both sides to move"
"$tsivy" probe --tables "$tables" --fen "9/6B2/4W4/2W6/9 w"
"$tsivy" probe --tables "$tables" --fen "9/6B2/4W4/2W6/9 b"
