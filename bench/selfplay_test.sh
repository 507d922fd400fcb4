#!/usr/bin/env bash
# bench/selfplay, bench/tune_evaluation and bench/spsa_tune on a few short games (ctest
# bench.selfplay): the file's form, the same file whatever --jobs, a fit that reads it
# (labels by result and by search), a clear refusal of a malformed line; the SPSA tuner
# the same every time with one job, its trace, and a clear refusal of an unknown feature.
#   bench/selfplay_test.sh SELFPLAY TUNE_EVALUATION SPSA_TUNE
set -euo pipefail
selfplay=$1 tune=$2 spsa=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "selfplay_test: $*" >&2; exit 1; }
"$selfplay" --games 6 --nodes 2000 --max-turns 60 --seed 7 --jobs 1 --label-nodes 300 --out "$dir/one.txt" 2>/dev/null
"$selfplay" --games 6 --nodes 2000 --max-turns 60 --seed 7 --jobs 2 --label-nodes 300 --out "$dir/two.txt" 2>/dev/null
[ -s "$dir/one.txt" ] || fail "no positions written"
cmp -s "$dir/one.txt" "$dir/two.txt" || fail "--jobs 2 wrote another file than --jobs 1"
bad=$(grep -Evc $'^[WB1-9/]+ [wb]\t(1|0\\.5|0)\t-?[0-9]+$' "$dir/one.txt" || true)
[ "$bad" = 0 ] || fail "$bad lines are not FEN, result, score"
[ ! -e "$dir/one.txt.partial" ] || fail "a partial file was left"
"$tune" --games "$dir/one.txt" | grep -q '^    \.endgame = {100, ' || fail "the fit by result printed no weights"
"$tune" --games "$dir/one.txt" --labels search | grep -q '^    \.middlegame = {100, ' || fail "the fit by search printed no weights"
printf 'not a position\t1\n' > "$dir/bad.txt"
if "$tune" --games "$dir/bad.txt" 2>"$dir/err"; then fail "a malformed file was accepted"; fi
grep -q "tune_evaluation: " "$dir/err" || fail "no clear error for a malformed file: $(cat "$dir/err")"
cut -f1,2 "$dir/one.txt" > "$dir/results.txt"
if "$tune" --games "$dir/results.txt" --labels search 2>"$dir/err"; then fail "search labels were taken from a file without scores"; fi
grep -q "no search score" "$dir/err" || fail "no clear error for a file without scores: $(cat "$dir/err")"
spsa_run() { "$spsa" --pairs 4 --nodes 300 --max-turns 40 --seed 3 --step 2 --report-every 2 "$@" 2>/dev/null; }
spsa_run --out "$dir/trace.tsv" > "$dir/spsa1.txt"
spsa_run > "$dir/spsa2.txt"
cmp -s "$dir/spsa1.txt" "$dir/spsa2.txt" || fail "spsa_tune gave other weights the second time with one job"
grep -q '^    \.middlegame = {100, ' "$dir/spsa1.txt" || fail "spsa_tune printed no weights"
[ "$(wc -l < "$dir/trace.tsv")" = 3 ] || fail "the SPSA trace is not a header and two rows"
[ "$(head -1 "$dir/trace.tsv" | cut -f3)" = mg_threatened_own ] || fail "the SPSA trace's header: $(head -1 "$dir/trace.tsv")"
if "$spsa" --pairs 1 --features material 2>"$dir/err"; then fail "spsa_tune tuned material"; fi
grep -q "no tunable feature 'material'" "$dir/err" || fail "no clear error for an untunable feature: $(cat "$dir/err")"
echo "selfplay_test: passed ($(wc -l < "$dir/one.txt") positions)"
