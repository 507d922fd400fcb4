#!/usr/bin/env python3
"""An engine that speaks the protocol of docs/engine.md but plays a1-a2 whatever the
position: the match runner must catch it (tests/cli/match_test.py)."""
import sys

for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    answer = {"tsivy": "id name fake\ntsivyok", "isready": "readyok", "go": "bestmove a1-a2"}.get(word)
    if word == "quit":
        break
    if answer:
        print(answer, flush=True)
