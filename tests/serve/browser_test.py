"""The explorer page in a real headless Chromium (Debian's chromium + chromedriver,
driven by python3-selenium): load a position from its URL, check the value and turn
list shown against the API, play a capture sequence by clicks (choosing withdrawal
over approach), let perfect play answer, edit a stone; then one scenario per item of
issue 20 and of issue 40: the arrow keys and the move list (a 60-turn game), the game
record copied, linked and loaded, undo against perfect play, no answer in edit mode,
the result banner and the last turn's captures, a draw by repetition, choosing sides,
a touch-sized screen (with a screenshot of its own), the cold open, the page of the
classes and the FEN box and link reading the same texts. Saves a screenshot.

Usage: browser_test.py TSIVY TABLES SCREENSHOT.png [FEN | computer]
With FEN it only loads that position, plays the first turns of perfect play on both
sides and saves the screenshot of that game in progress with its move list; with
"computer" it plays a new game from the start against the computer (1 s a turn), the
person taking the second turn of the list three times, and saves that (how the
README's picture is made, over larger tables). The touch screenshot goes next to
SCREENSHOT.png (NAME-touch.png).
"""
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, compress_rows, expand_row, probe_path, wait_until  # noqa: E402

TSIVY, TABLES, SCREENSHOT = sys.argv[1], sys.argv[2], sys.argv[3]
ONLY_SCREENSHOT_OF = sys.argv[4] if len(sys.argv) > 4 else None
# White g4 against Black g5, f2, g2: g4-g3 captures g2 by approach or g5 by withdrawal,
# and the sequence may go on to h4 (and i3).
CAPTURES = "6B2/6W2/9/5BB2/9 w"
WAIT_S = 15


def api(server, path):
    with urllib.request.urlopen(server.url(path), timeout=10) as response:
        return json.load(response)


def start_browser(profile):
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,760", "--user-data-dir=" + profile, "--no-first-run",
                 "--disable-extensions", "--disable-background-networking"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


class Page:
    def __init__(self, driver, server):
        self.driver, self.server = driver, server

    def fen(self):
        query = urllib.parse.urlparse(self.driver.current_url).query
        return urllib.parse.parse_qs(query).get("fen", [None])[0]

    def wait(self, predicate, what):
        wait_until(lambda: self.safe(predicate), WAIT_S, what)

    @staticmethod
    def safe(predicate):
        try:
            return predicate()
        except Exception:  # the page is re-rendering: try again
            return False

    def shown(self):
        """(wdl, depth, [(turn, wdl, depth)]) as the page shows them, from data attributes and text."""
        value = self.driver.find_element(By.ID, "value")
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr")
        turns = [(r.get_attribute("data-turn"), r.get_attribute("data-wdl"), r.get_attribute("data-depth")) for r in rows]
        # textContent: a finished game hides the value behind its result banner.
        return (value.get_attribute("data-wdl"), value.get_attribute("data-depth"), turns,
                value.get_attribute("textContent"), [r.get_attribute("textContent") for r in rows])

    def wait_for_position(self, fen):
        """Waits until the page shows fen with the API's value and turns, then checks them."""
        answer = api(self.server, probe_path(fen))
        expected_turns = [(t["turn"], t["wdl"], "" if t["depth"] is None else str(t["depth"])) for t in answer["turns"]]
        expected = (answer["wdl"], "" if answer["depth"] is None else str(answer["depth"]), expected_turns)
        self.wait(lambda: self.fen() == fen and self.shown()[:3] == expected, "the page to show " + fen)
        _, _, _, value_text, row_texts = self.shown()
        words = {"win": "Win in", "draw": "Draw", "loss": "Loss in"}
        assert value_text.startswith(words[answer["wdl"]]), value_text
        for row, turn in zip(row_texts, answer["turns"]):
            assert row.startswith(turn["turn"]) and words[turn["wdl"]] in row, (row, turn)
        return answer

    def wait_for_game(self, first, moves=()):
        """Waits until the page shows the game's position with /api/game's value and turns
        (also outside the tables, where a value is "not in the tables")."""
        query = "/api/game?fen=" + urllib.parse.quote(first) + (
            "&moves=" + urllib.parse.quote(" ".join(moves)) if moves else "")
        answer = api(self.server, query)
        text = lambda v: "" if v is None else str(v)
        expected = (text(answer["wdl"]), text(answer["depth"]),
                    [(t["turn"], text(t["wdl"]), text(t["depth"])) for t in answer["turns"]])
        self.wait(lambda: self.fen() == answer["fen"] and self.shown()[:3] == expected,
                  "the page to show " + answer["fen"])
        _, _, _, value_text, row_texts = self.shown()
        words = {"win": "Win in", "draw": "Draw", "loss": "Loss in", None: "not in the tables"}
        assert value_text.startswith(words[answer["wdl"]]), value_text
        for row, turn in zip(row_texts, answer["turns"]):
            assert row.startswith(turn["turn"]) and words[turn["wdl"]] in row, (row, turn)
        return answer

    def click_point(self, name):
        self.driver.find_element(By.CSS_SELECTOR, '#layer-hits .hit[data-point="%s"]' % name).click()

    def click_turn(self, turn):
        self.driver.find_element(By.CSS_SELECTOR, '#turns tbody tr[data-turn="%s"]' % turn).click()

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def moves(self):
        """The move list: [(turn, value text, class)]."""
        # One script, not three round trips an item: a game may have hundreds.
        return [tuple(item) for item in self.driver.execute_script("""
            return [...document.querySelectorAll('#moves li')].map((i) => [
              i.querySelector('.turn').innerText, i.querySelector('.value').innerText, i.className]);""")]

    def load(self, fen):
        self.driver.get(self.server.url("/?fen=" + urllib.parse.quote(fen)))
        return self.wait_for_position(fen)

    def settle(self, fen, seconds=1.2):
        """Waits longer than the engine's 0.6 s delay, then checks that fen is still shown."""
        time.sleep(seconds)
        assert self.fen() == fen, (self.fen(), fen)

    def targets(self):
        return sorted(e.get_attribute("data-target") for e in self.driver.find_elements(By.CSS_SELECTOR, "circle.target"))

    def visible(self, element_id):
        return self.driver.find_element(By.ID, element_id).is_displayed()


def browser_errors(driver):
    """Script errors in the page. Not the console's network lines: the page asks for
    positions outside the tables on purpose, and the API's 4xx answers are logged."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e.get("source") != "network"]


def run_checks(page, server):
    driver = page.driver
    timings = {}
    t0 = time.monotonic()
    # 1. A position from its URL: value and turn list as the API gives them.
    driver.get(server.url("/?fen=" + urllib.parse.quote(CAPTURES)))
    answer = page.wait_for_position(CAPTURES)
    assert len(answer["turns"]) >= 4
    timings["load"] = time.monotonic() - t0

    # 2. A capture sequence by clicks, perfect play answering: g4, then g3, where both
    # approach and withdrawal capture; withdrawal; then on to h4, which ends the turn.
    driver.find_element(By.ID, "computer").click()
    page.click_point("g4")
    page.wait(lambda: page.targets() == ["g3"], "the first step's destination")
    page.click_point("g3")
    page.wait(lambda: page.visible("choose-approach") and page.visible("choose-withdrawal"), "approach or withdrawal")
    assert not page.visible("stop-here")
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "choose-withdrawal")).perform()
    page.wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#layer-overlay .cross")) == 1, "the preview of the capture")
    driver.find_element(By.ID, "choose-withdrawal").click()
    page.wait(lambda: page.targets() == ["h4"] and page.visible("stop-here"), "the sequence to go on or stop")
    page.click_point("h4")
    played = next(t for t in answer["turns"] if t["turn"] == "g4-g3W-h4W")
    reply = api(server, probe_path(played["fen"]))["turns"][0]
    page.wait_for_position(reply["fen"])
    timings["capture sequence and answer"] = time.monotonic() - t0 - timings["load"]

    # 3. Against perfect play, Undo takes back the turn and its answer; Redo plays them again.
    driver.find_element(By.ID, "undo").click()
    page.wait_for_position(CAPTURES)
    page.settle(CAPTURES)
    driver.find_element(By.ID, "redo").click()
    page.wait_for_position(reply["fen"])
    driver.find_element(By.ID, "computer").click()

    # 4. The editor: a black stone on an empty point, then the side to move switched.
    driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="edit"]').click()
    driver.find_element(By.CSS_SELECTOR, 'input[name="brush"][value="B"]').click()
    before = reply["fen"]
    empty = next(p for p in ("a1", "i1", "a5", "i5", "a3") if not driver.find_elements(
        By.CSS_SELECTOR, '#layer-stones circle[data-point="%s"]' % p))
    page.click_point(empty)
    column, row = "abcdefghi".index(empty[0]), int(empty[1])
    rows = [list(expand_row(r)) for r in before.split()[0].split("/")]
    rows[5 - row][column] = "B"
    edited = compress_rows(rows) + " " + before.split()[1]
    page.wait_for_position(edited)
    driver.find_element(By.ID, "switch-side").click()
    page.wait_for_position(edited[:-1] + ("b" if edited.endswith("w") else "w"))

    # 5. A pasted position, and a malformed one, which is refused with the reason.
    field = driver.find_element(By.ID, "fen-input")
    field.clear()
    field.send_keys("9/9/3WB4/9/9 w\n")
    page.wait_for_position("9/9/3WB4/9/9 w")
    field.clear()
    field.send_keys("9/9/3WX4/9/9 w\n")
    page.wait(lambda: page.visible("fen-error") and "Not a position" in driver.find_element(By.ID, "fen-error").text,
              "the reason a malformed position is refused")
    assert page.fen() == "9/9/3WB4/9/9 w"

    # 6. Too many stones for the tables: said plainly, and the legal turns listed all the same.
    driver.get(server.url("/?fen=" + urllib.parse.quote(START)))
    page.wait(lambda: page.visible("message") and "Outside the tables" in driver.find_element(By.ID, "message").text,
              "the message for a position outside the tables")
    page.wait_for_game(START)

    timings["editor and messages"] = time.monotonic() - t0 - sum(timings.values())
    for scenario in (cold_open, navigation_and_move_list, long_game_and_record, undo_against_perfect_play, no_answer_in_edit_mode,
                     result_banner, resign_draw_and_rematch, analysis_marks_a_blunder, repetition_draw, choosing_sides, fen_box_and_link_agree, classes_page,
                     touch_screen, two_players_from_the_start, reload_keeps_the_game,
                     new_game_against_the_computer):
        started = time.monotonic()
        scenario(page, server)
        timings[scenario.__name__.replace("_", " ")] = time.monotonic() - started

    # The screenshot: a game in progress with its move list.
    driver.set_window_size(1280, 760)
    play_game_in_progress(page, BACK_START)
    driver.save_screenshot(SCREENSHOT)
    return timings


# Issue 20's position for Back: 2v2, long enough a game for three turns.
BACK_START = "9/9/3B2W2/2W6/1B7 w"
REPETITION = "9/2B3B2/9/4W4/3W5 w"  # 2v2, a draw
START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"


def play_best_turns(page, start, count):
    """Plays the best turn `count` times by clicking it in the turn list; the positions."""
    fens = [start]
    for _ in range(count):
        answer = api(page.server, probe_path(fens[-1]))
        assert answer["turns"], "no turn left in " + fens[-1]
        page.click_turn(answer["turns"][0]["turn"])
        page.wait_for_position(answer["turns"][0]["fen"])
        fens.append(answer["turns"][0]["fen"])
    return fens


# Items 1 and 2 of issue 20, and item 1 of issue 40: the page steps through the game
# itself (the arrow keys, the move list, Start), not through the browser's history,
# which keeps only some 50 entries: Back leaves the page at once. The move list in
# notation with each turn's value, clickable; the last turn marked on the board.
def navigation_and_move_list(page, server):
    driver = page.driver
    driver.get(server.url("/api/info"))  # "the previous site"
    page.load(BACK_START)
    fens = play_best_turns(page, BACK_START, 3)
    turns = []
    for before in fens[:3]:
        best = api(server, probe_path(before))["turns"][0]
        words = {"win": "Win in %s", "loss": "Loss in %s", "draw": "Draw"}[best["wdl"]]
        turns.append((best["turn"], words % best["depth"] if "%s" in words else words))
    page.wait(lambda: [m[:2] for m in page.moves()] == turns, "the move list")
    assert "current" in page.moves()[2][2]
    last = turns[2][0].split("-")
    marked = sorted(e.get_attribute("data-last") for e in driver.find_elements(By.CSS_SELECTOR, "circle.last-point"))
    assert marked == sorted({last[0][:2], last[-1][:2]}), (marked, last)

    body = driver.find_element(By.TAG_NAME, "body")
    for ply in (2, 1, 0):
        body.send_keys(Keys.ARROW_LEFT)
        page.wait_for_position(fens[ply])
    body.send_keys(Keys.ARROW_RIGHT)
    page.wait_for_position(fens[1])
    driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="3"]').click()
    page.wait_for_position(fens[3])
    driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="1"]').click()
    page.wait_for_position(fens[1])
    assert "current" in page.moves()[0][2] and "ahead" in page.moves()[2][2]
    driver.find_element(By.ID, "moves-start").click()
    page.wait_for_position(fens[0])
    driver.back()  # the game was never in the browser's history: the previous page
    wait_until(lambda: "/api/info" in driver.current_url, WAIT_S, "Back to the previous page")


# Issue 40, item 1 and the game record: two players, 60 turns without a capture from
# four corner stones (no position three times), each played by a click in the list;
# then turn 3, the start, the end and back by the move list, Start and the arrow keys.
# The game copied as text and as a link, loaded again from both, and a record with an
# illegal turn refused with that turn named.
LONG_GAME_START = "B7B/9/9/9/W7W w"


def quiet_game(server, start, count):
    """count turns without a capture from start, none to a position seen before (a
    depth-first search that backs up where only captures, or old positions, are left)."""
    fens, turns, choices = [start], [], []
    while len(turns) < count:
        if len(choices) < len(fens):  # a new position: its quiet turns to new positions
            answer = api(server, probe_path(fens[-1]))
            choices.append([t for t in answer["turns"] if not t["turn"].endswith(("A", "W"))])
        options = [t for t in choices[-1] if t["fen"] not in fens]
        if options:
            choices[-1].remove(options[0])
            turns.append(options[0]["turn"])
            fens.append(options[0]["fen"])
        else:
            choices.pop()
            fens.pop()
            turns.pop()
    return fens, turns


def long_game_and_record(page, server):
    driver = page.driver
    fens, turns = quiet_game(server, LONG_GAME_START, 60)
    page.load(LONG_GAME_START)
    # Clicked in the page as each position's list comes (the list empties at each turn
    # until the server's answer), without the driver's round trips.
    driver.set_script_timeout(60)
    driver.execute_async_script("""
        const turns = arguments[0], done = arguments[arguments.length - 1];
        let next = 0;
        const tick = () => {
          if (next === turns.length) return done(true);
          const row = document.querySelector('#turns tbody tr[data-turn="' + turns[next] + '"]');
          if (row) { row.click(); next += 1; }
          setTimeout(tick, 5);
        };
        tick();""", turns)
    page.wait_for_position(fens[60])
    assert [m[0] for m in page.moves()] == turns
    driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="3"]').click()
    page.wait_for_position(fens[3])
    driver.find_element(By.ID, "moves-start").click()
    page.wait_for_position(fens[0])
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    page.wait_for_position(fens[1])
    driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="60"]').click()
    page.wait_for_position(fens[60])
    body.send_keys(Keys.ARROW_LEFT)
    page.wait_for_position(fens[59])
    assert len(page.moves()) == 60

    # The record as text: the first position, then the turns numbered in pairs.
    driver.find_element(By.CSS_SELECTOR, "#record-panel summary").click()
    driver.find_element(By.ID, "record-copy").click()
    record = lambda: driver.find_element(By.ID, "record-text").get_attribute("value")
    numbered = " ".join("%d. %s %s" % (i // 2 + 1, turns[i], turns[i + 1]) for i in range(0, 60, 2))
    page.wait(lambda: record() == LONG_GAME_START + "\n" + numbered, "the game record")
    # Loaded again after another game: the whole game, shown at its end.
    page.load(BACK_START)
    driver.find_element(By.CSS_SELECTOR, "#record-panel summary").click()
    field = driver.find_element(By.ID, "record-text")
    field.clear()
    field.send_keys(LONG_GAME_START + "\n" + numbered)
    driver.find_element(By.ID, "record-load").click()
    page.wait_for_position(fens[60])
    assert [m[0] for m in page.moves()] == turns
    # A turn that is not legal: the game is not loaded, and the turn is named.
    bad = turns[:4] + [turns[4] + "A"] + turns[5:]  # the step claimed as a capture
    field.clear()
    field.send_keys(LONG_GAME_START + "\n" + " ".join(bad))
    driver.find_element(By.ID, "record-load").click()
    page.wait(lambda: page.visible("record-error") and "turn 5" in page.text("record-error"), "the illegal turn named")
    assert page.fen() == fens[60]
    # The link carries the turns: opened, it shows the game at its end.
    driver.find_element(By.ID, "record-link").click()
    page.wait(lambda: "moves=" in record(), "the game's link")
    link = record()
    driver.execute_script("sessionStorage.clear()")
    driver.get(link)
    page.wait_for_position(fens[60])
    page.wait(lambda: [m[0] for m in page.moves()] == turns, "the linked game's turns")
    # A link with an illegal turn: said, and the start shown.
    driver.get(server.url("/?fen=" + urllib.parse.quote(LONG_GAME_START) + "&moves=" + urllib.parse.quote(" ".join(bad))))
    page.wait(lambda: page.visible("fen-error") and "turn 5" in page.text("fen-error"), "the link's illegal turn")


# Item 3: against perfect play Undo takes back a pair, and the engine moves whenever
# it is its turn (after "Best turn", and when the person takes the other side).
def undo_against_perfect_play(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.find_element(By.ID, "computer").click()
    first = api(server, probe_path(BACK_START))["turns"][0]
    page.click_turn(first["turn"])
    answer = api(server, probe_path(first["fen"]))["turns"][0]
    page.wait_for_position(answer["fen"])
    driver.find_element(By.ID, "undo").click()
    page.wait_for_position(BACK_START)
    page.settle(BACK_START)
    driver.find_element(By.ID, "best-turn").click()
    page.wait_for_position(answer["fen"])
    driver.find_element(By.ID, "computer").click()


# Item 4: switching to Edit within the engine's delay: its answer never lands.
def no_answer_in_edit_mode(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.find_element(By.ID, "computer").click()
    first = api(server, probe_path(BACK_START))["turns"][0]
    # In the page itself, so that the 0.25 s do not depend on the driver's round trips.
    driver.execute_script("""
        document.querySelector('#turns tbody tr[data-turn="' + arguments[0] + '"]').click();
        setTimeout(() => document.querySelector('input[name="mode"][value="edit"]').click(), 250);""", first["turn"])
    page.wait(lambda: page.fen() == first["fen"] and page.visible("editor"), "the turn played, then Edit")
    page.settle(first["fen"])
    driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="play"]').click()
    driver.find_element(By.ID, "computer").click()


# Item 5: a finished game says who won and why, in the page's text colour; against the
# computer from the player's side. The empty board agrees with /api/probe (White to
# move without stones has lost).
def result_banner(page, server):
    driver = page.driver
    page.load("9/9/3WB4/9/9 w")
    driver.find_element(By.ID, "sound").click()  # issue 40: a knock for a capture, when ticked
    page.click_turn("d3-c3W")
    page.wait(lambda: driver.find_element(By.ID, "sound").get_attribute("data-played") == "1", "the capture's sound")
    driver.find_element(By.ID, "sound").click()
    page.wait(lambda: page.visible("result") and page.text("result") == "White wins: Black has no stones left",
              "the result banner")
    assert not page.visible("status") and not page.visible("turns")
    # Issue 40, item 2: the last turn shown whole: the stone it took stays, faint and
    # crossed out, where it stood (until the next turn), and the message is gone.
    taken = lambda: [e.get_attribute("data-taken") for e in driver.find_elements(By.CSS_SELECTOR, "circle.taken")]
    assert taken() == ["e3"], taken()
    assert not page.visible("message")
    colour = lambda element: driver.execute_script("return getComputedStyle(arguments[0]).color", element)
    assert colour(driver.find_element(By.ID, "result")) == colour(driver.find_element(By.TAG_NAME, "body"))
    # No turn: White's only stone, on a1, is walled in by Black's three.
    page.load("9/9/9/BB7/WB7 w")
    page.wait(lambda: page.visible("result") and page.text("result") == "Black wins: White has no turn",
              "the result banner of a side without a turn")
    assert not page.visible("turns")
    assert api(server, probe_path("9/9/9/9/9 w"))["wdl"] == "loss"
    page.load("9/9/9/9/9 w")
    page.wait(lambda: page.text("result") == "Black wins: White has no stones left", "the empty board's banner")
    # Against the computer: the player's win, then the computer's (the player as Black).
    page.load("9/9/3WB4/9/9 w")
    driver.find_element(By.ID, "computer").click()
    page.click_turn("d3-c3W")
    outcome = lambda: driver.find_element(By.ID, "result").get_attribute("data-outcome")
    page.wait(lambda: page.text("result") == "You win: Black has no stones left" and outcome() == "you", "You win")
    page.load("9/9/3WB4/9/9 w")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("b")
    page.wait(lambda: page.text("result") == "The computer wins: Black has no stones left" and outcome() == "computer",
              "The computer wins")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    driver.find_element(By.ID, "computer").click()


# Item 6: the third occurrence of a position ends the game as a draw.
def repetition_draw(page, server):
    page.load(REPETITION)
    cycle = ["d1-d2", "c4-c5", "d2-d1", "c5-c4"]
    for turn in cycle * 2:
        page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, '#turns tbody tr[data-turn="%s"]' % turn),
                  "the turn " + turn)
        page.click_turn(turn)
    page.wait(lambda: page.fen() == REPETITION and page.visible("result") and
              page.text("result").startswith("Draw by repetition"), "the draw by repetition")
    assert not page.visible("turns")
    # The principal line of the drawn position says why it stops.
    page.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    page.wait(lambda: not page.visible("result"), "the game before the third occurrence")
    page.driver.find_element(By.CSS_SELECTOR, "#line-panel summary").click()
    page.wait(lambda: page.driver.find_element(By.CSS_SELECTOR, "#line li.line-end").get_attribute("data-end") ==
              "repetition", "the principal line's end")


# Item 7: the person plays Black, so the engine (White) starts; flipping the board.
def choosing_sides(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.find_element(By.ID, "computer").click()
    Select(driver.find_element(By.ID, "human-side")).select_by_value("b")
    best = api(server, probe_path(BACK_START))["turns"][0]
    page.wait_for_position(best["fen"])
    x = lambda name: float(driver.find_element(By.CSS_SELECTOR, '.hit[data-point="%s"]' % name).get_attribute("x"))
    assert x("a1") > x("i1")  # playing Black turns the board round
    driver.find_element(By.ID, "flip-board").click()
    page.wait(lambda: x("a1") < x("i1"), "the board flipped back")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    driver.find_element(By.ID, "computer").click()


# Item 13: the FEN box and the link accept and refuse the same texts.
def fen_box_and_link_agree(page, server):
    driver = page.driver
    odd = "111111111/6B2/4W4/2W6/9 w"
    driver.get(server.url("/?fen=" + urllib.parse.quote(odd)))
    page.wait(lambda: page.visible("fen-error") and "not a position" in page.text("fen-error"), "the link refused")
    page.wait_for_game(START)  # the default: the start, where a game begins
    field = driver.find_element(By.ID, "fen-input")
    field.clear()
    field.send_keys(odd + "\n")
    page.wait(lambda: "Not a position" in page.text("fen-error"), "the FEN box refusing it too")
    good = "9/9/3WB4/9/9 w"
    page.load(good)
    assert not page.visible("fen-error")
    # Issue 40, item 4: a refused text is shown as typed (three spaces stay three), the
    # reason is one a player can read (no file to look up), and a very long text is
    # refused before it is sent.
    field = driver.find_element(By.ID, "fen-input")
    field.clear()
    field.send_keys("9/9/3WB4/9/9   w\n")
    page.wait(lambda: "9/9/3WB4/9/9   w" in page.text("fen-error") and "one space" in page.text("fen-error"),
              "three spaces shown as typed")
    field.clear()
    driver.execute_script("arguments[0].value = arguments[1]", field, "9/" * 10000)
    field.send_keys("\n")
    page.wait(lambda: "20,000 characters" in page.text("fen-error"), "a 20,000-character text refused")
    assert "notation.md" not in page.text("fen-error")
    # A link too long for a request line: a page that says so, not raw JSON.
    driver.get(server.url("/?fen=" + "9" * 9000))
    page.wait(lambda: "too long" in driver.find_element(By.TAG_NAME, "body").text, "the page for a link too long")
    assert driver.find_elements(By.CSS_SELECTOR, 'a[href="/"]')
    page.load(good)


# Item 9: every class of /api/info with its shares and links into the explorer.
def classes_page(page, server):
    driver = page.driver
    info = api(server, "/api/info")
    driver.get(server.url("/classes.html"))
    page.wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#classes tbody tr")) == len(info["classes"]),
              "a row per class")
    with_draws = next(c for c in info["classes"] if c["draws"] and c["wins"])
    row = driver.find_element(By.CSS_SELECTOR, '#classes tr[data-class="%s"]' % with_draws["class"])
    share = "%.1f %%" % (100 * with_draws["draws"] / with_draws["canonical"])
    assert row.find_element(By.CSS_SELECTOR, 'td[data-share="draw"]').text == share
    deepest = row.find_element(By.CSS_SELECTOR, "a[data-deepest]").text
    assert deepest == with_draws["deepest"]
    row.find_element(By.CSS_SELECTOR, "a[data-deepest]").click()
    answer = page.wait_for_position(deepest)
    assert answer["depth"] == with_draws["max_depth"], (answer, with_draws)
    driver.back()
    row = page.driver.find_element(By.CSS_SELECTOR, '#classes tr[data-class="%s"]' % with_draws["class"])
    page.wait(lambda: row.find_element(By.CSS_SELECTOR, 'a[data-wdl="draw"]').is_displayed(), "the page again")
    row.find_element(By.CSS_SELECTOR, 'a[data-wdl="draw"]').click()
    page.wait(lambda: page.fen() and driver.find_element(By.ID, "value").get_attribute("data-wdl") == "draw",
              "a random drawn position")
    us, them = map(int, with_draws["class"].split("v"))
    fen = page.fen()
    mover = "W" if fen.endswith("w") else "B"
    assert (fen.count(mover), fen.split()[0].count("W") + fen.split()[0].count("B") - fen.count(mover)) == (us, them)


# Item 8: at 400 x 800 (touch) the choices say what they take and their value, tap
# targets and labels are large, the header small. Saves a screenshot of its own.
def touch_screen(page, server):
    driver = page.driver
    driver.set_window_size(400, 800)
    page.load(CAPTURES)
    width = driver.execute_script("return document.documentElement.clientWidth")
    assert width <= 400, width
    # Nothing wider than the screen (the game bar and the help included).
    overflow = driver.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= 400, overflow
    header = driver.execute_script("return document.querySelector('header').getBoundingClientRect().height")
    assert header <= 48, header
    tap = driver.execute_script("return document.querySelector('.hit').getBoundingClientRect().width")
    assert tap >= 40, tap
    label = driver.execute_script("return document.querySelector('#board .label').getBoundingClientRect().height")
    assert label >= 13, label
    # Issue 40, item 3: the side to move, the value and the computer's words are in view
    # above the board, not below the fold.
    bottom = driver.execute_script("return document.getElementById('status-area').getBoundingClientRect().bottom")
    assert bottom <= driver.execute_script("return window.innerHeight") / 2, bottom
    separators = driver.execute_script("""return [...document.querySelectorAll('.separator')]
        .filter((e) => getComputedStyle(e).display !== 'none').length""")
    assert separators == 0, separators
    labels_clear_of_stones(page, START)
    page.load(CAPTURES)
    page.click_point("g4")
    page.click_point("g3")
    page.wait(lambda: page.visible("choose-approach") and page.visible("choose-withdrawal"), "approach or withdrawal")
    answer = api(server, probe_path(CAPTURES))
    by_turn = {t["turn"]: t for t in answer["turns"]}
    words = lambda t: "Draw" if t["wdl"] == "draw" else "%s in %d" % (t["wdl"].capitalize(), t["depth"])
    best = lambda prefix: next(t for t in answer["turns"] if t["turn"].startswith(prefix))  # best first
    assert page.text("choose-approach") == "Approach · takes 1 · " + words(best("g4-g3A")), page.text("choose-approach")
    assert page.text("choose-withdrawal") == "Withdrawal · takes 1 · " + words(best("g4-g3W"))
    height = driver.execute_script("return document.getElementById('choose-withdrawal').getBoundingClientRect().height")
    assert height >= 44, height
    touch_shot = os.path.splitext(SCREENSHOT)[0] + "-touch.png"
    driver.save_screenshot(touch_shot)
    driver.find_element(By.ID, "choose-withdrawal").click()
    page.wait(lambda: page.visible("stop-here") and page.text("stop-here") == "Stop here · " + words(by_turn["g4-g3W"]),
              "Stop here with its value")
    # The page of the classes fits the phone's width too (cards, not a wide table).
    driver.get(server.url("/classes.html"))
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#classes tbody tr"), "the classes")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 400, width
    driver.set_window_size(1280, 760)


def labels_clear_of_stones(page, fen):
    """Issue 40, item 6: no coordinate under a stone of the edge rows, the board either way round."""
    driver = page.driver
    driver.get(page.server.url("/?fen=" + urllib.parse.quote(fen)))
    page.wait(lambda: page.fen() == fen and driver.find_elements(By.CSS_SELECTOR, "#layer-stones circle"), "the stones")
    overlaps = """const boxes = (s) => [...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect());
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const labels = boxes('#board .label'), stones = boxes('#layer-stones circle');
        return labels.filter((l) => stones.some((s) => meet(l, s))).length;"""
    assert driver.execute_script(overlaps) == 0
    driver.find_element(By.ID, "flip-board").click()
    assert driver.execute_script(overlaps) == 0
    driver.find_element(By.ID, "flip-board").click()


# Issue 40, item 5: the bare address on a first visit (nothing kept for the tab) is a
# game from the start against the computer, the person White, New game in the first row.
def cold_open(page, server):
    driver = page.driver
    driver.execute_script("sessionStorage.clear()")
    driver.get(server.url("/"))
    page.wait_for_game(START)
    assert driver.find_element(By.ID, "computer").is_selected()
    assert Select(driver.find_element(By.ID, "human-side")).first_selected_option.get_attribute("value") == "w"
    new_game = driver.find_element(By.ID, "new-game").rect
    undo = driver.find_element(By.ID, "undo").rect
    assert new_game["y"] < undo["y"], (new_game, undo)
    assert "Fanorona" in driver.find_element(By.CSS_SELECTOR, "header .subtitle").text
    labels_clear_of_stones(page, START)
    driver.find_element(By.ID, "computer").click()  # off again, as the other scenarios expect


# Issue 40: resigning (two players: the side to move; against the computer: the
# person), a draw offered (two players agree at once; the computer accepts in a drawn
# table position and declines in one the tables say it wins), and a rematch against the
# computer with the colours swapped, which it opens as White.
def resign_draw_and_rematch(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.find_element(By.ID, "resign").click()
    page.wait(lambda: page.visible("result") and page.text("result") == "White resigned: Black wins", "the resignation")
    assert not page.visible("turns") and not page.visible("rematch")
    driver.find_element(By.ID, "new-game").click()
    page.wait_for_game(START)
    driver.find_element(By.ID, "offer-draw").click()
    page.wait(lambda: page.visible("result") and page.text("result") == "Draw agreed", "a draw agreed by two players")

    Select(driver.find_element(By.ID, "strength")).select_by_value("100")
    driver.find_element(By.ID, "computer").click()
    page.load(REPETITION)  # 2v2, White to move: a draw
    driver.find_element(By.ID, "offer-draw").click()
    page.wait(lambda: page.visible("result") and page.text("result") == "Draw agreed", "the computer accepting a draw")
    lost = api(server, "/api/random?class=1v3&wdl=loss")["fen"]  # the person to move, and lost
    side = "w" if lost.endswith("w") else "b"
    Select(driver.find_element(By.ID, "human-side")).select_by_value(side)
    page.load(lost)
    driver.find_element(By.ID, "offer-draw").click()
    page.wait(lambda: page.visible("draw-answer") and "declines" in page.text("draw-answer"), "the offer declined")
    assert "the tables say it wins" in page.text("draw-answer") and not page.visible("result")
    driver.find_element(By.ID, "resign").click()
    page.wait(lambda: page.text("result") == "You resigned: the computer wins" and page.visible("rematch"), "You resigned")
    assert not page.visible("draw-answer")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    driver.find_element(By.ID, "rematch").click()
    page.wait(lambda: len(page.moves()) == 1 and page.moves()[0][1].startswith("engine "), "the rematch, the computer White")
    assert Select(driver.find_element(By.ID, "human-side")).first_selected_option.get_attribute("value") == "b"
    assert not page.visible("result")
    driver.find_element(By.ID, "computer").click()
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    Select(driver.find_element(By.ID, "strength")).select_by_value("1000")


# Issue 40: the analysis after the game marks a known blunder: a table win thrown away
# (the one mistake, with the tables' best turn as the better one); the evaluation bar
# and the graph, whose click goes to that position.
def analysis_marks_a_blunder(page, server):
    driver = page.driver
    for _ in range(200):
        fen = api(server, "/api/random?class=2v1&wdl=win")["fen"]
        turns = api(server, probe_path(fen))["turns"]
        blunders = [t for t in turns if t["wdl"] != "win"]
        if blunders:
            break
    assert blunders, "no won 2v1 position with a turn that is not a win"
    page.load(fen)
    page.click_turn(blunders[0]["turn"])
    page.wait_for_position(blunders[0]["fen"])
    replies = api(server, probe_path(blunders[0]["fen"]))["turns"]
    plies = 1
    if replies:
        page.click_turn(replies[0]["turn"])
        page.wait_for_position(replies[0]["fen"])
        plies = 2
    assert page.visible("eval-bar")  # in the tables: their value
    driver.find_element(By.ID, "analyse").click()
    page.wait(lambda: page.text("analysis-status") == "Analysed: 1 mistake marked", "the analysis")
    first = driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="1"]')
    assert "mistake" in first.get_attribute("class")
    best = [t["turn"] for t in turns if (t["wdl"], t["depth"]) == (turns[0]["wdl"], turns[0]["depth"])]
    better = first.find_element(By.CLASS_NAME, "better").text
    assert better.startswith("mistake: better ") and better.split()[-1] in best, (better, best)
    dots = driver.find_elements(By.CSS_SELECTOR, "#eval-graph .dot")
    assert len(dots) == plies + 1 and "mistake" in dots[1].get_attribute("class"), len(dots)
    graph = driver.find_element(By.ID, "eval-graph")
    ActionChains(driver).move_to_element_with_offset(graph, -graph.rect["width"] / 2 + 3, 0).click().perform()
    page.wait_for_position(fen)
    white = fen.endswith("w")
    points = int(driver.find_element(By.ID, "eval-bar").get_attribute("data-points"))
    assert points == (100000 if white else -100000), points  # the side to move wins


# Issue 29: from the start position two people play at one screen: every turn is
# listed (not in the tables) and can be played by clicks, on the board or in the list.
def two_players_from_the_start(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.find_element(By.ID, "new-game").click()
    answer = page.wait_for_game(START)
    assert all(t["wdl"] is None for t in answer["turns"]) and len(answer["turns"]) == 5
    page.click_turn(answer["turns"][0]["turn"])
    first = answer["turns"][0]["turn"]
    reply = page.wait_for_game(START, [first])
    # Black's turn by clicks on the board: the stone, then each step.
    turn = reply["turns"][0]["turn"]
    points = [part[:2] for part in turn.split("-")]
    for point in points:
        page.click_point(point)
    page.wait_for_game(START, [first, turn])
    assert [m[:2] for m in page.moves()] == [(first, "not in the tables"), (turn, "not in the tables")], page.moves()
    # Outside the tables "Best turn" asks the engine (at the computer's time).
    Select(driver.find_element(By.ID, "strength")).select_by_value("100")
    driver.find_element(By.ID, "best-turn").click()
    page.wait(lambda: len(page.moves()) == 3 and page.moves()[2][1].startswith("engine "), "the engine's turn")
    assert page.text("engine-info").startswith("The engine chose " + page.moves()[2][0] + ":"), page.text("engine-info")
    Select(driver.find_element(By.ID, "strength")).select_by_value("1000")
    help_text = page.text("help")
    assert "approach" in help_text and "withdrawal" in help_text and "New game" in help_text, help_text


# Issue 29: a reload keeps the whole game, also the turns after the one shown, and the
# setting of the opponent; the move list keeps the current turn in view.
def reload_keeps_the_game(page, server):
    driver = page.driver
    page.load(BACK_START)
    driver.execute_script("document.getElementById('moves').style.maxHeight = '3em'")  # 4 turns overflow it
    fens = play_best_turns(page, BACK_START, 4)
    in_view = lambda: driver.execute_script("""
        const list = document.getElementById('moves'), item = list.querySelector('li.current');
        const a = list.getBoundingClientRect(), b = item.getBoundingClientRect();
        return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;""")
    assert in_view()
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_LEFT)
    page.wait_for_position(fens[1])
    assert in_view()
    driver.find_element(By.ID, "computer").click()
    Select(driver.find_element(By.ID, "human-side")).select_by_value("b")  # Black to move at fens[1]: the person's turn
    driver.refresh()
    page.wait_for_position(fens[1])
    page.wait(lambda: len(page.moves()) == 4, "the whole game after a reload")
    assert "current" in page.moves()[0][2] and "ahead" in page.moves()[3][2]
    assert driver.find_element(By.ID, "computer").is_selected()
    assert Select(driver.find_element(By.ID, "human-side")).first_selected_option.get_attribute("value") == "b"
    driver.find_element(By.ID, "computer").click()
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")


# Issue 29: "New game" against the computer from the start position, the person as
# Black at 0.1 s a turn: the computer (White) opens, the person answers by a click, the
# computer answers again; the page shows the engine's evaluation and depth, and the move
# list its turns with the engine's score.
def new_game_against_the_computer(page, server):
    driver = page.driver
    page.load(BACK_START)
    Select(driver.find_element(By.ID, "strength")).select_by_value("100")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("b")
    driver.find_element(By.ID, "computer").click()  # inside the tables: perfect play moves at once
    driver.find_element(By.ID, "new-game").click()
    engine = lambda: driver.find_element(By.ID, "engine-info")
    page.wait(lambda: len(page.moves()) == 1 and page.moves()[0][1].startswith("engine "), "the computer's first turn")
    first = page.moves()[0][0]
    page.wait_for_game(START, [first])
    assert engine().text.startswith("The computer played " + first) and "search depth" in engine().text, engine().text
    # At 0.1 s under load the engine may not complete its first iteration (depth 0).
    assert int(engine().get_attribute("data-depth")) >= 0
    reply = api(server, "/api/game?fen=" + urllib.parse.quote(START) + "&moves=" + urllib.parse.quote(first))
    page.click_turn(reply["turns"][0]["turn"])
    page.wait(lambda: len(page.moves()) == 3, "the computer's second turn")
    moves = page.moves()
    assert moves[1][:2] == (reply["turns"][0]["turn"], "not in the tables") and moves[2][1].startswith("engine "), moves
    page.wait_for_game(START, [m[0] for m in moves])
    assert not page.visible("result")
    # Issue 40, item 4: stepped back, the computer's words about its last turn go.
    assert page.visible("engine-info")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    body.send_keys(Keys.ARROW_LEFT)
    page.wait_for_game(START, [first])
    assert not page.visible("engine-info")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    page.wait_for_game(START, [m[0] for m in moves])
    assert page.visible("engine-info")
    # Undo takes back the person's turn and the computer's answer together.
    driver.find_element(By.ID, "undo").click()
    page.wait_for_game(START, [first])
    # A reload at the end of the game with the computer to move (as when it was still
    # thinking): it plays on. Here the person's turn is played with the computer off,
    # then the setting comes back with the reload, as the tab kept it.
    driver.find_element(By.ID, "computer").click()
    assert len(reply["turns"]) > 1
    page.click_turn(reply["turns"][-1]["turn"])  # another turn than before: the game ends there
    page.wait(lambda: len(page.moves()) == 2, "the person's turn")
    driver.execute_script("sessionStorage.setItem('tsivy.settings', JSON.stringify({computer: true, side: 'b', strength: '100'}))")
    driver.refresh()
    page.wait(lambda: len(page.moves()) == 3 and page.moves()[2][1].startswith("engine "), "the computer's turn after a reload")
    # A search the page leaves is stopped, on the page and on the server: "Best turn" at
    # 5 s, then Undo; no turn comes, and both of the server's search threads are free.
    Select(driver.find_element(By.ID, "strength")).select_by_value("5000")
    driver.find_element(By.ID, "best-turn").click()
    page.wait(lambda: page.text("engine-info").startswith("The engine is thinking"), "the engine thinking")
    driver.find_element(By.ID, "undo").click()
    page.wait(lambda: not page.visible("engine-info") and len(page.moves()) == 3, "the search dropped")
    results = []
    both = [threading.Thread(target=lambda: results.append(api(server, "/api/search?movetime=100&fen=" +
                                                                  urllib.parse.quote(START))["best"])) for _ in range(2)]
    started = time.monotonic()
    for t in both:
        t.start()
    for t in both:
        t.join()
    assert len(results) == 2 and time.monotonic() - started < 1.5, (results, time.monotonic() - started)
    assert len(page.moves()) == 3 and "current" in page.moves()[0][2], page.moves()
    driver.find_element(By.ID, "computer").click()
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    Select(driver.find_element(By.ID, "strength")).select_by_value("1000")


def play_game_in_progress(page, fen):
    """Loads fen, plays four turns of perfect play, and hovers the best turn next."""
    page.load(fen)
    play_best_turns(page, fen, 4)
    rows = page.driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr")
    if rows:
        ActionChains(page.driver).move_to_element(rows[0]).perform()
    time.sleep(0.3)


def play_against_the_computer(page, person_turns):
    """A new game from the start, the person White against the computer at 1 s a turn:
    the person plays the second turn of the list each time; then the game is analysed,
    its record shown and a turn hovered."""
    driver = page.driver
    driver.get(page.server.url("/"))
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr"), "the page")
    Select(driver.find_element(By.ID, "strength")).select_by_value("1000")
    Select(driver.find_element(By.ID, "human-side")).select_by_value("w")
    driver.find_element(By.ID, "new-game").click()
    if not driver.find_element(By.ID, "computer").is_selected():
        driver.find_element(By.ID, "computer").click()
    for played in range(person_turns):
        page.wait(lambda: len(page.moves()) == 2 * played and driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr"),
                  "the person's turn")
        rows = driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr")
        rows[min(1, len(rows) - 1)].click()
        page.wait(lambda: len(page.moves()) == 2 * played + 2, "the computer's answer")
    page.wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr"), "the turns")
    # The game analysed (its graph) and its record shown.
    driver.find_element(By.ID, "analyse").click()
    page.wait(lambda: page.text("analysis-status").startswith("Analysed"), "the analysis")
    driver.find_element(By.CSS_SELECTOR, "#record-panel summary").click()
    driver.find_element(By.ID, "record-copy").click()
    ActionChains(driver).move_to_element(driver.find_elements(By.CSS_SELECTOR, "#turns tbody tr")[0]).perform()
    time.sleep(0.3)


def main():
    started = time.monotonic()
    profile = tempfile.mkdtemp(prefix="tsivy-chromium-")
    driver = None
    try:
        # --stats: the page of the classes links each class's deepest position.
        with Server(TSIVY, TABLES, extra=() if ONLY_SCREENSHOT_OF else ("--stats",)) as server:
            driver = start_browser(profile)
            page = Page(driver, server)
            if ONLY_SCREENSHOT_OF:
                driver.set_window_size(1280, 880)  # room for the move list below the turns
                if ONLY_SCREENSHOT_OF == "computer":
                    play_against_the_computer(page, 3)
                else:
                    play_game_in_progress(page, ONLY_SCREENSHOT_OF)
                driver.save_screenshot(SCREENSHOT)
            else:
                timings = run_checks(page, server)
                print("steps:", ", ".join("%s %.1f s" % kv for kv in timings.items()))
            errors = browser_errors(driver)
            assert not errors, "errors in the page's console: %s" % errors
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    print("browser test passed in %.1f s; screenshot %s" % (time.monotonic() - started, SCREENSHOT))


if __name__ == "__main__":
    main()
