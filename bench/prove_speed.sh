#!/usr/bin/env bash
# Two builds' prover side by side on 5x9 middlegame positions with table leaves: each
# position proved by `tsivy prove` up to the same node limit, old and new alternating
# RUNS times in one run so both see the same machine load; the rate is the last progress
# line's nodes/s (search time only: the proof table's allocation and the tables' opening
# are left out). Both must report the same nodes and root numbers (the search is
# deterministic): the script stops when they differ.
#   bench/prove_speed.sh OLD_TSIVY NEW_TSIVY TABLES [RUNS] [MAX_NODES]
set -euo pipefail
usage="usage: bench/prove_speed.sh OLD_TSIVY NEW_TSIVY TABLES [RUNS] [MAX_NODES]"
old=${1:?$usage}
new=${2:?$usage}
tables=${3:?$usage}
runs=${4:-3}
max_nodes=${5:-2000000}
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "prove_speed: $binary is not an executable" >&2; exit 2; }
done
[ -d "$tables" ] || { echo "prove_speed: $tables is not a table directory" >&2; exit 2; }
# The positions of issue 38: after 8 (26 stones) and 10 (20 stones) turns of the line
# d3-e3A f4-f3A d2-d3A c5-d4A d3-e3W-f2W-f1W e5-f4A h1-h2A-g3A-h4A e4-e3A-d2A g2-g3A i4-i5W.
positions=("BB3BB2/BBB3BWB/BW6W/WWWB2W1W/WW1W1WW2 w" "BB3B2B/BBB4W1/BW4W2/WWWB5/WW1W1WW2 w")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Prints "RATE NODES_AND_NUMBERS" of one run.
one_run() {
  rm -rf "$work/out"
  "$1" prove --fen "$2" --tables "$tables" --memory 1G --out "$work/out" --max-nodes "$max_nodes" --progress-every 1 \
    >"$work/stdout" 2>"$work/stderr"
  local rate result
  rate=$(grep -o '[0-9]* nodes/s' "$work/stderr" | tail -1 | cut -d' ' -f1)
  result=$(grep -E '^(Unsettled|Nodes)' "$work/stdout" | sed -E 's/ \(?[0-9.]+ s\)?//; s/, time.*//' | head -1)
  echo "$rate $result"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for fen in "${positions[@]}"; do
  old_rates=() new_rates=()
  for ((k = 1; k <= runs; ++k)); do
    o=$(one_run "$old" "$fen")
    n=$(one_run "$new" "$fen")
    if [ "${o#* }" != "${n#* }" ]; then
      echo "prove_speed: the builds disagree on $fen: old '${o#* }', new '${n#* }'" >&2
      exit 1
    fi
    old_rates+=("${o%% *}")
    new_rates+=("${n%% *}")
    echo "$fen run $k: old ${o%% *} nodes/s, new ${n%% *} nodes/s (${n#* })"
  done
  awk -v o="$(median "${old_rates[@]}")" -v n="$(median "${new_rates[@]}")" -v f="$fen" -v r="$runs" \
    'BEGIN { printf "%s: median of %d: old %.0f nodes/s, new %.0f nodes/s, new/old %.2f\n", f, r, o, n, n / o }'
done
