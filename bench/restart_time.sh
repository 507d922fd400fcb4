#!/usr/bin/env bash
# How long a restart takes before propagation resumes: generates every class up to
# MAX_STONES - 1, starts `tsivy generate --max-stones MAX_STONES --checkpoint-every 5`,
# kills it (SIGKILL) once the pair PAIR has saved a checkpoint, starts it again, and
# prints the seconds from the second start to its "resuming from the checkpoint" line
# and to its first "propagate" line of that pair (the checkpoint read, the index built,
# and whatever else a restart does first: before value files, making the smaller
# classes resident by search again).
#   bench/restart_time.sh MAX_STONES PAIR [THREADS]
# Example: bench/restart_time.sh 7 3v4 2      (the largest 7-stone pair)
# TSIVY=path picks the binary (default build/release/cli/tsivy); KEEP=dir keeps the tables.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bench/restart_time.sh MAX_STONES PAIR [THREADS]   (PAIR: the pair's first class, e.g. 3v4)"
stones=${1:?$usage}
pair=${2:?$usage}
threads=${3:-$(nproc)}
tsivy=${TSIVY:-build/release/cli/tsivy}
[ -x "$tsivy" ] || { echo "restart_time: $tsivy is not an executable" >&2; exit 2; }
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
dir=$work/tables
"$tsivy" generate --max-stones $((stones - 1)) --threads "$threads" --out "$dir" --quiet

"$tsivy" generate --max-stones "$stones" --threads "$threads" --out "$dir" --checkpoint-every 5 >"$work/first.log" 2>&1 &
pid=$!
for _ in $(seq 36000); do
  [ -s "$dir/.checkpoint/$pair.latest" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "restart_time: the run ended before $pair saved a checkpoint" >&2; exit 1; }
  sleep 0.1
done
[ -s "$dir/.checkpoint/$pair.latest" ] || { echo "restart_time: no checkpoint of $pair after an hour" >&2; exit 1; }
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=""

start=$(date +%s.%N)
"$tsivy" generate --max-stones "$stones" --threads "$threads" --out "$dir" 2>&1 | while IFS= read -r line; do
  now=$(date +%s.%N)
  case "$line" in
    *"$pair: resuming from the checkpoint"*)
      awk -v a="$start" -v b="$now" 'BEGIN { printf "resuming line after %.1f s\n", b - a }' ;;
    *"$pair"*" propagate "*)
      awk -v a="$start" -v b="$now" 'BEGIN { printf "first propagate line after %.1f s\n", b - a }'
      exit 0 ;;
  esac
done
pkill -9 -f -- "--out $dir" 2>/dev/null || true
