"""The static site of ``meeple web``, in headless Chromium opened from disk (file://,
without --allow-file-access-from-files): a whole Catan game against ``best`` played by
clicks, whose downloaded game log replays move for move in the native library; a whole
triangle game; the library's messages on the page for a bad spec and an illegal move;
the viewer refusing a file of another format. Needs the WebAssembly build
(tools/build_wasm.sh; the ``wasm`` peer)."""

from __future__ import annotations

import base64
import json
import random
import time
from pathlib import Path

import pytest

import meeple
from meeple.agents import Agent
from meeple.commands.main import main
from meeple.game import ALL, CHANCE
from meeple.per_game import triangle
from meeple.records.gamelog import read_game_log

SHOTS = Path(__file__).resolve().parents[2] / "build" / "test" / "screenshots"


@pytest.fixture(scope="module")
def site(require_wasm, tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    assert main(["web", str(folder)]) == 0
    return folder


@pytest.fixture(scope="module")
def browser(require_chromium, tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = require_chromium
    downloads = tmp_path_factory.mktemp("downloads")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    # No --allow-file-access-from-files: the site must work opened from disk as a person opens it.
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_script_timeout(30)
    driver.downloads = downloads
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def wait_for(driver, script, timeout=30.0, what="the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    error = driver.execute_script("const e = document.getElementById('error'); return e && e.textContent")
    raise AssertionError(f"{what} did not settle: {error}")


def severe(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def download_log(driver, name):
    """Clicks the page's download button; the game log it writes, read back."""
    target = Path(driver.downloads) / name
    if target.exists():
        target.unlink()
    driver.find_element("id", "log-download").click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not target.exists():
        time.sleep(0.05)
    assert target.exists(), f"no {name} in {list(Path(driver.downloads).iterdir())}"
    return read_game_log(target)


def replays_natively(game_record):
    """The logged game, replayed in the native library from its seed: every step's view
    and the end must be the ones the browser wrote."""
    start = game_record.start
    game = meeple.Game(start["game"])
    state = game.new_state(start["seed"])
    assert state.view(ALL) == start["view"]
    for step in game_record.steps:
        assert step["legal_actions"] == list(state.legal_actions()), f"step {step['i']}"
        state.apply(step["action"], CHANCE if step["actor"] == CHANCE else None)
        assert state.view(ALL) == step["view"], f"step {step['i']}"
    assert state.is_terminal and game_record.end is not None
    assert game_record.end["returns"] == [float(r) for r in state.returns]


def test_catan_against_best_by_clicks_to_the_end_and_its_log_replays(site, browser):
    from selenium.common.exceptions import ElementNotInteractableException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    opponents = "best(time_ms=20)"
    browser.get((site / "play-catan.html").as_uri() + f"?opponents={opponents}&seed=5")
    browser.execute_script("document.getElementById('speed').value = '0'")
    ready = "const c = window.meepleCatan; return c && c.ready && c.busy === 0 && c.state && (c.state.your_turn || c.state.terminal) ? c.state : null"
    s = wait_for(browser, ready, what="Catan's first position")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board polygon[data-hex]")) == 19
    # best resolves to its canonical spec, as in the native library.
    canonical = Agent(opponents, meeple.Game("catan"), 0).spec
    assert [seat["who"] for seat in s["seats"]] == ["human"] + [canonical] * 3
    pick = random.Random(3)
    clicks, started = 0, time.monotonic()
    while not s["terminal"]:
        names = {a["name"] for a in s["view"]["legal_actions"]}
        targets = browser.find_elements(By.CSS_SELECTOR, "#targets [data-act]")
        if "roll" in names:
            selector = '#actions button[data-name="roll"]'
        elif targets and (pick.random() < 0.7 or "end_turn" not in names):
            selector = None
            target = pick.choice(targets)
            try:
                target.click()
            except ElementNotInteractableException:  # a vertical road: a line's box has no width
                browser.execute_script("arguments[0].focus()", target)  # so Tab to it and press Enter
                ActionChains(browser).send_keys(Keys.ENTER).perform()
        elif "end_turn" in names:
            selector = '#actions button[data-name="end_turn"]'
        else:
            selector = "#actions button[data-act]"
        if selector:
            buttons = browser.find_elements(By.CSS_SELECTOR, selector)
            pick.choice(buttons).click()
        move = s["move"]
        s = wait_for(browser, ready, what=f"Catan after move {move}")
        assert s["move"] > move, browser.execute_script("return meepleCatan.lastError")
        clicks += 1
        assert time.monotonic() - started < 240, f"the game did not end in 4 minutes ({clicks} clicks)"
    assert "Game over" in browser.find_element(By.ID, "turn").text
    browser.save_screenshot(str(SHOTS / "web-catan-over.png"))
    log = download_log(browser, "meeple-web-catan.jsonl")
    assert len(log.games) == 1
    g = log.games[0]
    assert g.start["agents"] == ["human"] + [canonical] * 3
    assert g.start["meta"] == {"source": "meeple web", "seat": 0} and g.start["seed"] == 5
    assert sum(1 for st in g.steps if st["actor"] == 0) == clicks
    replays_natively(g)
    assert severe(browser) == []


def test_triangle_by_clicks_to_the_end_and_its_log(site, browser):
    from selenium.webdriver.common.by import By

    browser.get((site / "play-triangle.html").as_uri() + "?seed=4")
    ready = "const p = window.meeplePlay; return p && p.ready && p.busy === 0 ? p.state : null"
    s = wait_for(browser, ready)
    browser.execute_script("meeplePlay.animMs = 0")
    # An illegal placement: the session's message on the page, nothing played.
    legal = set(s["legal"])
    slot, r, c = triangle.decode_action(s["legal"][0])
    bad = next(a for a in range(slot * 120, slot * 120 + 120) if a not in legal)
    _, br, bc = triangle.decode_action(bad)
    browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-slot="{slot}"]').click()
    browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{br},{bc}"]').click()
    s = wait_for(browser, ready)
    assert s["move"] == 0 and "illegal move place(" in browser.find_element(By.ID, "error").text
    # A hint thinks in the worker and plays nothing.
    browser.find_element(By.ID, "hint-mcts").click()
    s = wait_for(browser, ready)
    assert s["move"] == 0 and "hint (mcts): place(" in browser.find_element(By.ID, "status").text
    clicks = 0
    while not s["terminal"]:
        slot, r, c = triangle.decode_action(s["legal"][-1])
        browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-slot="{slot}"]').click()
        browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{r},{c}"]').click()
        move = s["move"]
        s = wait_for(browser, ready)
        assert s["move"] == move + 1, browser.execute_script("return meeplePlay.lastError")
        clicks += 1
        assert clicks < 400
    assert "Game over" in browser.find_element(By.ID, "over").text
    log = download_log(browser, "meeple-web-triangle.jsonl")
    assert len(log.games) == 1 and len(log.games[0].steps) == clicks and log.games[0].end is not None
    assert log.games[0].start["seed"] == 4
    replays_natively(log.games[0])
    assert severe(browser) == []


def test_a_bad_spec_shows_the_librarys_message_on_the_page(site, browser):
    browser.get((site / "play-catan.html").as_uri() + "?spec=catan(bogus=1)")
    text = wait_for(browser, "return document.getElementById('error').textContent")
    assert "unknown option 'bogus' for catan" in text and "players" in text
    browser.get((site / "play-table.html").as_uri() + "?spec=tictactoe&opponents=mcts(iterations=-3)")
    text = wait_for(browser, "return document.getElementById('error').textContent")
    assert "iterations" in text and "\n    at " not in text  # the message, no stack trace
    browser.get((site / "play-triangle.html").as_uri() + "?seed=minus-one")
    text = wait_for(browser, "return document.getElementById('error').textContent")
    assert text == "the seed in the page's address must be an integer from 0 up, not \"minus-one\""
    assert severe(browser) == []


def test_tictactoe_on_the_table_page(site, browser):
    from selenium.webdriver.common.by import By

    browser.get((site / "play-table.html").as_uri() + "?spec=tictactoe&opponents=mcts(iterations=200)")
    browser.execute_script("document.getElementById('speed').value = '0'")
    ready = ("const c = window.meepleTable; return c && c.ready && c.busy === 0 && c.state && "
             "(c.state.your_turn || c.state.terminal) ? c.state : null")
    s = wait_for(browser, ready)
    while not s["terminal"]:
        move = s["move"]
        browser.find_elements(By.CSS_SELECTOR, "[data-act]")[0].click()
        s = wait_for(browser, ready)
        assert s["move"] > move
    log = download_log(browser, "meeple-web-tictactoe.jsonl")
    replays_natively(log.games[0])
    assert severe(browser) == []


def test_the_viewer_opens_a_log_and_refuses_another_format(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    good = tmp_path / "demo.jsonl.gz"
    assert main(["demo", "--game", "tictactoe", "--games", "1", "--quiet", "--seed", "2", "--log", str(good)]) == 0
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"type": "start", "format": "someone-elses-log", "version": 1}) + "\n")
    browser.get((site / "viewer.html").as_uri())
    load = ("const done = arguments[arguments.length - 1];"
            "const bin = atob(arguments[0]); const a = new Uint8Array(bin.length);"
            "for (let i = 0; i < bin.length; ++i) a[i] = bin.charCodeAt(i);"
            "meepleViewer.loadBytes(a, arguments[1]).then(done);")
    ok = browser.execute_async_script(load, base64.b64encode(other.read_bytes()).decode(), other.name)
    message = browser.execute_script("return meepleViewer.message")
    assert not ok and "someone-elses-log" in message and "not meeple-game-log" in message
    ok = browser.execute_async_script(load, base64.b64encode(good.read_bytes()).decode(), good.name)
    assert ok, browser.execute_script("return meepleViewer.message")
    assert browser.find_elements(By.CSS_SELECTOR, "svg")
    assert severe(browser) == []


def test_the_page_answers_while_an_agent_thinks(site, browser):
    """The agent's search runs in the worker: while it thinks, the page's own thread
    keeps answering at once (each script run here waits on it). The solver is off: with
    it the search proves tic-tac-toe's root and stops long before its iterations."""
    from selenium.webdriver.common.by import By

    browser.get((site / "play-table.html").as_uri() + "?spec=tictactoe&opponents=mcts(iterations=1000000,solver=false)")
    browser.execute_script("document.getElementById('speed').value = '0'")
    ready = ("const c = window.meepleTable; return c && c.ready && c.busy === 0 && c.state && "
             "(c.state.your_turn || c.state.terminal) ? c.state : null")
    wait_for(browser, ready)
    browser.find_elements(By.CSS_SELECTOR, "[data-act]")[0].click()
    started = time.monotonic()
    answers = []
    while browser.execute_script("return meepleTable.busy > 0 || !meepleTable.state.your_turn"):
        t0 = time.monotonic()
        browser.execute_script("return document.getElementById('table').childElementCount")
        answers.append(time.monotonic() - t0)
        assert time.monotonic() - started < 60
    thinking = time.monotonic() - started
    # It did think for a while (its length varies with the machine; the answers count).
    assert thinking > 0.2 and len(answers) > 5, (thinking, len(answers))
    assert max(answers) < 0.25, max(answers)
    assert severe(browser) == []


def test_the_index_starts_a_game_with_the_options_of_its_form(site, browser):
    from selenium.webdriver.common.by import By

    browser.get((site / "index.html").as_uri())
    form = browser.find_element(By.CSS_SELECTOR, 'form[action="play-catan.html"]')
    for name, value in (("spec", "catan(players=3)"), ("seat", "2"), ("opponents", "random,heuristic")):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button").click()
    s = wait_for(browser, "const c = window.meepleCatan; return c && c.ready && c.state")
    assert browser.current_url.split("?")[0].endswith("/play-catan.html")
    assert s["game"].startswith("catan(players=3,") and s["seat"] == 2  # the canonical spec
    assert [seat["who"] for seat in s["seats"]] == ["random", "heuristic", "human"]
    assert severe(browser) == []
