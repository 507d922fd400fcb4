#!/bin/sh
# Proves N random positions reachable from the start of 3x5 and of 5x3 (default 2,000
# each; half with the 4-stone tables as leaves, half without) and compares each value
# with the whole game's retrograde tables; every certificate is checked. It is the board
# tests' Prove.RandomReachablePositionsAgreeWithTheTables with a larger count.
#   bench/prove_random.sh [BUILD_DIR] [N]     (BUILD_DIR: build/release, configured with
#                                             -DTSIVY_OTHER_BOARDS including 3x5 and 5x3)
set -eu
build=${1:-build/release}
count=${2:-2000}
for board in 3x5 5x3; do
  tests="$build/boards/$board/tests/board/board_tests"
  [ -x "$tests" ] || { echo "no $tests: configure with -DTSIVY_OTHER_BOARDS=\"3x5;5x3\" and build" >&2; exit 1; }
  start=$(date +%s)
  TSIVY_PROVE_POSITIONS=$count "$tests" --gtest_filter='Prove.RandomReachablePositionsAgreeWithTheTables' |
    grep -E 'positions proved|OK|FAILED|Failure|Expected|Which'
  echo "$board: $(( $(date +%s) - start )) s in all (the whole game's tables generated first)"
done
