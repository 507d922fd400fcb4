#!/usr/bin/env bash
# The MPI solver at several rank counts, one after the other on this machine: for each
# count P, `mpirun -np P tsivy generate --max-stones N` from scratch, with each rank under
# /usr/bin/time. Prints, per P: wall time, speed-up and efficiency against the first
# count, the largest rank's peak memory and its ratio to the first count's, the share
# of seeding and propagation spent exchanging (rank 0) and the bytes sent per canonical
# position (all ranks), from the solver's summary line; and checks that every table
# file is byte-identical to the first count's.
#   bench/scaling.sh MAX_STONES [RANK_COUNTS] [THREADS_PER_RANK]
# Examples: bench/scaling.sh 6 "1 2 4" 1        (what fits 2 cores, oversubscribed)
#           bench/scaling.sh 7 "1 2 4 8 16" 1   (on a 16-core machine)
# TSIVY=path picks the binary (default build/release/cli/tsivy); KEEP=dir keeps the
# tables and logs there instead of a temporary directory; GENERATE_ARGS adds options
# to every run (e.g. GENERATE_ARGS="--updates-per-round 262144").
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bench/scaling.sh MAX_STONES [RANK_COUNTS] [THREADS_PER_RANK]"
stones=${1:?$usage}
counts=${2:-"1 2 4 8 16"}
threads=${3:-1}
tsivy=${TSIVY:-build/release/cli/tsivy}
[ -x "$tsivy" ] || { echo "scaling: $tsivy is not an executable (build it: scripts/build.sh release)" >&2; exit 2; }
command -v mpirun >/dev/null || { echo "scaling: mpirun not found (install Open MPI)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

printf "%-6s %9s %8s %10s %13s %10s %11s %11s %11s %11s\n" ranks "wall s" speedup efficiency "peak/rank MiB" "peak ratio" \
  "seed exch%" "seed B/pos" "prop exch%" "prop B/pos"
first_wall="" first_peak="" first_dir=""
for p in $counts; do
  dir=$work/tables-$p log=$work/log-$p
  rm -rf "$dir"
  start=$(date +%s.%N)
  # Each rank writes its own peak (KiB) to a file of its own, named by its rank.
  mkdir -p "$work/peaks-$p"
  mpirun --oversubscribe -np "$p" bash -c 'exec /usr/bin/time -o "$0/$OMPI_COMM_WORLD_RANK" -f "%M" "$@"' \
    "$work/peaks-$p" "$tsivy" generate --max-stones "$stones" --threads "$threads" --out "$dir" ${GENERATE_ARGS:-} \
    >"$log" 2>&1 || {
    echo "scaling: the run on $p rank(s) failed; its log:" >&2
    tail -20 "$log" >&2
    exit 1
  }
  end=$(date +%s.%N)
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  peak=$(cat "$work/peaks-$p"/* | sort -n | tail -1)
  [ "$(ls "$work/peaks-$p" | wc -l)" = "$p" ] || { echo "scaling: not every rank reported its peak" >&2; exit 1; }
  summary=$(grep '^solver: ' "$log" | tail -1)
  field() { sed -E "s/.*$1.*/\\1/" <<<"$summary"; }
  seed_share=$(field 'seeding [0-9.]+ s, exchange [0-9.]+ s \(([0-9.]+) %')
  seed_bytes=$(field 'seeding .*, ([0-9.]+) bytes per position; propagation')
  prop_share=$(field 'propagation .* exchange [0-9.]+ s \(([0-9.]+) %')
  prop_bytes=$(field 'propagation .*, ([0-9.]+) bytes per position \(bytes sent')
  if [ -z "$first_wall" ]; then
    first_wall=$wall first_peak=$peak first_p=$p first_dir=$dir
  else
    for f in "$first_dir"/*.tsivy; do
      cmp -s "$f" "$dir/$(basename "$f")" || { echo "scaling: $(basename "$f") differs on $p ranks from $first_p" >&2; exit 1; }
    done
  fi
  awk -v p="$p" -v w="$wall" -v w1="$first_wall" -v p1="$first_p" -v m="$peak" -v m1="$first_peak" \
    -v ss="$seed_share" -v sb="$seed_bytes" -v ps="$prop_share" -v pb="$prop_bytes" 'BEGIN {
      s = w1 / w
      printf "%-6s %9.1f %8.2f %10.2f %13.1f %10.2f %11s %11s %11s %11s\n", p, w, s, s * p1 / p, m / 1024, m / m1, ss, sb, ps, pb
    }'
done
echo "every table file is byte-identical across the rank counts; logs: ${KEEP:-(removed; set KEEP=dir to keep them)}"
