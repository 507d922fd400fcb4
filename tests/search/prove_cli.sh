#!/bin/sh
# `tsivy prove` end to end on 5x9: a small position proved, its certificate checked by
# `prove --check`, then refused once damaged. Usage: prove_cli.sh TSIVY
set -u
tsivy=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
out=$("$tsivy" prove --fen "9/6W2/3B5/6W2/9 w" --out "$dir/proof" --memory 16M --quiet) || fail "prove exited $?: $out"
echo "$out"
echo "$out" | grep -q "^5x9 9/6W2/3B5/6W2/9 w: WIN for the side to move (White), no tables$" || fail "no WIN line"
echo "$out" | grep -q "white-wins.cert: valid: White wins" || fail "certificate not reported valid"
check=$("$tsivy" prove --check "$dir/proof/white-wins.cert") || fail "check exited $?: $check"
echo "$check" | grep -q "valid: White wins from 9/6W2/3B5/6W2/9 w; [0-9]* positions" || fail "check output: $check"
# Pruned in place: still valid, never larger.
cp "$dir/proof/white-wins.cert" "$dir/unpruned.cert"
pruned=$("$tsivy" prove --prune "$dir/proof/white-wins.cert") || fail "prune exited $?: $pruned"
echo "$pruned" | grep -q "white-wins.cert: [0-9]* -> [0-9]* positions" || fail "prune output: $pruned"
[ "$(wc -c < "$dir/proof/white-wins.cert")" -le "$(wc -c < "$dir/unpruned.cert")" ] || fail "pruning made it larger"
"$tsivy" prove --check "$dir/proof/white-wins.cert" | grep -q "valid: White wins" || fail "pruned certificate does not check"
# One byte changed in the middle: refused, exit 1, one error line.
size=$(wc -c < "$dir/proof/white-wins.cert")
printf 'X' | dd of="$dir/proof/white-wins.cert" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
err=$("$tsivy" prove --check "$dir/proof/white-wins.cert" 2>&1 >/dev/null)
status=$?
[ "$status" -eq 1 ] || fail "damaged certificate: exit $status"
case "$err" in *"checksum mismatch"*) ;; *) fail "damaged certificate: $err" ;; esac
# ... and not pruned either.
err=$("$tsivy" prove --prune "$dir/proof/white-wins.cert" 2>&1 >/dev/null)
status=$?
[ "$status" -eq 1 ] || fail "damaged certificate pruned: exit $status"
case "$err" in *"checksum mismatch"*) ;; *) fail "damaged certificate pruned: $err" ;; esac
# Stopped after a few nodes, then resumed to the same answer.
"$tsivy" prove --fen "9/6W2/3B5/6W2/9 w" --out "$dir/parts" --memory 16M --quiet --max-nodes 4096 | grep -q "^Unsettled after" || fail "not stopped"
"$tsivy" prove --fen "9/6W2/3B5/6W2/9 w" --out "$dir/parts" --memory 16M --quiet --resume | grep -q ": WIN for the side to move" || fail "resume"
echo OK
