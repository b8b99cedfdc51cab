"""The `best` agent from Python and the command line: `meeple agents` lists what each game
takes (the same names the library accepts) and what `best` resolves to; `meeple arena`
names the real configuration of a `best` seat; bad options name the valid ones."""

from __future__ import annotations

import json
import re

import pytest

import meeple
from meeple.commands.main import main


def _library_names(game: str) -> list[str]:
    """The agent names the library itself lists for `game` (its unknown-agent message)."""
    with pytest.raises(meeple.InvalidArgumentError) as e:
        meeple.Agent("nosuchagent", meeple.Game(game), seed=0)
    return re.search(r"available: (.*)$", str(e.value)).group(1).split(", ")


def test_cli_agents_lists_every_game_with_the_librarys_names_and_best(capsys):
    assert main(["agents", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in rows] == list(meeple.games())
    for row in rows:
        assert row["agents"] == _library_names(row["game"])
        assert row["best"] == meeple.Agent("best", meeple.Game(row["game"]), seed=0).spec
    catan = next(r for r in rows if r["game"] == "catan")
    assert catan["best"].startswith("ismcts(iterations=0,time_ms=1000,")


def test_cli_agents_resolves_a_given_best_spec(capsys):
    assert main(["agents", "--best", "best(time_ms=250,seed=3)"]) == 0
    out = capsys.readouterr().out
    assert "best(time_ms=250,seed=3) = mcts(iterations=20000,time_ms=250," in out
    assert main(["agents", "--best", "best(depth=2)"]) == 2
    err = capsys.readouterr().err
    assert "time_ms, iterations, seed" in err and "Traceback" not in err


def test_cli_arena_names_what_best_plays(capsys):
    assert main(["arena", "tictactoe", "best(iterations=300)", "heuristic", "--games", "4", "--threads", "1",
                 "--no-progress", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["agents"][0]
    assert best["spec"] == "best(iterations=300)"
    assert best["plays"].startswith("mcts(iterations=300,") and "time_ms" not in best["plays"]


def test_best_agent_spec_and_iterations_from_python():
    game = meeple.Game("tictactoe")
    agent = meeple.Agent("best(iterations=500,seed=2)", game, seed=1)
    state = game.new_state(seed=0)
    assert agent.act(state) in state.legal_actions()
    assert agent.iterations == 500 and agent.spec.startswith("mcts(iterations=500,") and "seed=2" in agent.spec
    with pytest.raises(meeple.InvalidArgumentError, match="not both"):
        meeple.Agent("best(time_ms=10,iterations=5)", game, seed=0)
