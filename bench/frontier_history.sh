#!/usr/bin/env bash
# How a proof in pieces went, from its committed snapshots: for each commit that changed
# the frontier folder, the commit's time and the root's line, subproblems and work of
# `tsivy prove --frontier --status` on the folder as that commit holds it (read from git
# into a scratch folder; the working tree is not touched). The figures for a table of
# progress (results/proofs/README.md) and for what the rate says about the time left.
#   bench/frontier_history.sh TSIVY FRONTIER_DIR [MAX_COMMITS]
set -euo pipefail
usage="usage: bench/frontier_history.sh TSIVY FRONTIER_DIR [MAX_COMMITS]"
tsivy=${1:?$usage}
dir=${2:?$usage}
most=${3:-50}
[ -x "$tsivy" ] || { echo "frontier_history: $tsivy is not an executable" >&2; exit 2; }
[ -f "$dir/frontier.txt" ] || { echo "frontier_history: $dir holds no frontier.txt" >&2; exit 2; }
top=$(git -C "$dir" rev-parse --show-toplevel)
path=$(realpath --relative-to="$top" "$dir")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "commit UTC root subproblems work"
git -C "$top" log -n "$most" --reverse --format='%h %cd' --date=format-local:%Y-%m-%dT%H:%M -- "$path/frontier.txt" "$path/nodes" |
  while read -r commit when; do
    rm -rf "$work/tree"
    mkdir -p "$work/tree"
    git -C "$top" archive "$commit" "$path" | tar -x -C "$work/tree"
    status=$("$tsivy" prove --frontier "$work/tree/$path" --status 2>&1 | sed -n '2,5p' | tr '\n' ' ')
    echo "$commit $when $status"
  done
