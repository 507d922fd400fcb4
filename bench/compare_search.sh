#!/usr/bin/env bash
# Two builds' search side by side: `tsivy search` to a fixed depth (one thread, the
# default), no tables unless TSIVY_TABLES names a directory of them, alternating old and
# new RUNS times in one run so both see the same machine load; then each one's median time
# and nodes per second, and the ratio. A fixed depth makes the work comparable: builds
# that search the same tree report the same nodes (printed, so a change that alters the
# tree shows).
#   bench/compare_search.sh OLD_TSIVY NEW_TSIVY [RUNS [DEPTH [FEN]]]
# Defaults: 5 runs, depth 11, the start. Example (the engine before threads and clocks against today's):
#   git worktree add /tmp/old b83585f8 && (cd /tmp/old && cmake --preset release && cmake --build --preset release --target tsivy)
#   bench/compare_search.sh /tmp/old/build/release/cli/tsivy build/release/cli/tsivy 5
# With the tables at the leaves (both builds read the same ones):
#   TSIVY_TABLES=T7 bench/compare_search.sh OLD NEW 5 12 "FEN"
set -euo pipefail
usage="usage: bench/compare_search.sh OLD_TSIVY NEW_TSIVY [RUNS [DEPTH [FEN]]]"
old=${1:?$usage}
new=${2:?$usage}
runs=${3:-5}
depth=${4:-11}
fen=${5:-BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w}
tables=()
if [ -n "${TSIVY_TABLES:-}" ]; then
  [ -f "$TSIVY_TABLES/manifest.json" ] || { echo "compare_search: TSIVY_TABLES=$TSIVY_TABLES holds no tables (no manifest.json)" >&2; exit 2; }
  tables=(--tables "$TSIVY_TABLES")
fi
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "compare_search: $binary is not an executable" >&2; exit 2; }
done
# "NODES MILLISECONDS" of one search, from its last line
# ("best TURN  score cp S  depth D  nodes N  time T ms").
search_once() {
  "$1" search --fen "$fen" --depth "$depth" "${tables[@]}" |
    awk '/^best / { for (i = 1; i < NF; ++i) { if ($i == "nodes") n = $(i + 1); if ($i == "time") t = $(i + 1) } print n, t }'
}
old_times=() new_times=()
for ((k = 1; k <= runs; ++k)); do
  read -r old_nodes old_ms < <(search_once "$old")
  read -r new_nodes new_ms < <(search_once "$new")
  old_times+=("$old_ms") new_times+=("$new_ms")
  echo "run $k: old $old_ms ms ($old_nodes nodes), new $new_ms ms ($new_nodes nodes)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
old_median=$(median "${old_times[@]}")
new_median=$(median "${new_times[@]}")
awk -v o="$old_median" -v n="$new_median" -v on="$old_nodes" -v nn="$new_nodes" -v runs="$runs" -v d="$depth" 'BEGIN {
  printf "median of %d, depth %d: old %.0f ms (%.2f M nodes/s), new %.0f ms (%.2f M nodes/s), new/old time %.2f\n",
         runs, d, o, on / o / 1e3, n, nn / n / 1e3, n / o }'
