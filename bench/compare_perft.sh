#!/usr/bin/env bash
# Two builds' move generation side by side: perft(6) from the start (9,205,774 turns,
# every turn made by the generator) on one thread, through each build's game_bench,
# alternating old and new RUNS times in one run so both see the same machine load;
# then the median time and turns per second of each, and the ratio.
#   bench/compare_perft.sh OLD_GAME_BENCH NEW_GAME_BENCH [RUNS]
# Example (today's build against the one before the engine, built the same way):
#   git worktree add /tmp/old c158ec0 && (cd /tmp/old && cmake --preset release && cmake --build --preset release --target game_bench)
#   bench/compare_perft.sh /tmp/old/build/release/bench/game_bench build/release/bench/game_bench 5
set -euo pipefail
usage="usage: bench/compare_perft.sh OLD_GAME_BENCH NEW_GAME_BENCH [RUNS]"
old=${1:?$usage}
new=${2:?$usage}
runs=${3:-5}
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "compare_perft: $binary is not an executable" >&2; exit 2; }
done
# The milliseconds of one perft(6) on one thread (Google Benchmark's real time).
time_perft() {
  "$1" --benchmark_filter='BM_PerftStart/6/1/' --benchmark_format=csv 2>/dev/null |
    awk -F, '/BM_PerftStart\/6\/1/ { print $3 }'  # real_time, in the benchmark's unit: ms
}
old_times=() new_times=()
for ((k = 1; k <= runs; ++k)); do
  old_times+=("$(time_perft "$old")")
  new_times+=("$(time_perft "$new")")
  echo "run $k: old ${old_times[-1]} ms, new ${new_times[-1]} ms"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
old_median=$(median "${old_times[@]}")
new_median=$(median "${new_times[@]}")
awk -v o="$old_median" -v n="$new_median" 'BEGIN {
  printf "median of %d: old %.0f ms (%.2f M turns/s), new %.0f ms (%.2f M turns/s), new/old time %.2f\n",
         '"$runs"', o, 9205774 / o / 1e3, n, 9205774 / n / 1e3, n / o }'
