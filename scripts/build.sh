#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release), installing dependencies
# first: everything, or only the targets named after the preset (the demo and the proof
# check build the `tsivy` command alone).
#   scripts/build.sh [PRESET [TARGET...]]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
shift || true
scripts/install-deps.sh
cmake --preset "$preset" >/dev/null
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build --preset "$preset" -j "$(nproc)" "${targets[@]}"
