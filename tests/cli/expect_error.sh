#!/bin/sh
# Runs a tsivy command that must fail cleanly: exit status 1 (not a crash or signal),
# and exactly one line on stderr that starts with "tsivy: error:" and contains $1.
expected=$1
shift
err=$("$@" 2>&1 >/dev/null)
status=$?
[ "$status" -eq 1 ] || { echo "exit status $status, expected 1: $err"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "stderr is not one line: $err"; exit 1; }
case "$err" in
  "tsivy: error:"*"$expected"*) exit 0 ;;
  *) echo "stderr does not say '$expected': $err"; exit 1 ;;
esac
