"""The explorer page in a real headless Chromium (Debian's chromium + chromedriver,
driven by python3-selenium): load a position from its URL, check the value and turn
list shown against the API, play a capture sequence by clicks (choosing withdrawal
over approach), let perfect play answer, edit a stone, and save a screenshot.

Usage: browser_test.py TSIVY TABLES SCREENSHOT.png [FEN]
With FEN it only loads that position, hovers its best turn and saves the screenshot
(how the README's picture is made, over larger tables).
"""
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_fixture import Server, probe_path, wait_until  # noqa: E402

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
        return value.get_attribute("data-wdl"), value.get_attribute("data-depth"), turns, value.text, [r.text for r in rows]

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

    def click_point(self, name):
        self.driver.find_element(By.CSS_SELECTOR, '#layer-hits circle[data-point="%s"]' % name).click()

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
    driver.find_element(By.ID, "perfect-play").click()
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

    # 3. Undo goes back one position at a time.
    driver.find_element(By.ID, "undo").click()
    page.wait_for_position(played["fen"])
    driver.find_element(By.ID, "redo").click()
    page.wait_for_position(reply["fen"])

    # 4. The editor: a black stone on an empty point, then the side to move switched.
    driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="edit"]').click()
    driver.find_element(By.CSS_SELECTOR, 'input[name="brush"][value="B"]').click()
    before = reply["fen"]
    empty = next(p for p in ("a1", "i1", "a5", "i5", "a3") if not driver.find_elements(
        By.CSS_SELECTOR, '#layer-stones circle[data-point="%s"]' % p))
    page.click_point(empty)
    column, row = "abcdefghi".index(empty[0]), int(empty[1])
    rows = [list(expand(r)) for r in before.split()[0].split("/")]
    rows[5 - row][column] = "B"
    edited = compress(rows) + " " + before.split()[1]
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

    # 6. Too many stones for the tables: said plainly.
    driver.get(server.url("/?fen=" + urllib.parse.quote("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w")))
    page.wait(lambda: page.visible("message") and "Outside the tables" in driver.find_element(By.ID, "message").text,
              "the message for a position outside the tables")

    # The screenshot: the capture position with its best turn hovered.
    driver.get(server.url("/?fen=" + urllib.parse.quote(CAPTURES)))
    page.wait_for_position(CAPTURES)
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "#turns tbody tr")).perform()
    driver.save_screenshot(SCREENSHOT)
    return timings


def expand(row):
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in row)


def compress(rows):
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


def main():
    started = time.monotonic()
    profile = tempfile.mkdtemp(prefix="tsivy-chromium-")
    driver = None
    try:
        with Server(TSIVY, TABLES) as server:
            driver = start_browser(profile)
            page = Page(driver, server)
            if ONLY_SCREENSHOT_OF:
                driver.get(server.url("/?fen=" + urllib.parse.quote(ONLY_SCREENSHOT_OF)))
                page.wait_for_position(ONLY_SCREENSHOT_OF)
                ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "#turns tbody tr")).perform()
                time.sleep(0.3)
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
