#!/bin/sh
# Proves the start of every small board (3x3, 3x5, 5x3, 3x7, 7x3) without tables and
# with tables of at most 4 stones, each certificate checked, and prints the figures
# docs/prover.md gives. The published value (Schadd et al. 2007/2008) and `tsivy solve`'s
# (results/boards) is a White win on each.
#   bench/prove_boards.sh [TSIVY] [WORK_DIR]   (TSIVY: build/release/cli/tsivy, built
#                                              with the small boards in TSIVY_OTHER_BOARDS;
#                                              BOARDS="3x3 3x5" for some of them)
set -eu
tsivy=${1:-build/release/cli/tsivy}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
for board in ${BOARDS:-3x3 3x5 5x3 3x7 7x3}; do
  [ -d "$work/tables-$board" ] || "$tsivy" --board "$board" generate --max-stones 4 --threads 2 --out "$work/tables-$board" >/dev/null 2>&1
  for tables in none 4; do
    out="$work/proof-$board-$tables"
    rm -rf "$out"
    if [ "$tables" = none ]; then
      "$tsivy" --board "$board" prove --out "$out" --memory 256M --quiet
    else
      "$tsivy" --board "$board" prove --tables "$work/tables-$board" --out "$out" --memory 256M --quiet
    fi
    for cert in "$out"/*.cert; do
      "$tsivy" --board "$board" prove --check "$cert" --tables "$work/tables-$board"
    done
  done
done
