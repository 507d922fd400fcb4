#!/usr/bin/env bash
# bench/selfplay and bench/tune_evaluation on a few short games (ctest bench.selfplay):
# the file's form, the same file whatever --jobs, a fit that reads it (labels by result
# and by search), and a clear refusal of a malformed line.
#   bench/selfplay_test.sh SELFPLAY TUNE_EVALUATION
set -euo pipefail
selfplay=$1 tune=$2
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
echo "selfplay_test: passed ($(wc -l < "$dir/one.txt") positions)"
