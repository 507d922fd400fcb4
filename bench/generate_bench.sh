#!/usr/bin/env bash
# Times `tsivy generate --max-stones N` from scratch (wall clock, peak memory), then
# prints per-class throughput and the compressed size of every table from the manifest.
# Long runs live here, not in the test suite:  bench/generate_bench.sh 7 /tmp/tables7
# Under MPI: RANKS=2 THREADS=1 bench/generate_bench.sh 6 /tmp/tables6  (mpirun -np RANKS,
# --threads THREADS in each rank). Without RANKS it runs as one plain process. The
# solver's summary line reports the share of propagation spent finding frontiers and
# exchanging updates, bytes exchanged per resolved position and working bytes per slot.
set -euo pipefail
cd "$(dirname "$0")/.."
stones=${1:?usage: [RANKS=P] [THREADS=T] bench/generate_bench.sh MAX_STONES OUT_DIR [THREADS]}
out=${2:?usage: [RANKS=P] [THREADS=T] bench/generate_bench.sh MAX_STONES OUT_DIR [THREADS]}
threads=${3:-${THREADS:-$(nproc)}}
ranks=${RANKS:-}
tsivy=${TSIVY:-build/release/cli/tsivy}
[ -x "$tsivy" ] || scripts/build.sh release
rm -rf "$out"
launch=()
if [ -n "$ranks" ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  launch=(mpirun --oversubscribe -np "$ranks")
fi
# Peak RSS: of the largest process (with mpirun: of one rank at most, as getrusage reports).
/usr/bin/time -f "wall %e s, user %U s, peak RSS %M KiB" "${launch[@]}" "$tsivy" generate --max-stones "$stones" \
  --out "$out" --threads "$threads" 2>&1 | grep -vE "^  .* (seed|propagate|draws) "
python3 bench/table_report.py "$out" "$(( ${ranks:-1} * threads ))"
