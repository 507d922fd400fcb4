"""`tsivy serve` starting, serving and stopping: a bad table directory or a port in use
is a one-line error and exit status 1 at start; clients that connect and send nothing
do not stop others being served; SIGINT and SIGTERM stop it cleanly (exit status 0),
also while such clients are connected.

Usage: lifecycle_test.py TSIVY TABLES
"""
import os
import signal
import socket
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, probe_path  # noqa: E402

TSIVY, TABLES = sys.argv[1], sys.argv[2]
THREADS = 2
IDLE_CLIENTS = 4 * THREADS
# The server gives an idle client's thread back after 5 s (read timeout); an answer
# much faster than that shows that nobody waited on the idle clients.
ANSWER_WITHIN_S = 2.0
STOP_WITHIN_S = 2.0


def start_error(*args):
    """(exit status, stderr) of a serve that must fail at start."""
    done = subprocess.run([TSIVY, "serve", *args], capture_output=True, text=True, timeout=30)
    return done.returncode, done.stderr


class Start(unittest.TestCase):
    def assert_one_line_error(self, status, err, expected):
        self.assertEqual(status, 1, err)
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertTrue(err.startswith("tsivy: error:"), err)
        self.assertIn(expected, err)

    def test_missing_table_directory(self):
        self.assert_one_line_error(*start_error("--tables", "/nonexistent/tsivy-tables", "--port", "0"),
                                   "/nonexistent/tsivy-tables")

    def test_directory_without_manifest(self):
        here = os.path.dirname(os.path.abspath(__file__))
        self.assert_one_line_error(*start_error("--tables", here, "--port", "0"), here)

    def test_port_in_use(self):
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            self.assert_one_line_error(*start_error("--tables", TABLES, "--port", str(port)), "127.0.0.1:%d" % port)

    def test_port_of_another_tsivy_serve(self):
        with Server(TSIVY, TABLES) as first:
            status, err = start_error("--tables", TABLES, "--port", str(first.port))
            self.assert_one_line_error(status, err, "127.0.0.1:%d" % first.port)

    def test_unknown_host(self):
        status, err = start_error("--tables", TABLES, "--port", "0", "--host", "192.0.2.1")  # TEST-NET: not ours
        self.assert_one_line_error(status, err, "192.0.2.1")

    def test_help_says_how_to_reach_it(self):
        out = subprocess.run([TSIVY, "serve", "--help"], capture_output=True, text=True, check=True).stdout
        self.assertIn("http://127.0.0.1:8080/", out)
        self.assertIn("/api/probe", out)
        self.assertIn("/api/search", out)
        self.assertIn("--search-threads", out)
        self.assertIn("--threads-per-search", out)

    def test_threads_per_search_out_of_range(self):
        for value in ("0", "65", "two"):
            status, err = start_error("--tables", TABLES, "--port", "0", "--threads-per-search", value)
            self.assertNotEqual(status, 0, err)  # CLI11's own exit status for a bad value
            self.assertIn("--threads-per-search", err)


class Serving(unittest.TestCase):
    def test_idle_clients_do_not_stop_others_being_served(self):
        with Server(TSIVY, TABLES, threads=THREADS) as server:
            idle = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(IDLE_CLIENTS)]
            # Half a request, too: a client that stops in the middle of its headers.
            idle[0].sendall(b"GET /api/probe?fen=9/9/9/9/9%20w HTTP/1.1\r\nHost: x\r\n")
            time.sleep(0.3)  # let the server accept them all
            try:
                for _ in range(3):
                    started = time.monotonic()
                    status, answer = server.get(probe_path("9/6B2/4W4/2W6/9 w"), timeout=ANSWER_WITHIN_S)
                    elapsed = time.monotonic() - started
                    self.assertEqual(status, 200)
                    self.assertLess(elapsed, ANSWER_WITHIN_S)
            finally:
                for s in idle:
                    s.close()

    def stops_cleanly_on(self, sig):
        with Server(TSIVY, TABLES, threads=THREADS) as server:
            idle = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            try:
                self.assertEqual(server.get("/api/info")[0], 200)
                started = time.monotonic()
                status = server.stop(sig, timeout=15)
                elapsed = time.monotonic() - started
                self.assertEqual(status, 0, server.errors)
                self.assertLess(elapsed, STOP_WITHIN_S)
                self.assertIn("stopped", server.output)
            finally:
                idle.close()

    def test_sigterm_stops_it_cleanly(self):
        self.stops_cleanly_on(signal.SIGTERM)

    def test_sigint_stops_it_cleanly(self):
        self.stops_cleanly_on(signal.SIGINT)

    # A search holds its connection open for its movetime: stopping the server stops the
    # search too, rather than waiting for it, and its client gets an answer.
    def test_sigterm_stops_a_search_in_progress(self):
        with Server(TSIVY, TABLES, threads=THREADS) as server:
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
                s.sendall(b"GET /api/search?fen=BBBBBBBBB/9/9/9/WWWWWWWWW%20w&movetime=8000 HTTP/1.1\r\nHost: x\r\n\r\n")
                time.sleep(0.3)  # the search has started
                started = time.monotonic()
                status = server.stop(signal.SIGTERM, timeout=15)
                elapsed = time.monotonic() - started
                self.assertEqual(status, 0, server.errors)
                self.assertLess(elapsed, STOP_WITHIN_S)
                self.assertTrue(s.recv(4096).startswith(b"HTTP/1.1 503"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
