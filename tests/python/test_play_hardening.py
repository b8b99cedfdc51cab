"""The play server under slow agents and odd requests (issue 37): a hint or an agent's
move runs without the session's lock, so other requests are answered meanwhile, and a
result the game moved past is refused (8); hints are the same for the same position of
the same game (4); deeply nested bodies and agents that are not names get a 400, not a
dropped connection (16). Search agents' act and policy stop on Ctrl-C (8)."""

from __future__ import annotations

import threading
import time

import pytest

import meeple
from meeple.play import TriangleSession, make_server, sessions
from meeple.records.gamelog import GameLogWriter

from test_play import Client, served  # noqa: F401  (the fixture)


def test_the_same_position_of_the_same_game_gets_the_same_hint(served):  # noqa: F811
    client, session, _ = served
    first = client.post("hint", {"move": 0, "agent": "mcts"})
    assert first[0] == 200
    for _ in range(3):  # other games and hints in between change nothing
        assert client.post("new", {"seed": 11})[0] == 200
        assert client.post("hint", {"move": 0, "agent": "mcts"})[0] == 200
    assert client.post("new", {"seed": 7})[0] == 200
    again = client.post("hint", {"move": 0, "agent": "mcts"})
    assert again[1]["hint"] == first[1]["hint"] and again[1]["view"] == first[1]["view"]


class _Held:
    """An agent whose act waits for the test to let it answer."""

    started = threading.Event()
    release = threading.Event()

    def __init__(self, spec, game, seed):
        self._agent = meeple.Agent("heuristic", game, seed)

    def act(self, state):
        _Held.started.set()
        assert _Held.release.wait(30)
        return self._agent.act(state)


@pytest.fixture
def held(monkeypatch):
    _Held.started.clear()
    _Held.release.clear()
    monkeypatch.setattr(sessions, "Agent", _Held)
    yield _Held
    _Held.release.set()


def test_a_hint_does_not_hold_the_session_while_it_thinks(held, tmp_path):
    log = GameLogWriter(tmp_path / "p.jsonl.gz")
    session = TriangleSession(3, log)
    server = make_server(session)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    client = Client(server)
    try:
        answer = {}
        hint = threading.Thread(target=lambda: answer.update(r=client.post("hint", {"move": 0})))
        hint.start()
        assert held.started.wait(10)
        started = time.monotonic()
        status, s = client.get("state")  # answered while the agent thinks
        assert status == 200 and time.monotonic() - started < 5
        status, _ = client.post("move", {"move": 0, "action": s["legal"][0]})
        assert status == 200
        held.release.set()
        hint.join(30)
        status, body = answer["r"]
        assert status == 409 and "changed while the agent was thinking" in body["error"]
        assert client.get("state")[1]["move"] == 1
    finally:
        server.shutdown()
        server.server_close()
        session.close()
        log.close()


@pytest.mark.parametrize("agent", [["mcts"], {"a": 1}, 5, None])
def test_a_hint_agent_that_is_not_a_name_is_a_400(served, agent):  # noqa: F811
    client, _, _ = served
    status, body = client.post("hint", {"move": 0, "agent": agent})
    assert status == 400 and "unknown hint agent" in body["error"]
    assert client.get("state")[0] == 200


def test_a_deeply_nested_body_is_a_400(served):  # noqa: F811
    client, _, _ = served
    status, body = client.request("POST", "/api/move", raw=b"[" * 200_000 + b"]" * 200_000)
    assert status == 400 and "nested too deeply" in body["error"]
    assert client.get("state")[0] == 200


@pytest.mark.parametrize("method", ["act", "policy"])
def test_ctrl_c_stops_a_search_agent_at_once(ctrl_c, method):
    game = meeple.Game("tictactoe")
    # Without the solver, which proves the opening a draw within a tenth of a second.
    agent = meeple.Agent("mcts(iterations=60000000,solver=false)", game, 1)  # about half a minute of search
    state = game.new_state(1)
    start = time.monotonic()
    with ctrl_c(0.3), pytest.raises(KeyboardInterrupt):
        getattr(agent, method)(state)
    assert time.monotonic() - start < 5.0
    quick = meeple.Agent("mcts(iterations=50)", game, 1)
    assert quick.act(state) == meeple.Agent("mcts(iterations=50)", game, 1).act(state)
