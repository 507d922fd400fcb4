"""One engine process of a match, spoken to in the protocol of docs/engine.md
(bench/match.py). Its output is read on a thread, so that every wait has a timeout
and a hung engine fails its game instead of the match."""
import os
import queue
import shlex
import signal
import subprocess
import threading


class EngineFailure(Exception):
    """The engine crashed, hung, wrote an error line or broke the protocol."""


def last_score(lines):
    """The score of the last `info` line that has one ("cp 41", "tablewin 3", "win 5"), or None."""
    for line in reversed(lines):
        words = line.split()
        if words and words[0] == "info" and "score" in words[:-2]:
            k = words.index("score")
            return f"{words[k + 1]} {words[k + 2]}"
    return None


class Engine:
    def __init__(self, command, options, timeout):
        self.command = command
        self.timeout = timeout
        self.last_score = None  # of the last best_turn, as its engine said it
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        try:
            self.send("tsivy")
            self.until("tsivyok")
            for name, value in options:
                self.send(f"setoption name {name} value {value}")
            self.send("isready")
            self.until("readyok")  # an error line for an option fails here
            self.send("newgame")
        except EngineFailure:
            self.close()
            raise

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except OSError as e:
            raise EngineFailure(f"{self.command}: cannot write to it ({e})")

    def until(self, prefix, timeout=None):
        """The lines up to the one that starts with `prefix`, which is returned last."""
        got = []
        while True:
            try:
                line = self.lines.get(timeout=timeout or self.timeout)
            except queue.Empty:
                raise EngineFailure(f"{self.command}: no '{prefix}' within {timeout or self.timeout} s")
            if line is None:
                raise EngineFailure(f"{self.command}: ended (exit status {self.process.wait()})")
            if line.startswith("error"):
                raise EngineFailure(f"{self.command}: {line}")
            got.append(line)
            if line.startswith(prefix):
                return got

    def best_turn(self, turns, go, start=None):
        """The engine's answer for the game from the start (or the position `start`, a
        FEN) after `turns`: a turn, or ("none", reason) when it says the game is over."""
        self.send(("position fen " + start if start else "position startpos") + (" moves " + " ".join(turns) if turns else ""))
        self.send(f"go {go}")
        lines = self.until("bestmove")
        self.last_score = last_score(lines)
        words = lines[-1].split()
        if len(words) < 2:
            raise EngineFailure(f"{self.command}: malformed bestmove line: {' '.join(words)}")
        return words[1] if words[1] != "none" else ("none", words[-1])

    def close(self):
        """quit, then the kill by pid if it does not end at once."""
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (EngineFailure, subprocess.TimeoutExpired):
            pass
        finally:
            if self.process.poll() is None:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
            self.reader.join(timeout=5)
            for pipe in (self.process.stdin, self.process.stdout):
                try:
                    pipe.close()
                except OSError:
                    pass
