"""Starts `tsivy serve` for a test on a free port and always stops it again.

    with Server(tsivy, tables, threads=2) as server:
        status, body = server.get("/api/probe?fen=...")

The server is started with --port 0 (the kernel picks a free port, so parallel ctest
runs never collide) and its first line of output gives the port. On leaving the block,
also when a test fails, the process gets SIGTERM and, if it does not stop, SIGKILL, by
its own process id.
"""
import http.client
import json
import select
import signal
import subprocess
import time
import urllib.parse

START_TIMEOUT_S = 20


class Server:
    def __init__(self, tsivy, tables, threads=2, extra=()):
        self.command = [tsivy, "serve", "--tables", tables, "--port", "0", "--threads", str(threads), *extra]
        self.process = None
        self.port = None
        self.banner = ""
        self.output = ""  # what it printed after the banner, once stopped
        self.errors = ""  # its stderr, once stopped

    def __enter__(self):
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            ready, _, _ = select.select([self.process.stdout], [], [], START_TIMEOUT_S)
            if not ready:
                raise RuntimeError("tsivy serve printed nothing within %d s" % START_TIMEOUT_S)
            self.banner = self.process.stdout.readline()
            if "http://" not in self.banner:
                raise RuntimeError("tsivy serve did not start: %r %r" % (self.banner, self.process.stderr.read()))
            self.port = int(self.banner.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def stop(self, sig=signal.SIGTERM, timeout=10):
        """Stops the server by its pid; returns its exit status."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            self.output, self.errors = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.output, self.errors = self.process.communicate()
        return self.process.returncode

    def url(self, path="/"):
        return "http://127.0.0.1:%d%s" % (self.port, path)

    def request(self, method, path, timeout=10):
        """(status, headers, body bytes) for a path sent exactly as given."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def get(self, path, timeout=10):
        """(status, parsed JSON body) of a GET."""
        status, headers, body = self.request("GET", path, timeout)
        if not headers.get("Content-Type", "").startswith("application/json"):
            raise AssertionError("%s: not JSON but %r" % (path, headers.get("Content-Type")))
        return status, json.loads(body)


def probe_path(fen, kind="probe"):
    return "/api/%s?fen=%s" % (kind, urllib.parse.quote(fen, safe=""))


def wait_until(predicate, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def expand_row(row):
    """A row of a position's text with its digits spelled out as '.' per empty point."""
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in row)


def compress_rows(rows):
    """The position text of rows of 'B', 'W' and '.' (top row first): runs of '.' become
    their length, as notation.md writes them."""
    out = []
    for row in rows:
        text, empty = "", 0
        for ch in row:
            if ch == ".":
                empty += 1
                continue
            text += (str(empty) if empty else "") + ch
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)
