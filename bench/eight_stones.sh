#!/usr/bin/env bash
# Issue 10: every 8-stone table on one machine, then verified, with its statistics.
#   bench/eight_stones.sh DIR [THREADS]
# Resumable at every step: run it again after an interruption (end of a session, a
# kill, a reboot) and it goes on where it stopped. `tsivy generate` skips every class
# complete on disk and resumes the pair in progress from DIR/.checkpoint (saved every
# CHECKPOINT_EVERY seconds, default 900); each 8-stone class is verified once (a marker
# per class in DIR.bench/); statistics, the manifest and every deepest position's
# principal line are then written to results/eight-stones/ for the repository.
# Everything it prints is appended to DIR.bench/log. Nothing of this runs in CI.
# STONES=4 bench/eight_stones.sh /tmp/t4 rehearses the same steps on a small set
# (results then go to DIR.bench/results instead of the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: bench/eight_stones.sh DIR [THREADS]}
threads=${2:-$(nproc)}
tsivy=${TSIVY:-build/release/cli/tsivy}
[ -x "$tsivy" ] || scripts/build.sh release
stones=${STONES:-8}
work="$dir.bench"
results=results/eight-stones
[ "$stones" = 8 ] || results="$work/results"
mkdir -p "$work" "$results"
log="$work/log"
say() { echo "[$(date -u +%FT%TZ)] $*" | tee -a "$log"; }

# 1. Generate (per-pair wall, CPU and peak RSS lines come from tsivy itself; /usr/bin/time
#    adds the peak RSS of this invocation, which is the run's peak when it starts at 8).
say "generate --max-stones $stones --out $dir --threads $threads"
/usr/bin/time -v "$tsivy" generate --max-stones "$stones" --out "$dir" --threads "$threads" \
  --checkpoint-every "${CHECKPOINT_EVERY:-900}" 2>&1 | tee -a "$log" | grep -vE "^  .* (seed|propagate) "

# 2. Verify the classes of the largest total pair by pair, each entry against its
#    successors, plus checksums and counts. --resident holds the pair and the classes its
#    captures reach in memory (12.7 GiB at most, for 3v5+5v3), so each capture position
#    among the successors is resolved once instead of once per predecessor; the same scan
#    gives each class's statistics (--stats-json), which would otherwise cost a second
#    pass resolving every capture position again.
for ((m = 1; 2 * m <= stones; m++)); do
  a="${m}v$((stones - m))" b="$((stones - m))v${m}"
  classes=(--class "$a")
  [ "$a" = "$b" ] || classes+=(--class "$b")
  [ -e "$work/verified-pair-$a" ] && { say "verify ${classes[*]}: done before"; continue; }
  say "verify ${classes[*]}"
  /usr/bin/time -v "$tsivy" verify --tables "$dir" "${classes[@]}" --threads "$threads" --resident \
    --stats-json "$work/stats-$a.jsonl" 2>&1 | tee -a "$log"
  touch "$work/verified-pair-$a"
done

# 3. What goes into the repository: the manifest (file names, sizes, XXH64 checksums,
#    counts, max depths), the statistics of every class of the largest total, and for
#    each the principal line from its deepest position.
cp "$dir/manifest.json" "$results/manifest.json"
for ((m = 1; 2 * m <= stones; m++)); do cat "$work/stats-${m}v$((stones - m)).jsonl"; done > "$results/stats.jsonl"
python3 - "$results/stats.jsonl" > "$results/stats.txt" <<'PY'
import json, sys
print(f"{'class':6} {'canonical win':>15} {'draw':>14} {'loss':>14} {'raw win':>17} {'draw':>16} {'loss':>16} {'max depth':>9}  deepest")
for line in open(sys.argv[1]):
    c = json.loads(line)
    k, r = c["canonical"], c["raw"]
    print(f"{c['class']:6} {k['win']:>15,} {k['draw']:>14,} {k['loss']:>14,} {r['win']:>17,} {r['draw']:>16,} {r['loss']:>16,} "
          f"{c['max_depth']:>9}  {c['deepest'] or '-'}")
PY
tee -a "$log" < "$results/stats.txt"
python3 - "$results/stats.jsonl" "$stones" > "$work/deepest" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    c = json.loads(line)
    if sum(map(int, c["class"].split("v"))) == int(sys.argv[2]) and c["deepest"]:
        print(c["class"], c["deepest"])
PY
while read -r class fen; do
  "$tsivy" play --tables "$dir" --fen "$fen" --json > "$results/deepest-$class.json"
  "$tsivy" play --tables "$dir" --fen "$fen" > "$results/deepest-$class.txt"
done < "$work/deepest"
python3 bench/table_report.py "$dir" "$threads" | tee -a "$log"
say "done: results in $results"
