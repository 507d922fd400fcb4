#!/usr/bin/env bash
# Two builds' prover side by side on 5x9 middlegame positions with table leaves: each
# position proved by `tsivy prove` up to the same node limit, old and new alternating
# RUNS times in one run so both see the same machine load; the rate is the last progress
# line's nodes/s (search time only: the proof table's allocation and the tables' opening
# are left out).
#
# By default each build's rate and result (nodes, and the root's numbers or the value
# when the position settles within the limit) are reported separately, so that builds
# whose searches differ (another child ordering) can be compared: the rate on a fixed
# node limit, and the nodes a position takes to settle where it settles. With --same both
# must report the same nodes and root numbers (the search is deterministic, so a change
# meant to keep the search as it was must keep them): the script stops when they differ.
#   bench/prove_speed.sh [--same] OLD_TSIVY NEW_TSIVY TABLES [RUNS] [MAX_NODES] [FEN...]
# FEN: the positions (default: the two below). MAX_NODES 0: no limit (each run
# goes on until the position is settled, both phases). A rate of 0: the run ended before
# its first progress line (a position settled within a second). Builds before commit
# 2f59188 take minutes to write the certificates of a settled position (the 20-stone one
# settles in 43 k nodes): against them, use a limit below the settling point (the 24-stone
# position settles "White wins" at 1,416,465 nodes) or name the positions.
set -euo pipefail
usage="usage: bench/prove_speed.sh [--same] OLD_TSIVY NEW_TSIVY TABLES [RUNS] [MAX_NODES] [FEN...]"
same=0
if [ "${1:-}" = "--same" ]; then
  same=1
  shift
fi
old=${1:?$usage}
new=${2:?$usage}
tables=${3:?$usage}
runs=${4:-3}
max_nodes=${5:-2000000}
shift $(($# < 5 ? $# : 5))
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "prove_speed: $binary is not an executable" >&2; exit 2; }
done
[ -d "$tables" ] || { echo "prove_speed: $tables is not a table directory" >&2; exit 2; }
# The default positions: after 8 (24 stones) and 10 (20 stones) turns of the line
# d3-e3A f4-f3A d2-d3A c5-d4A d3-e3W-f2W-f1W e5-f4A h1-h2A-g3A-h4A e4-e3A-d2A g2-g3A i4-i5W.
positions=("BB3BB2/BBB3BWB/BW6W/WWWB2W1W/WW1W1WW2 w" "BB3B2B/BBB4W1/BW4W2/WWWB5/WW1W1WW2 w")
[ $# -gt 0 ] && positions=("$@")
limit=()
[ "$max_nodes" != 0 ] && limit=(--max-nodes "$max_nodes")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Prints "RATE NODES RESULT" of one run: RESULT is the root's numbers where the run
# stopped unsettled, else the value found.
one_run() {
  rm -rf "$work/out"
  "$1" prove --fen "$2" --tables "$tables" --memory 1G --out "$work/out" "${limit[@]}" --progress-every 1 \
    >"$work/stdout" 2>"$work/stderr" || { echo "prove_speed: $1 failed on $2:" >&2; cat "$work/stderr" >&2; exit 1; }
  local rate nodes result
  rate=$(grep -o '[0-9]* nodes/s' "$work/stderr" | tail -1 | cut -d' ' -f1)
  if grep -q '^Unsettled' "$work/stdout"; then
    nodes=$(grep '^Unsettled' "$work/stdout" | sed -E 's/^Unsettled after ([0-9]+) nodes.*/\1/')
    result="unsettled,$(grep '^Unsettled' "$work/stdout" | sed -E 's/.*(phase [0-9]).*root pn ([0-9]+) dn ([0-9]+).*/\1,pn=\2,dn=\3/')"
  else
    nodes=$(grep '^Nodes' "$work/stdout" | sed -E 's/^Nodes ([0-9]+),.*/\1/')
    result="settled,$(grep -o ': [A-Za-z]* for the side to move' "$work/stdout" | head -1 | cut -d' ' -f2)"
  fi
  echo "${rate:-0} $nodes $result"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for fen in "${positions[@]}"; do
  old_rates=() new_rates=() old_nodes=() new_nodes=()
  for ((k = 1; k <= runs; ++k)); do
    o=$(one_run "$old" "$fen")
    n=$(one_run "$new" "$fen")
    read -r o_rate o_nodes o_result <<<"$o"
    read -r n_rate n_nodes n_result <<<"$n"
    if [ "$same" = 1 ] && [ "$o_nodes $o_result" != "$n_nodes $n_result" ]; then
      echo "prove_speed: the builds disagree on $fen: old '$o_nodes $o_result', new '$n_nodes $n_result'" >&2
      exit 1
    fi
    old_rates+=("$o_rate")
    new_rates+=("$n_rate")
    old_nodes+=("$o_nodes")
    new_nodes+=("$n_nodes")
    echo "$fen run $k: old $o_rate nodes/s ($o_nodes nodes, $o_result), new $n_rate nodes/s ($n_nodes nodes, $n_result)"
  done
  awk -v o="$(median "${old_rates[@]}")" -v n="$(median "${new_rates[@]}")" -v on="$(median "${old_nodes[@]}")" \
    -v nn="$(median "${new_nodes[@]}")" -v f="$fen" -v r="$runs" \
    'BEGIN { printf "%s: median of %d: old %.0f nodes/s, new %.0f nodes/s, new/old %.2f; nodes old %d, new %d\n", f, r, o, n, n / o, on, nn }'
done
