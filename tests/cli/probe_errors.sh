#!/bin/sh
# `tsivy probe` and `tsivy play` on damaged copies of a table directory: a position
# that needs a damaged or missing file fails with one line "tsivy: error: ..." that
# says what is wrong, and exit status 1; one that does not still answers.
# Usage: probe_errors.sh EXPECT_ERROR TSIVY TABLE_DIR (tables of 4 stones)
set -u
expect_error=$1 tsivy=$2 tables=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
quiet_2v2="9/9/9/1W5B1/W7B w"  # 2v2, no capture: read from the table files
failed=0
check() {  # expected-text command...
  out=$(sh "$expect_error" "$@") || { echo "FAIL: $*: $out"; failed=1; }
}
for cmd in probe play; do
  check "5 stones" "$tsivy" $cmd --tables "$tables" --fen "9/9/9/1W5B1/WW6B w"

  rm -rf "$work/t" && cp -r "$tables" "$work/t" && rm "$work/t/2v2.depth.tsivy"
  check "2v2.depth.tsivy is missing" "$tsivy" $cmd --tables "$work/t" --fen "$quiet_2v2"

  rm -rf "$work/t" && cp -r "$tables" "$work/t" && head -c 100 "$tables/2v2.wdl.tsivy" >"$work/t/2v2.wdl.tsivy"
  check "2v2.wdl.tsivy: truncated" "$tsivy" $cmd --tables "$work/t" --fen "$quiet_2v2"

  rm -rf "$work/t" && cp -r "$tables" "$work/t" && cp "$tables/3v1.wdl.tsivy" "$work/t/2v2.wdl.tsivy"
  check "2v2.wdl.tsivy" "$tsivy" $cmd --tables "$work/t" --fen "$quiet_2v2"
done

# A damaged file makes only its class unavailable: a 3-stone position beside it answers.
rm -rf "$work/t" && cp -r "$tables" "$work/t" && head -c 100 "$tables/2v2.wdl.tsivy" >"$work/t/2v2.wdl.tsivy"
out=$("$tsivy" probe --tables "$work/t" --fen "9/6B2/4W4/2W6/9 w" 2>&1) && echo "$out" | grep -q "for the side to move" ||
  { echo "FAIL: a 3-stone position beside a damaged 2v2: $out"; failed=1; }
exit $failed
