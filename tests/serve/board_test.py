"""`tsivy serve --board RxC`: the explorer on another board than 5x9 (rules.md, "Other
boards"). The main build's `tsivy` runs that board's build, `tsivy-RxC`, which lives
beside it. The test generates 4-stone tables of the board with it, serves them, and
checks that the API tells the page its board (rows, columns, name, start position),
answers positions of that board and refuses a 5x9 one naming the board; with --browser
it also checks, in headless Chromium, that the page draws that board: its lines
(orthogonals everywhere, diagonals through strong points only), its point names, the
start position button of the editor, an edited stone, and the page of the classes.

Usage: board_test.py TSIVY RxC WORKDIR [--browser]
"""
import os
import shutil
import subprocess
import sys
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, compress_rows, probe_path, wait_until  # noqa: E402

TSIVY, BOARD, WORKDIR = sys.argv[1], sys.argv[2], sys.argv[3]
BROWSER = "--browser" in sys.argv[4:]
ROWS, COLUMNS = (int(n) for n in BOARD.split("x"))
LETTERS = "abcdefghi"[:COLUMNS]
TABLE_STONES = 4
WAIT_S = 15
STEP = 80  # web/drawing.js: board units between neighbouring points
MARGIN = 62  # web/drawing.js: board units around the outer lines


def start_text():
    """The board's start position, from the words of rules.md: White below the middle row,
    Black above it, the middle row alternating from Black at the left to the empty centre
    and its right half the left half turned round with the colours swapped."""
    centre = COLUMNS // 2
    left = ["B" if c % 2 == 0 else "W" for c in range(centre)]
    right = ["W" if c == "B" else "B" for c in reversed(left)]
    middle = "".join(left) + "1" + "".join(right)
    rows = ["B" * COLUMNS] * (ROWS // 2) + [middle] + ["W" * COLUMNS] * (ROWS // 2)
    return "/".join(rows) + " w"


def name(column, row):
    return LETTERS[column] + str(row + 1)


def lines_of_the_board():
    """Every line of the board as a set of two point names: each whole row and column,
    and each diagonal step between two strong points (column + row even)."""
    lines = {frozenset((name(0, r), name(COLUMNS - 1, r))) for r in range(ROWS)}
    lines |= {frozenset((name(c, 0), name(c, ROWS - 1))) for c in range(COLUMNS)}
    for c in range(COLUMNS):
        for r in range(ROWS - 1):
            if (c + r) % 2:
                continue
            for dc in (-1, 1):
                if 0 <= c + dc < COLUMNS:
                    lines.add(frozenset((name(c, r), name(c + dc, r + 1))))
    return lines


def board_command():
    """tsivy-RxC beside the main build's tsivy, where `tsivy --board RxC` finds it."""
    path = os.path.join(os.path.dirname(os.path.abspath(TSIVY)), "tsivy-" + BOARD)
    if not os.access(path, os.X_OK):
        raise AssertionError("%s: no build of board %s beside %s (is %s in TSIVY_OTHER_BOARDS?)"
                             % (path, BOARD, TSIVY, BOARD))
    return path


def generate_tables():
    tables = os.path.join(WORKDIR, "tables")
    shutil.rmtree(tables, ignore_errors=True)
    os.makedirs(WORKDIR, exist_ok=True)
    subprocess.run([TSIVY, "generate", "--board", BOARD, "--max-stones", str(TABLE_STONES), "--out", tables,
                    "--threads", "2", "--quiet"], check=True)
    return tables


def a_position_with_turns():
    """White on a1 and b1, Black on the top right corner, White to move: a 2v1 position
    of every board, with turns."""
    cells = [["."] * COLUMNS for _ in range(ROWS)]
    cells[0][0] = "W"
    cells[0][1] = "W"
    cells[ROWS - 1][COLUMNS - 1] = "B"
    return compress_rows("".join(row) for row in reversed(cells)) + " w"


class BoardApi(unittest.TestCase):
    server = None

    def test_info_tells_the_page_its_board(self):
        status, info = self.server.get("/api/info")
        self.assertEqual(status, 200)
        self.assertEqual(info["board"], {"rows": ROWS, "columns": COLUMNS, "name": BOARD, "start": start_text()})
        self.assertEqual(info["max_stones"], TABLE_STONES)

    def test_positions_of_the_board_are_answered_in_its_point_names(self):
        fen = a_position_with_turns()
        status, answer = self.server.get(probe_path(fen))
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["fen"], fen)
        self.assertTrue(answer["turns"], answer)
        points = {name(c, r) for c in range(COLUMNS) for r in range(ROWS)}
        for turn in answer["turns"]:
            for step in turn["turn"].split("-"):
                self.assertIn(step[:2], points, turn)
        cli = subprocess.run([TSIVY, "probe", "--board", BOARD, "--tables", self.tables, "--fen", fen, "--json"],
                             check=True, capture_output=True, text=True).stdout.strip()
        self.assertEqual(self.server.request("GET", probe_path(fen))[2].decode(), cli)

    def test_a_position_of_another_board_is_refused_naming_this_one(self):
        other = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w" if BOARD != "5x9" else "BBB/B1W/WWW w"
        status, error = self.server.get(probe_path(other))
        self.assertEqual((status, error["status"]), (400, "TSIVY_ERROR_BAD_FEN"), error)
        self.assertIn("%d rows of %d points (board %s)" % (ROWS, COLUMNS, BOARD), error["error"])

    def test_random_positions_are_of_the_board(self):
        status, answer = self.server.get("/api/random?class=2v1&wdl=win")
        self.assertEqual(status, 200, answer)
        rows = answer["fen"].split()[0].split("/")
        self.assertEqual(len(rows), ROWS)
        for row in rows:
            self.assertEqual(sum(int(ch) if ch.isdigit() else 1 for ch in row), COLUMNS, answer["fen"])


def check_page(server):
    """The page in headless Chromium draws this board and edits positions on it."""
    from selenium.webdriver.common.by import By
    from browser_test import Page, browser_errors, start_browser  # the same driver set-up

    profile = os.path.join(WORKDIR, "chromium-profile")
    shutil.rmtree(profile, ignore_errors=True)
    driver = start_browser(profile)
    try:
        page = Page(driver, server)
        start = start_text()
        driver.get(server.url("/"))
        page.wait(lambda: page.fen() == start, "the start position, the default on " + BOARD)
        # The bare address on a first visit is a game against the computer (you White):
        # off, for the turns played by clicks below.
        assert driver.find_element(By.ID, "computer").is_selected()
        driver.find_element(By.ID, "computer").click()

        # Point names and hit areas: one per point, a1 bottom left, the last column and row top right.
        hits = {e.get_attribute("data-point"): (float(e.get_attribute("x")), float(e.get_attribute("y")))
                for e in driver.find_elements(By.CSS_SELECTOR, "#layer-hits .hit")}
        assert set(hits) == {name(c, r) for c in range(COLUMNS) for r in range(ROWS)}, sorted(hits)
        last = name(COLUMNS - 1, ROWS - 1)
        assert hits["a1"][0] < hits[last][0] and hits["a1"][1] > hits[last][1], (hits["a1"], hits[last])
        labels = sorted(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#labels .label"))
        assert labels == sorted(list(LETTERS) + [str(r + 1) for r in range(ROWS)]), labels

        # The lines, read back into point names through the hit areas' centres.
        at = {(round(x + STEP / 2), round(y + STEP / 2)): p for p, (x, y) in hits.items()}
        drawn = set()
        for line in driver.find_elements(By.CSS_SELECTOR, "#board .grid line"):
            ends = [(round(float(line.get_attribute(a))), round(float(line.get_attribute(b))))
                    for a, b in (("x1", "y1"), ("x2", "y2"))]
            drawn.add(frozenset(at[e] for e in ends))
        assert drawn == lines_of_the_board(), (sorted(map(sorted, drawn)), sorted(map(sorted, lines_of_the_board())))
        view_box = driver.execute_script("return document.getElementById('board').getAttribute('viewBox')")
        width, height = (float(v) for v in view_box.split()[2:])
        assert (width, height) == (2 * MARGIN + (COLUMNS - 1) * STEP, 2 * MARGIN + (ROWS - 1) * STEP), (width, height)

        # The editor: clear the board, place White on a1 and Black on the last point, then
        # the start position again.
        driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="edit"]').click()
        driver.find_element(By.ID, "clear-board").click()
        empty = "/".join([str(COLUMNS)] * ROWS) + " w"
        page.wait(lambda: page.fen() == empty, "the empty board")
        page.click_point("a1")
        driver.find_element(By.CSS_SELECTOR, 'input[name="brush"][value="B"]').click()
        page.click_point(last)
        edited = "/".join(["%dB" % (COLUMNS - 1)] + [str(COLUMNS)] * (ROWS - 2) + ["W%d" % (COLUMNS - 1)]) + " w"
        page.wait_for_position(edited)
        driver.find_element(By.ID, "start-position").click()
        page.wait(lambda: page.fen() == start, "the start position button")
        driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="play"]').click()

        # A position of the tables, played by a click on its best turn.
        fen = a_position_with_turns()
        answer = page.load(fen)
        best = answer["turns"][0]
        driver.find_element(By.CSS_SELECTOR, '#turns tbody tr[data-turn="%s"]' % best["turn"]).click()
        page.wait_for_position(best["fen"])

        # The page of the classes: a row per class, and a random position opens on this board.
        _, info = server.get("/api/info")
        driver.get(server.url("/classes.html"))
        page.wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#classes tbody tr")) == len(info["classes"]),
                  "a row per class")
        assert driver.find_element(By.ID, "tables-info").text.startswith(BOARD + " board"), \
            driver.find_element(By.ID, "tables-info").text
        driver.find_element(By.CSS_SELECTOR, '#classes tr[data-class="2v1"] a[data-wdl="win"]').click()
        page.wait(lambda: page.fen() and driver.find_element(By.ID, "value").get_attribute("data-wdl") == "win",
                  "a random won position of 2v1")
        assert len(page.fen().split()[0].split("/")) == ROWS, page.fen()

        errors = browser_errors(driver)
        assert not errors, "errors in the page's console: %s" % errors
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    board_command()
    tables = generate_tables()
    with Server(TSIVY, tables, extra=("--board", BOARD)) as server:
        if BROWSER:
            # browser_test reads its own arguments when imported: give it this test's.
            sys.argv = [sys.argv[0], TSIVY, tables, os.path.join(WORKDIR, "unused.png")]
            check_page(server)
            print("board %s: the page draws the board and edits it" % BOARD)
            return
        BoardApi.server, BoardApi.tables = server, tables
        result = unittest.main(argv=sys.argv[:1], verbosity=2, exit=False).result
        sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
