#!/usr/bin/env bash
# Two tsivy binaries side by side: `generate --max-stones N` from scratch, alternating
# old and new RUNS times each in one run (so both see the same machine load), then the
# median wall time of each and whether every table file of the new binary is
# byte-identical to the old one's. For speed claims on a shared, noisy machine.
#   bench/compare_generate.sh OLD_TSIVY NEW_TSIVY MAX_STONES [RUNS] [THREADS]
# Example: bench/compare_generate.sh /tmp/tsivy-before build/release/cli/tsivy 6 3 2
set -euo pipefail
usage="usage: bench/compare_generate.sh OLD_TSIVY NEW_TSIVY MAX_STONES [RUNS] [THREADS]"
old=${1:?$usage}
new=${2:?$usage}
stones=${3:?$usage}
runs=${4:-3}
threads=${5:-$(nproc)}
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "compare_generate: $binary is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the wall seconds of one generation into DIR (which it replaces).
time_generate() {
  local binary=$1 dir=$2 start end
  rm -rf "$dir"
  start=$(date +%s.%N)
  "$binary" generate --max-stones "$stones" --threads "$threads" --out "$dir" >/dev/null 2>"$dir.log" ||
    { echo "compare_generate: $binary failed, see its log:" >&2; cat "$dir.log" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >"$work/old.times"
: >"$work/new.times"
for run in $(seq "$runs"); do
  t_old=$(time_generate "$old" "$work/old")
  t_new=$(time_generate "$new" "$work/new")
  echo "run $run: old $t_old s, new $t_new s"
  echo "$t_old" >>"$work/old.times"
  echo "$t_new" >>"$work/new.times"
done
m_old=$(median <"$work/old.times")
m_new=$(median <"$work/new.times")
echo "median of $runs, up to $stones stones, $threads threads: old $m_old s, new $m_new s, new/old $(awk -v a="$m_old" -v b="$m_new" 'BEGIN { printf "%.3f", b / a }')"

# The manifests differ in timings; the tables themselves must not differ by a byte.
different=0
for file in "$work"/old/*.tsivy; do
  name=$(basename "$file")
  if ! cmp -s "$file" "$work/new/$name"; then
    echo "DIFFERENT: $name"
    different=$((different + 1))
  fi
done
[ "$(ls "$work"/old/*.tsivy | wc -l)" -eq "$(ls "$work"/new/*.tsivy | wc -l)" ] || { echo "DIFFERENT: file counts"; different=1; }
if [ "$different" -ne 0 ]; then
  echo "tables: $different file(s) differ" >&2
  exit 1
fi
echo "tables: all $(ls "$work"/old/*.tsivy | wc -l) files byte-identical"
