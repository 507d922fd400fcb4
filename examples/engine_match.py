#!/usr/bin/env python3
"""Two engine processes play one game of Fanorona against each other.

    examples/engine_match.py [--white CMD] [--black CMD] [--movetime MS] [--max-turns N]

Each CMD is an engine's command line, speaking the protocol of docs/engine.md; the
default is this build's `tsivy engine`. The game starts from the start position. Before
each turn the side to move gets the whole game (`position startpos moves ...`, so that
it sees repetitions) and `go movetime MS`; it answers `bestmove T`, or `bestmove none`
when the game is over: `reason no-turn` (the side to move has lost) or `reason
repetition` (a draw). Prints the game in notation, one turn a line, and the result.
For many games, checks and a rating, see bench/match.py.
"""
import argparse
import os
import shlex
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ENGINE = os.path.join(HERE, "..", "build", "release", "cli", "tsivy") + " engine"


class Engine:
    def __init__(self, command):
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("tsivy")
        self.read_until("tsivyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        """Reads lines up to the one that starts with `prefix`; returns it and the last info line."""
        last_info = None
        for line in self.process.stdout:
            line = line.strip()
            if line.startswith("error"):
                raise RuntimeError(f"the engine says: {line}")
            if line.startswith("info"):
                last_info = line
            if line.startswith(prefix):
                return line, last_info
        raise RuntimeError("the engine ended")

    def play(self, turns, movetime):
        self.send("position startpos" + (" moves " + " ".join(turns) if turns else ""))
        self.send(f"go movetime {movetime}")
        return self.read_until("bestmove")

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):  # it died or hangs: end it
            self.process.kill()
            self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--white", default=DEFAULT_ENGINE, help="White's engine command line")
    parser.add_argument("--black", default=DEFAULT_ENGINE, help="Black's engine command line")
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds a turn (default 100)")
    parser.add_argument("--max-turns", type=int, default=200, help="stop an unfinished game here (default 200)")
    args = parser.parse_args()

    engines = {"White": Engine(args.white), "Black": Engine(args.black)}
    turns, result = [], None
    try:
        while result is None and len(turns) < args.max_turns:
            side = "White" if len(turns) % 2 == 0 else "Black"
            best, info = engines[side].play(turns, args.movetime)
            words = best.split()
            if words[1] == "none":
                other = "Black" if side == "White" else "White"
                result = "draw by repetition" if words[-1] == "repetition" else f"{other} wins: {side} has no turn"
                break
            turns.append(words[1])
            score = info.split(" score ")[1].split(" nodes")[0] if info else "?"
            print(f"{len(turns):3}. {side:5}  {words[1]:24}  ({score})")
    finally:
        for engine in engines.values():
            engine.quit()
    print(result or f"unfinished after {args.max_turns} turns")


if __name__ == "__main__":
    main()
