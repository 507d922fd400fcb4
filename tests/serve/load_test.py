"""The load test of `tsivy serve`: 20,000 probes from 32 keep-alive clients (bench/'s
serve_load) with 0 errors, while 300 idle connections, which connect and send nothing,
are held open the whole time. Beyond the server's connection threads a new connection
would wait for an idle one to time out (5 s): the slowest answer must stay well below.

Usage: load_test.py TSIVY TABLES SERVE_LOAD POSITIONS   (POSITIONS: bench/data/endgame.txt)
"""
import json
import os
import re
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, probe_path  # noqa: E402

TSIVY, TABLES, SERVE_LOAD, POSITIONS = sys.argv[1:5]
REQUESTS, CLIENTS, IDLE = 20000, 32, 300
THREADS = 2
# The idle connections' wait (the read timeout) is 5 s; no answer may take that long.
SLOWEST_ANSWER_S = 2.5


def covered_positions(path):
    """The corpus positions with at most as many stones as the tables hold."""
    with open(os.path.join(TABLES, "manifest.json")) as f:
        max_stones = max(sum(map(int, c["class"].split("v"))) for c in json.load(f)["classes"])
    with open(POSITIONS) as f:
        fens = [line.strip() for line in f if line.strip()]
    kept = [fen for fen in fens if 0 < sum(fen.split()[0].count(s) for s in "WB") <= max_stones]
    with open(path, "w") as f:
        f.write("\n".join(kept) + "\n")
    return len(kept)


def main():
    work = os.path.join(os.environ.get("TMPDIR", "/tmp"), "tsivy-load-test-%d" % os.getpid())
    os.makedirs(work, exist_ok=True)
    positions = os.path.join(work, "positions")
    count = covered_positions(positions)
    idle = []
    try:
        with Server(TSIVY, TABLES, threads=THREADS) as server:
            idle = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(IDLE)]
            time.sleep(0.3)  # let the server accept them all
            started = time.monotonic()
            status, _ = server.get(probe_path("9/6B2/4W4/2W6/9 w"), timeout=SLOWEST_ANSWER_S)
            first = time.monotonic() - started
            assert status == 200 and first < SLOWEST_ANSWER_S, "a new connection waited %.1f s" % first
            done = subprocess.run([SERVE_LOAD, "--port", str(server.port), "--requests", str(REQUESTS),
                                   "--clients", str(CLIENTS), "--positions", positions],
                                  capture_output=True, text=True, timeout=240)
            print("%d positions, %d idle connections held open; %s" % (count, IDLE, done.stdout.strip()))
            assert done.returncode == 0, done.stdout + done.stderr
            figures = re.search(r"requests (\d+), clients (\d+), errors (\d+),.* max (\d+) us", done.stdout)
            assert figures, done.stdout
            requests, clients, errors, slowest_us = map(int, figures.groups())
            assert (requests, clients, errors) == (REQUESTS, CLIENTS, 0), done.stdout
            assert slowest_us < SLOWEST_ANSWER_S * 1e6, "slowest answer %.2f s" % (slowest_us / 1e6)
    finally:
        for s in idle:
            s.close()
        for name in os.listdir(work):
            os.remove(os.path.join(work, name))
        os.rmdir(work)
    print("load test passed")


if __name__ == "__main__":
    main()
