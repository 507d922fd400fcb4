#!/usr/bin/env bash
# Checks that Fanorona (5x9) is a draw from the start, by the two certificates in
# results/proofs/5x9/ (results/proofs/README.md): "White does not lose" and "Black does
# not lose", each checked by `tsivy prove --check` with the move generator and the tables
# up to 7 stones alone. Builds the command, generates the tables into TABLES (default
# tables-7; about 10 minutes on 2 cores, 0.9 GB; a second run reuses them), then checks.
#   scripts/check-proof.sh [TABLES]
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-tables-7}
echo "== build the tsivy command (build/release)"
scripts/build.sh release tsivy
tsivy=build/release/cli/tsivy
echo "== the 5x9 tables up to 7 stones, in $tables/"
"$tsivy" generate --max-stones 7 --out "$tables"
halves=(white-does-not-lose black-does-not-lose)
for half in "${halves[@]}"; do
  echo "== check: $half"
  "$tsivy" prove --check "results/proofs/5x9/$half/certs/07c9ddea801b63d5-$half.cert.zst" --tables "$tables"
done
echo "Fanorona (5x9) from the start: White does not lose, Black does not lose: a draw (both certificates check)."
