#!/usr/bin/env bash
# Times `tsivy generate --max-stones N` from scratch (wall clock, peak memory), then
# prints per-class throughput and the compressed size of every table from the manifest.
# Long runs live here, not in the test suite:  bench/generate_bench.sh 7 /tmp/tables7
set -euo pipefail
cd "$(dirname "$0")/.."
stones=${1:?usage: bench/generate_bench.sh MAX_STONES OUT_DIR [THREADS]}
out=${2:?usage: bench/generate_bench.sh MAX_STONES OUT_DIR [THREADS]}
threads=${3:-$(nproc)}
tsivy=build/release/cli/tsivy
[ -x "$tsivy" ] || scripts/build.sh release
rm -rf "$out"
/usr/bin/time -f "wall %e s, user %U s, peak RSS %M KiB" "$tsivy" generate --max-stones "$stones" --out "$out" \
  --threads "$threads" 2>&1 | grep -vE "^  .* (seed|propagate|draws) "
python3 bench/table_report.py "$out" "$threads"
