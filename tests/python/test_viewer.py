"""The viewer in a real browser (Debian's chromium, headless, through Selenium): it loads
a demo log of each game, draws the board, steps forward and back, hides trade drafting,
exports SVG and PNG, shows a readable message for a malformed log, and logs no console
error. Screenshots are kept under build/test/screenshots (MEEPLE_SCREENSHOTS to move
them)."""

from __future__ import annotations

import base64
import os
import pathlib

import pytest

from meeple.commands import main
from meeple.records.viewer import VIEWER

from conftest import REPO_ROOT

SHOTS = pathlib.Path(os.environ.get("MEEPLE_SCREENSHOTS", REPO_ROOT / "build" / "test" / "screenshots"))


@pytest.fixture(scope="module")
def browser(require_chromium):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = require_chromium
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--allow-file-access-from-files"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_script_timeout(30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("viewer-logs")
    out = {}
    for name, spec, games in (("catan", "catan(vp_to_win=5)", 1), ("triangle", "triangle", 2),
                              ("tictactoe", "tictactoe", 3)):
        path = folder / f"{name}.jsonl.gz"
        assert main(["demo", "--game", spec, "--games", str(games), "--quiet", "--seed", "3", "--log", str(path)]) == 0
        out[name] = path
    return out


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def open_viewer(driver):
    driver.get(VIEWER.as_uri())
    driver.get_log("browser")  # start clean


def load(driver, path):
    data = base64.b64encode(path.read_bytes()).decode()
    ok = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const bin = atob(arguments[0]); const a = new Uint8Array(bin.length);"
        "for (let i = 0; i < bin.length; ++i) a[i] = bin.charCodeAt(i);"
        "meepleViewer.loadBytes(a, arguments[1]).then(done);", data, path.name)
    assert ok, driver.execute_script("return meepleViewer.message")


def position(driver):
    return driver.execute_script("return meepleViewer.position")


def key(driver, name):
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(name).perform()


def check_svg_export(driver):
    text = driver.execute_script("return meepleViewer.exportSvg('board')")
    assert text.startswith("<svg")
    parsed = driver.execute_script(
        "const d = new DOMParser().parseFromString(arguments[0], 'image/svg+xml');"
        "return d.getElementsByTagName('parsererror').length === 0 && d.documentElement.tagName;", text)
    assert parsed == "svg"
    size = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "meepleViewer.svgToPng(meepleViewer.exportSvg('board')).then(b => done(b.size), e => done(-1));")
    assert size > 1000


def test_catan_board_steps_filters_trades_and_exports(browser, logs, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    # Through the command: a page with the log inside it.
    page = tmp_path / "catan.html"
    assert main(["view", str(logs["catan"]), "--no-browser", "-o", str(page)]) == 0
    browser.get(page.as_uri())
    browser.get_log("browser")
    steps = browser.execute_script("return meepleViewer.game ? meepleViewer.game.steps.length : 0")
    assert steps > 100
    board = browser.find_element(By.ID, "board")
    assert len(board.find_elements(By.CSS_SELECTOR, "polygon[data-hex]")) == 19
    assert len(board.find_elements(By.CSS_SELECTOR, "#harbors circle")) == 9
    assert board.find_elements(By.CSS_SELECTOR, "#robber circle")
    key(browser, Keys.END)
    assert position(browser) == steps
    assert len(board.find_elements(By.CSS_SELECTOR, "[data-kind]")) >= 8  # two settlements a seat at least
    assert len(board.find_elements(By.CSS_SELECTOR, "line[data-edge]")) >= 8
    assert "game over" in browser.find_element(By.ID, "position").text
    players = browser.find_element(By.ID, "players").text
    assert "Blue" in players and "Orange" in players  # names beside the colours
    browser.save_screenshot(str(SHOTS / "catan-end.png"))
    key(browser, Keys.HOME)
    key(browser, Keys.ARROW_RIGHT)
    key(browser, Keys.ARROW_RIGHT)
    assert position(browser) == 2
    key(browser, Keys.ARROW_LEFT)
    assert position(browser) == 1
    assert "chose" in browser.find_element(By.ID, "decision").text
    # The filter: no drafting step is ever shown while stepping through the game.
    names = browser.execute_script("return meepleViewer.game.steps.map(s => s.name)")
    drafts = [i + 1 for i, n in enumerate(names) if n.startswith(("offer_give", "offer_want"))]
    assert drafts, "random players draft offers"
    browser.execute_script("meepleViewer.setFilter(true); meepleViewer.go(0)")
    shown = browser.execute_script(
        "const seen = []; while (meepleViewer.stepBy(1)) seen.push(meepleViewer.position); return seen;")
    assert shown and not set(shown) & set(drafts)
    assert len(shown) == steps - len(drafts)
    assert "offer_give" not in browser.find_element(By.ID, "steps").text
    # A trade that was opened shows with its answers.
    opened = next(i + 1 for i, n in enumerate(names) if n == "open_offer")
    browser.execute_script("meepleViewer.go(arguments[0] + 2)", opened)
    trades = browser.find_element(By.ID, "trades").text
    assert "offers" in trades and ("accepts" in trades or "declines" in trades)
    browser.save_screenshot(str(SHOTS / "catan-trade.png"))
    # Clicking the timeline jumps there.
    timeline = browser.find_element(By.CSS_SELECTOR, "#timeline svg")
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(browser).move_to_element_with_offset(timeline, timeline.size["width"] // 4, 0).click().perform()
    assert 0 < position(browser) < steps
    # Jump by turn.
    browser.execute_script("meepleViewer.jumpToTurn(10)")
    assert browser.execute_script("return meepleViewer.game.views[meepleViewer.position].turn") == 10
    check_svg_export(browser)
    browser.find_element(By.ID, "theme").click()
    browser.save_screenshot(str(SHOTS / "catan-dark.png"))
    assert console_errors(browser) == []


def test_triangle_and_tictactoe_logs_draw_and_step(browser, logs):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_viewer(browser)
    load(browser, logs["triangle"])
    assert len(browser.execute_script("return meepleViewer.games")) == 2
    board = browser.find_element(By.ID, "board")
    assert len(board.find_elements(By.CSS_SELECTOR, "polygon[data-cell]")) == 8 * 15
    assert board.find_elements(By.CSS_SELECTOR, "polygon[data-slot]")  # the previews
    key(browser, Keys.ARROW_RIGHT)
    assert position(browser) == 1
    placed = browser.execute_script(
        "return [...document.querySelectorAll('#board polygon[data-cell]')].filter(p => p.getAttribute('fill') === "
        "MeepleDraw.themes.light.placed).length")
    assert placed > 0
    assert "score" in browser.find_element(By.ID, "position").text
    key(browser, "]")
    assert browser.execute_script("return meepleViewer.game === meepleViewer.games[1]")
    key(browser, Keys.END)
    browser.save_screenshot(str(SHOTS / "triangle.png"))
    check_svg_export(browser)

    load(browser, logs["tictactoe"])
    key(browser, Keys.END)
    marks = browser.find_elements(By.CSS_SELECTOR, "#board [data-mark]")
    assert 5 <= len(marks) <= 9
    key(browser, Keys.ARROW_LEFT)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-mark]")) == len(marks) - 1
    browser.save_screenshot(str(SHOTS / "tictactoe.png"))
    check_svg_export(browser)
    assert console_errors(browser) == []


def test_a_malformed_or_cut_log_gets_a_readable_message(browser, logs, tmp_path):
    from selenium.webdriver.common.by import By

    open_viewer(browser)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "start", "format": "meeple-game-log", "version": 1, "view": {}}\nthis is not json\n')
    ok = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "meepleViewer.loadBytes(new TextEncoder().encode(arguments[0]), 'bad.jsonl').then(done);", bad.read_text())
    assert ok is False
    message = browser.find_element(By.ID, "message")
    assert message.is_displayed() and "bad.jsonl: line 2 is not JSON" in message.text
    # A log cut in its last game: the games before it, and a note saying so.
    data = logs["tictactoe"].read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[:-15])
    load(browser, cut)
    assert len(browser.execute_script("return meepleViewer.games")) == 2
    assert "cut at byte" in browser.find_element(By.ID, "message").text
    browser.save_screenshot(str(SHOTS / "cut-log.png"))
    assert console_errors(browser) == []
