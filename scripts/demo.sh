#!/usr/bin/env bash
# README command 1: install what is missing, build, then use tsivy for real: check the
# rules engine (perft, legal turns), generate and verify every table up to 5 stones,
# and look positions up in them. Idempotent: a second run reuses the tables. It builds
# only what it runs: the `tsivy` command and its twins for newer CPUs (cli/isa_dispatch.h),
# not the tests or the other boards (scripts/test.sh builds everything, in the same tree).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== build the tsivy command and its twins for x86-64-v3 and v4 (build/release, a few minutes on 2 cores)"
scripts/build.sh release tsivy
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
