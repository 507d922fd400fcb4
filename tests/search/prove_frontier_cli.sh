#!/bin/sh
# `tsivy prove --frontier` end to end on 5x9 with the 4-stone tables: two workers on one
# folder, one of them killed (SIGKILL) mid-run; a third run finishes the proof from what
# is on disk; the root certificate checks; a damaged node file and bad options are
# refused with a clear error. Usage: prove_frontier_cli.sh TSIVY TABLES (up to 4 stones, 5x9)
set -u
tsivy=$1
tables=$2
dir=$(mktemp -d)
pids=""
cleanup() {
  for pid in $pids; do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
fen="5B1B1/2W6/9/4B4/3W3W1 w"
f="$dir/frontier"
err=$("$tsivy" prove --frontier "$f" --tables "$tables" 2>&1 >/dev/null) && fail "no claim: exit 0"
case "$err" in *"holds no frontier yet: --claim"*) ;; *) fail "no claim: $err" ;; esac
err=$("$tsivy" prove --frontier "$f" --claim white-draws --tables "$tables" 2>&1 >/dev/null) && fail "bad claim: exit 0"
case "$err" in *"--claim must be"*) ;; *) fail "bad claim: $err" ;; esac
err=$("$tsivy" prove --claim white-wins 2>&1 >/dev/null) && fail "--claim without --frontier: exit 0"
case "$err" in *"go with --frontier"*) ;; *) fail "--claim without --frontier: $err" ;; esac
# Begun by one run; then two workers at once, the first killed after a second.
"$tsivy" prove --frontier "$f" --claim white-wins --fen "$fen" --tables "$tables" --budget 4096 --runs 1 --quiet >/dev/null ||
  fail "begin"
err=$("$tsivy" prove --frontier "$f" --claim black-wins --tables "$tables" 2>&1 >/dev/null) && fail "other claim: exit 0"
case "$err" in *"not --claim black-wins"*) ;; *) fail "other claim: $err" ;; esac
"$tsivy" prove --frontier "$f" --tables "$tables" --budget 4096 --lease 3 >"$dir/a.out" 2>&1 &
a=$!
"$tsivy" prove --frontier "$f" --tables "$tables" --budget 4096 --lease 3 >"$dir/b.out" 2>&1 &
b=$!
pids="$a $b"
sleep 1
kill -9 "$a" 2>/dev/null
wait "$b" || fail "the second worker exited $?: $(tail -3 "$dir/b.out")"
pids=""
# What the killed worker had settled is on disk; a last run finds nothing left or finishes.
out=$("$tsivy" prove --frontier "$f" --tables "$tables" --budget 4096 --lease 3 --quiet) || fail "last run: $out"
echo "$out"
echo "$out" | grep -q "^root: disproved" || fail "root not disproved: $out"
echo "$out" | grep -q "valid: Black does not lose from $fen; [0-9]* certificates" || fail "root certificate: $out"
status=$("$tsivy" prove --frontier "$f" --status) || fail "status"
echo "$status" | grep -q "^subproblems: " || fail "status: $status"
echo "$status" | grep -q "^certificates: [1-9][0-9]* files, [1-9][0-9]* bytes$" || fail "status, certificates: $status"
root=$(echo "$status" | sed -n 's/^certificate: //p')
"$tsivy" prove --check "$root" --tables "$tables" | grep -q ": valid: " || fail "check of $root"
# One byte of a node file changed: refused, naming the file.
node=$(ls "$f"/nodes/*.txt | head -1)
size=$(wc -c <"$node")
printf 'X' | dd of="$node" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
err=$("$tsivy" prove --frontier "$f" --status 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "damaged node: exit status"
case "$err" in *"$node"*"checksum mismatch"*) ;; *) fail "damaged node: $err" ;; esac
echo OK
