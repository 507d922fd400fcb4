#!/bin/sh
# Load test of `tsivy serve` on loopback: starts it on a free port over TABLES, sends
# REQUESTS probes from CLIENTS concurrent keep-alive clients (serve_load), prints
# requests/s and latency percentiles, stops the server by its pid (also on failure),
# and exits non-zero on any error. The positions are the endgame corpus's, as many as
# the tables hold.
#   bench/serve_load.sh TABLES [TSIVY] [SERVE_LOAD]     (REQUESTS=20000 CLIENTS=32 THREADS=2)
set -eu
tables=$1
here=$(dirname "$0")
tsivy=${2:-$here/../build/release/cli/tsivy}
serve_load=${3:-$here/../build/release/bench/serve_load}
requests=${REQUESTS:-20000} clients=${CLIENTS:-32} threads=${THREADS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/tsivy-serve-load.XXXXXX")
pid=
# Stops the server by its pid: SIGTERM, and SIGKILL if it is still there after 5 s.
cleanup() {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Positions the tables cover: at most max_stones stones (W and B letters).
max_stones=$(python3 -c 'import json,sys; print(max(sum(map(int, c["class"].split("v"))) for c in json.load(open(sys.argv[1]))["classes"]))' "$tables/manifest.json")
awk -v max="$max_stones" '{ n = gsub(/[WB]/, "&", $1); if (n <= max && n > 0) print }' "$here/data/endgame.txt" >"$work/positions"
echo "serve_load: $(wc -l <"$work/positions") positions of at most $max_stones stones, $requests requests, $clients clients, server --threads $threads"

"$tsivy" serve --tables "$tables" --port 0 --threads "$threads" >"$work/out" 2>"$work/err" &
pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's|.*http://[^ ]*:\([0-9]*\)/.*|\1|p' "$work/out") || true
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/err"; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "serve did not start"; exit 1; }
"$serve_load" --port "$port" --requests "$requests" --clients "$clients" --positions "$work/positions"
