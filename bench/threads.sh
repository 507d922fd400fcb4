#!/usr/bin/env bash
# The engine's time to depth with 1 and with N threads (Lazy SMP, docs/engine.md
# "Threads"), side by side: each position searched to a fixed depth by `tsivy search`,
# 1 thread and N threads alternating RUNS times in one run, so that both see the same
# machine load. Reports per position the median time (ms) and nodes of each, and the
# speed-up (median time with 1 thread / median time with N). Run it on an idle machine:
# the helper threads need cores of their own.
#   bench/threads.sh TSIVY [N [RUNS [DEPTH [FEN...]]]]
# Defaults: N 2, RUNS 5, DEPTH 12, the start and the first four positions of
# bench/data/midgame.txt with at least 24 stones (fewer settle too fast to time).
set -euo pipefail
usage="usage: bench/threads.sh TSIVY [N [RUNS [DEPTH [FEN...]]]]"
tsivy=${1:?$usage}
threads=${2:-2}
runs=${3:-5}
depth=${4:-12}
shift $(($# < 4 ? $# : 4))
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
  fens=("$@")
else
  fens=("WWWWWWWWW/WWWWWWWWW/BWBW1BWBW/BBBBBBBBB/BBBBBBBBB w")
  while IFS= read -r line; do fens+=("$line"); done < <(grep -v '^#' "$here/data/midgame.txt" |
    awk '{s = $1; n = gsub(/[WB]/, "", s); if (n >= 24) print}' | head -4)
fi
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
# One search: "TIME_MS NODES" from the --json answer.
search() {
  "$tsivy" search --fen "$1" --depth "$depth" --threads "$2" --json |
    python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["time_ms"], r["nodes"])'
}
echo "depth $depth, $runs runs each, 1 thread against $threads; $(nproc) cores; $(date -u +%FT%TZ)"
printf '%-52s %10s %12s %10s %12s %8s\n' position "ms(1)" "nodes(1)" "ms($threads)" "nodes($threads)" speedup
for fen in "${fens[@]}"; do
  one=() many=()
  for _ in $(seq "$runs"); do
    one+=("$(search "$fen" 1)")
    many+=("$(search "$fen" "$threads")")
  done
  t1=$(printf '%s\n' "${one[@]}" | cut -d' ' -f1 | median)
  n1=$(printf '%s\n' "${one[@]}" | cut -d' ' -f2 | median)
  tn=$(printf '%s\n' "${many[@]}" | cut -d' ' -f1 | median)
  nn=$(printf '%s\n' "${many[@]}" | cut -d' ' -f2 | median)
  printf '%-52s %10s %12s %10s %12s %8s\n' "${fen:0:52}" "$t1" "$n1" "$tn" "$nn" \
    "$(python3 -c "print(f'{$t1 / max($tn, 1):.2f}')")"
done
