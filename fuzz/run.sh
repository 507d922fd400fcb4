#!/usr/bin/env bash
# Builds the libFuzzer target with Debian's clang under ASan + UBSan, replays every
# kept regression input, then fuzzes for a fixed time (default 60 s) from fuzz/corpus.
# A crashing input is written to fuzz/regressions/; commit it with the fix.
# Usage: fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=build/fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSIVY_FUZZ=ON \
  -DTSIVY_BUILD_BENCH=OFF -DTSIVY_NATIVE=OFF -DTSIVY_OTHER_BOARDS= >/dev/null
# The table directory comes from a release `tsivy` when there is one (CI has just built
# it), which spares building the command line under the sanitizers.
tsivy_cli=build/release/cli/tsivy
targets=(probe_fuzz)
[ -x "$tsivy_cli" ] || { tsivy_cli=$build/cli/tsivy; targets+=(tsivy); }
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
tables=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$tables" "$work"' EXIT INT TERM
"$tsivy_cli" generate --threads 1 --max-stones 3 --out "$tables" >/dev/null
export TSIVY_FUZZ_TABLES=$tables
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Seeds: each file of the valid directory as it is (first byte selects it), kept in a
# scratch corpus so that the committed one only grows by hand.
i=0
for f in $(ls "$tables" | sort); do
  [ -f "$tables/$f" ] || continue  # the value files' folder: libtsivy never reads it
  { printf "\\$(printf '%03o' "$i")"; cat "$tables/$f"; } >"$work/seed-$i"
  i=$((i + 1))
done
cp fuzz/corpus/* "$work/" 2>/dev/null || true
if ls fuzz/regressions/* >/dev/null 2>&1; then
  "$build/fuzz/probe_fuzz" -runs=0 fuzz/regressions/*  # every input that ever failed
fi
"$build/fuzz/probe_fuzz" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=fuzz/regressions/ -print_final_stats=1 "$work"
