#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
scripts/build.sh "$preset"
ctest --preset "$preset" -j "$(nproc)"
