"""``meeple play``: the server's JSON API without a browser (illegal, stale and malformed
requests refused with nothing changed, only loopback, game logs written), the command
(Ctrl-C stops it quietly), and headless chromium playing a whole triangle game by clicks.
Screenshots go under build/test/screenshots (MEEPLE_SCREENSHOTS to move them)."""

from __future__ import annotations

import http.client
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

from meeple import triangle
from meeple.commands import main
from meeple.records.gamelog import GameLogWriter, read_game_log
from meeple.play import TriangleSession, make_server

from conftest import REPO_ROOT

SHOTS = pathlib.Path(os.environ.get("MEEPLE_SCREENSHOTS", REPO_ROOT / "build" / "test" / "screenshots"))


class Client:
    def __init__(self, server):
        self.server = server
        self.port = server.server_address[1]

    def request(self, method, path, body=None, *, raw=None, host=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json"}
        if host is not None:
            headers["Host"] = host
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        conn.request(method, path, body=data, headers=headers)
        res = conn.getresponse()
        payload = res.read()
        conn.close()
        ctype = res.getheader("Content-Type", "")
        return res.status, (json.loads(payload) if ctype.startswith("application/json") else payload)

    def get(self, route):
        return self.request("GET", "/api/" + route)

    def post(self, route, body):
        return self.request("POST", "/api/" + route, body)


@pytest.fixture
def served(tmp_path):
    log = GameLogWriter(tmp_path / "play.jsonl.gz")
    session = TriangleSession(7, log)
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield Client(server), session, log
    server.shutdown()
    server.server_close()
    session.close()
    log.close()


def state(client):
    status, body = client.get("state")
    assert status == 200
    return body


def near_full_row0():
    """Row 0 (playable columns 3..11) full but for its first cell (0,3), which points up,
    and slot 0 holding one up triangle: placing it there fills the row."""
    occupied = [[0] * triangle.COLS for _ in range(triangle.ROWS)]
    for c in range(4, 12):
        occupied[0][c] = 1
    return occupied, [[[0, 0, 1]], [[0, 0, 1], [1, 0, 0]], None]


def test_moves_follow_the_rules_and_undo_restores(served):
    client, _, _ = served
    occupied, shapes = near_full_row0()
    status, body = client.post("position", {"move": 0, "occupied": occupied, "shapes": shapes})
    assert status == 200, body
    assert body["move"] == 0 and body["view"]["occupied"][0][4] == 1
    fill = triangle.action(0, 0, 3)
    assert fill in body["legal"]
    status, after = client.post("move", {"move": 0, "action": fill})
    assert status == 200, after
    assert after["move"] == 1
    assert after["view"]["occupied"][0] == [0] * triangle.COLS  # the full row is cleared
    assert after["view"]["cleared"] == 9 and after["view"]["placed"] == 1
    assert after["last_name"] == "place(0,0,3)"
    status, back = client.post("undo", {"move": 1})
    assert status == 200 and back["move"] == 0
    assert back["view"] == body["view"] and back["legal"] == body["legal"]


def test_bad_requests_change_nothing(served):
    client, _, _ = served
    before = state(client)
    first = before["legal"][0]
    illegal = next(a for a in range(360) if a not in set(before["legal"]))
    cases = [
        (client.post("move", {"move": 0, "action": illegal}), 400, "illegal move"),
        (client.post("move", {"move": 0, "action": 360}), 400, "illegal move"),
        (client.post("move", {"move": 0, "action": "3"}), 400, "'action' must be an integer"),
        (client.post("move", {"move": 5, "action": first}), 409, "stale request"),
        (client.post("move", {"action": first}), 400, "needs 'move'"),
        (client.post("undo", {"move": 0}), 409, "nothing to undo"),
        (client.post("hint", {"move": 0, "agent": "oracle"}), 400, "unknown hint agent"),
        (client.request("POST", "/api/move", raw=b'{"move": 0, "action":'), 400, "not JSON"),
        (client.request("POST", "/api/move", raw=b"[1, 2]"), 400, "must be a JSON object"),
        (client.post("position", {"move": 0, "occupied": [[1] * 15] * 8, "shapes": [None] * 3}), 400,
         "position refused"),
        (client.post("position", {"move": 0, "shapes": [None] * 3}), 400, "needs 'occupied'"),
        (client.post("teleport", {"move": 0}), 404, "unknown route /api/teleport"),
        (client.request("GET", "/api/move"), 405, "POST"),
        (client.request("POST", "/api/state", {}), 405, "GET"),
        (client.request("GET", "/../../etc/passwd"), 404, "serves only its page"),
        (client.request("DELETE", "/api/state"), 405, "only GET and POST"),
        (client.request("GET", "/api/state", host="evil.example:80"), 403, "127.0.0.1 or localhost"),
    ]
    for (status, body), want_status, want_text in cases:
        assert status == want_status, body
        assert want_text in body["error"], body
    assert state(client) == before
    # The page and draw.js are served; a death-cell position is refused by the engine's own check.
    status, page = client.request("GET", "/")
    assert status == 200 and b"draw.js" in page
    status, js = client.request("GET", "/draw.js")
    assert status == 200 and b"triangleBoard" in js
    # The page's own script, the calls every page shares and the transport (HTTP to this
    # server) are served beside it.
    status, js = client.request("GET", "/transport.js")
    assert status == 200 and b'fetch("/api/"' in js
    status, js = client.request("GET", "/play-triangle.js")
    assert status == 200 and b"MeeplePage.api(" in js
    status, js = client.request("GET", "/play-page.js")
    assert status == 200 and b"MeepleTransport.call" in js


def test_hint_is_legal_and_changes_nothing(served):
    client, _, _ = served
    before = state(client)
    for agent in ("heuristic", "mcts"):
        status, body = client.post("hint", {"move": 0, "agent": agent})
        assert status == 200, body
        assert body["hint"] in before["legal"] and body["hint_name"].startswith("place(")
    assert state(client) == before


def test_every_game_is_written_to_the_log(served, tmp_path):
    client, session, log = served
    # Game 1: three moves, then a new game: the three are written.
    for _ in range(3):
        s = state(client)
        assert client.post("move", {"move": s["move"], "action": s["legal"][-1]})[0] == 200
    assert client.post("new", {"seed": 11})[0] == 200
    # Game 2: played to its end (the last legal action each time).
    s = state(client)
    assert s["seed"] == 11 and s["move"] == 0
    moves = 0
    while not s["terminal"]:
        status, s = client.post("move", {"move": s["move"], "action": s["legal"][-1]})
        assert status == 200, s
        moves += 1
    assert s["legal"] == []
    status, body = client.post("move", {"move": s["move"], "action": 0})
    assert status == 409 and "game is over" in body["error"]
    games = read_game_log(log.path).games
    assert len(games) == 2
    assert games[0].start["seed"] == 7 and len(games[0].steps) == 3 and games[0].end is None
    assert games[1].start["seed"] == 11 and len(games[1].steps) == moves and games[1].end is not None
    assert games[1].steps[-1]["view"]["terminal"] is True


def _start_command(tmp_path, *extra):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "meeple", "play", "triangle", "--no-browser",
                             "--log", str(tmp_path / "cli.jsonl.gz"), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            # Ctrl-C works even when this run was started with SIGINT ignored
                            # (a background job of a shell), which children would inherit.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_command_serves_and_stops_quietly_on_ctrl_c(tmp_path):
    proc = _start_command(tmp_path, "--seed", "3")
    try:
        line = proc.stdout.readline()
        assert line.startswith("meeple play triangle: http://127.0.0.1:"), line
        port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/state")
        s = json.loads(conn.getresponse().read())
        conn.request("POST", "/api/move", body=json.dumps({"move": 0, "action": s["legal"][0]}))
        assert conn.getresponse().status == 200
        conn.close()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Traceback" not in out
    assert "1 game(s) written" in out
    assert len(read_game_log(tmp_path / "cli.jsonl.gz").games) == 1


def test_command_stopped_with_sigterm_writes_the_game_in_progress(tmp_path):
    proc = _start_command(tmp_path, "--seed", "3")
    try:
        line = proc.stdout.readline()
        port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/state")
        s = json.loads(conn.getresponse().read())
        conn.request("POST", "/api/move", body=json.dumps({"move": 0, "action": s["legal"][0]}))
        assert conn.getresponse().status == 200
        conn.close()
        proc.send_signal(signal.SIGTERM)  # as `kill` or a service manager stops it
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "1 game(s) written" in out
    assert len(read_game_log(tmp_path / "cli.jsonl.gz").games) == 1


def test_command_refuses_bad_arguments(capsys, tmp_path):
    log = tmp_path / "never.jsonl.gz"
    assert main(["play", "catan", "--opponents", "heuristic,random", "--no-browser", "--log", str(log)]) == 2
    assert "name 1 or 3 opponents, not 2" in capsys.readouterr().err
    assert main(["play", "catan", "--opponents", "oracle", "--no-browser", "--log", str(log)]) == 2
    assert "oracle" in capsys.readouterr().err
    assert not log.exists()
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        if port >= 1024:
            assert main(["play", "triangle", "--port", str(port), "--no-browser", "--log", str(log)]) == 2
            assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
            assert not log.exists()
    assert main(["play", "triangle", "--port", "80", "--no-browser"]) == 2
    assert "1024 to 65535" in capsys.readouterr().err
    assert main(["play", "chess", "--no-browser"]) == 2
    assert "invalid choice" in capsys.readouterr().err


# ---- in a browser ----

@pytest.fixture(scope="module")
def browser(require_chromium):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = require_chromium
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_script_timeout(30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def wait_idle(driver, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if driver.execute_script("return !!(window.meeplePlay && meeplePlay.ready && meeplePlay.busy === 0)"):
            return driver.execute_script("return meeplePlay.state")
        time.sleep(0.02)
    raise AssertionError("the page did not settle")


def test_browser_plays_a_whole_triangle_game_by_clicks(browser, served):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    client, session, log = served
    browser.get(f"http://127.0.0.1:{client.port}/")
    s = wait_idle(browser)
    browser.execute_script("meeplePlay.animMs = 0")
    assert browser.find_elements(By.CSS_SELECTOR, "#board polygon[data-cell]")
    # The ghost: over a cell where the shape does not fit it is red (✘), where it fits green (✔).
    slot, r, c = triangle.decode_action(s["legal"][0])
    browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-slot="{slot}"]').click()
    bad = next((a for a in range(slot * 120, slot * 120 + 120) if a not in set(s["legal"])))
    _, br, bc = triangle.decode_action(bad)
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{br},{bc}"]')).perform()
    assert "does not fit" in browser.find_element(By.ID, "status").text
    assert browser.find_elements(By.CSS_SELECTOR, "#board polygon.ghost-nofit")
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{r},{c}"]')).perform()
    assert ": fits" in browser.find_element(By.ID, "status").text
    browser.save_screenshot(str(SHOTS / "play-triangle-ghost.png"))
    # Undo by keyboard after one placement by click.
    browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{r},{c}"]').click()
    s = wait_idle(browser)
    assert s["move"] == 1
    ActionChains(browser).send_keys("u").perform()
    s = wait_idle(browser)
    assert s["move"] == 0
    # A hint selects the agent's slot and cell and plays nothing.
    browser.find_element(By.ID, "hint-heuristic").click()
    s = wait_idle(browser)
    assert s["move"] == 0 and "hint (heuristic): place(" in browser.find_element(By.ID, "status").text
    # Debug: a click toggles a cell (a new position, checked by the engine); a menu sets a slot's shape.
    browser.find_element(By.ID, "debug").click()
    browser.find_element(By.CSS_SELECTOR, '#board polygon[data-cell="4,7"]').click()
    s = wait_idle(browser)
    assert s["view"]["occupied"][4][7] == 1 and s["games_started"] == 2 and s["move"] == 0
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element(By.ID, "set-slot-0")).select_by_value("0")
    s = wait_idle(browser)
    assert s["view"]["shapes"][0] == [list(t) for t in triangle.TEMPLATES[0]]
    browser.save_screenshot(str(SHOTS / "play-triangle-debug.png"))
    browser.find_element(By.ID, "debug").click()
    # Play to the end by clicks: the shape's preview, then the anchor cell.
    clicks = 0
    while not s["terminal"]:
        slot, r, c = triangle.decode_action(s["legal"][-1])
        browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-slot="{slot}"]').click()
        browser.find_element(By.CSS_SELECTOR, f'#board polygon[data-cell="{r},{c}"]').click()
        move = s["move"]
        s = wait_idle(browser)
        assert s["move"] == move + 1, browser.execute_script("return meeplePlay.lastError")
        clicks += 1
        assert clicks < 400
    assert "Game over" in browser.find_element(By.ID, "over").text
    browser.save_screenshot(str(SHOTS / "play-triangle-over.png"))
    assert session.line.state.is_terminal and s["move"] == clicks
    games = read_game_log(log.path).games
    assert games and len(games[-1].steps) == clicks and games[-1].end is not None
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


# ---- Catan: the seat's view only ----

def after_setup(seed):
    """A Catan state just after the setup rounds (random placements), its position."""
    import random

    import meeple
    from meeple import catan

    game = meeple.Game("catan")
    state = game.new_state(seed)
    rng = random.Random(seed)
    while state.view(meeple.ALL)["phase"].startswith("setup"):
        state.apply(rng.choice(state.legal_actions()))
    return game, catan.position_of(state)


def test_catan_seat_view_leaks_no_hidden_card():
    import copy

    import meeple
    from meeple.play import CatanSession

    game, pos = after_setup(4)
    pos.update(phase="before_roll", turn_seat=0)
    other = copy.deepcopy(pos)
    # Seats 1 and 2 swap a card of different kinds (hand sizes and the bank, which are
    # public, stay the same); seat 2 holds a knight in one and a victory point in the
    # other (the counts are public, the kinds are not).
    h1, h2 = other["resources"][1], other["resources"][2]
    i, j = next((i, j) for i in range(5) for j in range(5) if i != j and h1[i] > 0 and h2[j] > 0)
    h1[i], h1[j], h2[j], h2[i] = h1[i] - 1, h1[j] + 1, h2[j] - 1, h2[i] + 1
    pos["development"][2] = [1, 0, 0, 0, 0]
    other["development"][2] = [0, 1, 0, 0, 0]
    a = CatanSession(0, ["random"], 1, start=game.from_position(pos, 9))
    b = CatanSession(0, ["random"], 1, start=game.from_position(other, 9))
    assert a.line.state.view(meeple.ALL) != b.line.state.view(meeple.ALL)  # the test can fail
    assert a.handle("state", None) == b.handle("state", None)
    assert a.handle("info", None) == b.handle("info", None)
    steps = 0
    while a.response()["your_turn"] and steps < 30:
        legal = a.response()["view"]["legal_actions"]
        choice = next((x for x in legal if x["name"] in ("roll", "end_turn")), legal[0])
        body = {"move": a.response()["move"], "action": choice["id"]}
        assert a.handle("move", dict(body)) == b.handle("move", dict(body))
        steps += 1
    assert steps >= 1


def test_catan_api_refuses_bad_moves_and_plays_agents(tmp_path):
    from meeple.play import CatanSession

    log = GameLogWriter(tmp_path / "catan.jsonl.gz")
    session = CatanSession(1, ["heuristic", "random", "heuristic"], 5, log)
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        client = Client(server)
        s = state(client)
        assert s["seat"] == 1 and s["acting"] == 0 and not s["your_turn"]
        assert s["view"]["legal_actions"] is None or s["view"]["legal_actions"] == []
        status, body = client.post("move", {"move": 0, "action": s["view"]["board"]["robber"]})
        assert status == 409 and "not your turn" in body["error"]
        status, body = client.post("advance", {"move": 3})
        assert status == 409 and "stale" in body["error"]
        assert state(client) == s
        status, s = client.post("advance", {"move": 0})  # seat 0's first settlement
        assert status == 200 and s["move"] == 1 and not s["your_turn"]
        assert s["words"][0].startswith("Blue") and "build_settlement" in s["words"][0]
        status, s = client.post("advance", {"move": 1})  # and its road
        assert status == 200 and s["move"] == 2 and s["your_turn"] and len(s["words"]) == 2
        legal = {x["id"] for x in s["view"]["legal_actions"]}
        illegal = next(x for x in range(session.game.num_actions) if x not in legal)
        status, body = client.post("move", {"move": 2, "action": illegal})
        assert status == 400 and "illegal move" in body["error"]
        status, body = client.post("advance", {"move": 2})
        assert status == 409 and "your turn" in body["error"]
        assert state(client) == s
        status, s = client.post("move", {"move": 2, "action": min(legal)})
        assert status == 200 and s["move"] == 3 and "(you)" in s["words"][-1]
    finally:
        server.shutdown()
        server.server_close()
        session.close()
        log.close()
    games = read_game_log(tmp_path / "catan.jsonl.gz").games
    assert len(games) == 1 and len(games[0].steps) == 3
    assert games[0].start["agents"][1] == "human"


def catan_wait(driver, timeout=20.0):
    """Waits until the page is the seat's to move (or the game is over); its state."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = driver.execute_script(
            "const c = window.meepleCatan; return c && c.ready && c.busy === 0 && c.state ? c.state : null")
        if s and (s["your_turn"] or s["terminal"]):
            return s
        time.sleep(0.03)
    raise AssertionError(f"the page did not come back to the seat: {driver.execute_script('return meepleCatan.lastError')}"
                         f" {driver.execute_script('return meepleCatan.state && meepleCatan.state.view.phase')}"
                         f" {driver.get_log('browser')}")


def test_browser_plays_catan_turns_with_a_trade_and_the_robber(browser, tmp_path):
    from selenium.webdriver.common.by import By

    from meeple.play import CatanSession

    game, pos = after_setup(6)
    # Seat 0 has rolled a 7 and must move the robber; it holds cards to trade.
    pos.update(phase="move_robber", turn_seat=0, rolled=True, dice=7)
    pos["resources"][0] = [5, 1, 1, 1, 1]
    log = GameLogWriter(tmp_path / "catan.jsonl.gz")
    session = CatanSession(0, ["heuristic", "random", "heuristic"], 2, log, start=game.from_position(pos, 3))
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        browser.execute_script("document.getElementById('speed').value = '0'")
        s = catan_wait(browser)
        assert len(browser.find_elements(By.CSS_SELECTOR, "#board polygon[data-hex]")) == 19
        players = browser.find_element(By.ID, "players").text
        assert "Blue" in players and "Orange" in players and "human" in players

        def click(selector):
            browser.find_element(By.CSS_SELECTOR, selector).click()
            return catan_wait(browser)

        # The robber: a dashed target on a hex, then a victim if there is one.
        targets = browser.find_elements(By.CSS_SELECTOR, "#targets circle[data-act]")
        assert len(targets) == 18  # every hex but the robber's
        browser.save_screenshot(str(SHOTS / "play-catan-robber.png"))
        targets[0].click()
        s = catan_wait(browser)
        if s["view"]["phase"] == "choose_victim":
            s = click('#actions button[data-name^="steal("]')
        assert s["view"]["phase"] == "main" and s["view"]["board"]["robber"] != pos["robber"]
        # A trade with the other seats: give a brick for an ore, offer it, let them answer.
        click('#actions button[data-name="offer_give(brick)"]')
        click('#actions button[data-name="offer_want(ore)"]')
        s = click('#actions button[data-name="open_offer"]')
        assert "open_offer" in s["words"][-1] or any("offer" in w for w in s["words"][-4:])
        if s["view"]["phase"] == "trade_confirm":
            confirm = browser.find_elements(By.CSS_SELECTOR, '#actions button[data-name^="confirm_offer"]')
            s = click('#actions button[data-name^="confirm_offer"]' if confirm
                      else '#actions button[data-name="cancel_offer"]')
        answers = [w for w in s["words"] if "accept_offer" in w or "decline_offer" in w]
        assert len(answers) == 3, s["words"]
        # A bank trade: at least 4 bricks are left (one went to the other seat at most), so
        # the bank takes them at the seat's rate, shown on the button.
        bank = browser.find_elements(By.CSS_SELECTOR, '#actions button[data-name^="maritime_trade(give=brick"]')
        assert bank and bank[0].text.endswith((" 4:1", " 3:1", " 2:1")), [b.text for b in bank]
        s = click('#actions button[data-name^="maritime_trade(give=brick"]')
        assert "maritime_trade(give=brick" in s["words"][-1]
        browser.save_screenshot(str(SHOTS / "play-catan-trade.png"))
        # Then two more turns of ours against the agents (they move at speed "instant").
        turns = 0
        while turns < 3 and not s["terminal"]:
            names = {a["name"]: a["id"] for a in s["view"]["legal_actions"]}
            if "end_turn" in names:
                turns += 1
                s = click('#actions button[data-name="end_turn"]')
            elif "roll" in names:
                s = click('#actions button[data-name="roll"]')
            elif browser.find_elements(By.CSS_SELECTOR, "#targets [data-act]"):
                s = click("#targets [data-act]")
            else:
                s = click("#actions button[data-act]")
        assert turns == 3
        assert any(w.startswith("Orange") for w in s["words"]) and any(w.startswith("Pink") for w in s["words"])
        browser.save_screenshot(str(SHOTS / "play-catan-turns.png"))
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        server.shutdown()
        server.server_close()
        session.close()
        log.close()
    games = read_game_log(tmp_path / "catan.jsonl.gz").games
    assert len(games) == 1 and games[0].start["meta"]["seat"] == 0


def test_browser_catan_shows_short_agent_names_and_the_spec_on_hover(browser, tmp_path):
    """The README's --opponents heuristic,mcts,random: mcts's spec runs to hundreds of
    characters. At 1,400 px the score columns stay on screen: the table shows 'mcts',
    the full spec is the cell's hover title."""
    from selenium.webdriver.common.by import By

    from meeple.play import CatanSession

    session = CatanSession(0, ["heuristic", "mcts", "random"], 2, None)
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        catan_wait(browser)
        cells = browser.find_elements(By.CSS_SELECTOR, "#players td.who")
        assert [c.text for c in cells] == ["human", "heuristic", "mcts", "random"]
        assert cells[2].get_attribute("title").startswith("mcts(iterations=")
        width = browser.execute_script("return document.documentElement.clientWidth")
        right = browser.execute_script(
            "return Math.max(...[...document.querySelectorAll('#players th')].map(e => e.getBoundingClientRect().right))")
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        browser.save_screenshot(str(SHOTS / "play-catan-names.png"))
        assert right <= width and scroll <= width, (right, width, scroll)
    finally:
        server.shutdown()
        server.server_close()
        session.close()


def test_catan_for_three_seats_is_played_through_the_api(tmp_path):
    from meeple.play import CatanSession

    from meeple.commands.play import _playable

    assert _playable("catan(players=3)") == "catan(players=3)"
    log = GameLogWriter(tmp_path / "catan3.jsonl.gz")
    session = CatanSession(2, ["heuristic", "random"], 4, log, spec=_playable("catan(players=3)"))
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        client = Client(server)
        s = state(client)
        assert s["game"].startswith("catan(") and "players=3" in s["game"]
        assert len(s["view"]["players"]) == 3 and [x["who"] for x in s["seats"]] == ["heuristic", "random", "human"]
        while not s["your_turn"]:  # seats 0 and 1 place a settlement and a road each; then it is seat 2's turn
            status, s = client.post("advance", {"move": s["move"]})
            assert status == 200 and s["move"] <= 4, s
        assert s["move"] == 4 and s["acting"] == 2 and s["view"]["phase"] == "setup_settlement"
    finally:
        server.shutdown()
        server.server_close()
        session.close()
        log.close()


def test_the_command_takes_catan_with_options_and_refuses_other_games(capsys):
    assert main(["play", "triangle(x=1)", "--no-browser"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["play", "catan(players=9)", "--no-browser", "--log", "/nonexistent/x.jsonl.gz"]) == 2
    assert "players" in capsys.readouterr().err


def _table(spec, seat, opponents, seed=1):
    from meeple.play import TableSession

    session = TableSession(spec, seat, opponents, seed, None)
    server = make_server(session)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return session, server


def test_tictactoe_on_the_table_page_plays_a_whole_game_through_the_api():
    session, server = _table("tictactoe", 0, ["random"])
    try:
        client = Client(server)
        status, page = client.request("GET", "/")
        assert status == 200 and b'src="play-table.js"' in page
        status, script = client.request("GET", "/play-table.js")
        assert status == 200 and b"meepleTable" in script
        status, shared = client.request("GET", "/play-page.js")
        assert status == 200 and b"MeeplePage" in shared and b'src="play-page.js"' in page
        s = state(client)
        assert s["name"] == "tictactoe" and s["your_turn"] and [a["id"] for a in s["legal"]] == list(range(9))
        status, body = client.post("move", {"move": 0, "action": 9})
        assert status == 400 and "illegal move" in body["error"]
        while not s["terminal"]:
            if s["your_turn"]:
                status, s = client.post("move", {"move": s["move"], "action": s["legal"][0]["id"]})
            else:
                assert s["legal"] == []
                status, s = client.post("advance", {"move": s["move"]})
            assert status == 200, s
        assert len(s["returns"]) == 2
    finally:
        server.shutdown()
        server.server_close()
        session.close()


def test_holdem_on_the_table_page_hides_the_other_hole_cards():
    session, server = _table("holdem", 0, ["heuristic"], seed=5)
    try:
        client = Client(server)
        s = state(client)
        for _ in range(20):  # the deal (chance) and the button's first decision
            if s["your_turn"] or s["terminal"]:
                break
            status, s = client.post("advance", {"move": s["move"]})
            assert status == 200, s
        assert s["your_turn"] and s["view"]["seats"][0]["hole"] and s["view"]["seats"][1]["hole"] is None
        assert {"fold", "check_call"} <= {a["name"] for a in s["legal"]}
        # The deal is told as hidden draws: the words never name a card dealt to a seat.
        assert all(w == "chance: a hidden draw" for w in s["words"] if w.startswith("chance"))
    finally:
        server.shutdown()
        server.server_close()
        session.close()


def test_browser_plays_tictactoe_on_the_table_page(browser):
    from selenium.webdriver.common.by import By

    session, server = _table("tictactoe", 0, ["random"], seed=2)
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        browser.execute_script("document.getElementById('speed').value = '0'")
        for _ in range(9):
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                s = browser.execute_script("const c = window.meepleTable; return c && c.ready && c.busy === 0 ? c.state : null")
                if s and (s["your_turn"] or s["terminal"]):
                    break
                time.sleep(0.03)
            if s["terminal"]:
                break
            squares = browser.find_elements(By.CSS_SELECTOR, "#table .grid button[data-act]")
            assert len(squares) == len(s["legal"]) > 0
            squares[0].click()
        assert s["terminal"] and "Game over" in browser.find_element(By.ID, "turn").text
        browser.save_screenshot(str(SHOTS / "play-tictactoe.png"))
    finally:
        server.shutdown()
        server.server_close()
        session.close()
