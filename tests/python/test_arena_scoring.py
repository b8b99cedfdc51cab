"""The arena's scores on games with known results: big blinds per 100 hands for holdem
(an agent that always folds loses exactly its blinds), the mean score of the triangle
puzzle (the mean of scores replayed by hand), win rates for win/lose games, and JSON
with numbers only (docs/agents.md, "Scores")."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import meeple
from meeple import arena, holdem
from meeple.agents.scoring import Games, TournamentResult
from meeple.commands import main


class Folder:
    """Folds whenever it can, else checks."""

    def act(self, state):
        return holdem.FOLD if state.is_legal(holdem.FOLD) else holdem.CHECK_CALL


class MinRaiser:
    """Raises the minimum whenever it can, else calls."""

    def act(self, state):
        return 2 if state.is_legal(2) else holdem.CHECK_CALL  # action 2: raise(min)


class LowestAction:
    """The lowest legal action: a player whose games can be replayed by hand."""

    def act(self, state):
        return min(state.legal_actions())


@pytest.mark.parametrize("spec,expected", [
    ("holdem", -75.0),                       # half a big blind from the small blind, one from the big blind
    ("holdem(unit=chips)", -75.0),           # the same in chips, divided by the big blind
    ("holdem(players=6)", -25.0),            # 1.5 big blinds over six seats
    ("holdem(players=3,variant=plo,small_blind=2,big_blind=4)", -50.0),
])
def test_an_agent_that_always_folds_loses_exactly_its_blinds(spec, expected):
    n = meeple.Game(spec).num_players
    r = arena.tournament(spec, [Folder(), MinRaiser()], 4 * n, seed=2)
    folder, raiser = r.scores()
    assert folder.measure == "bb/100"
    assert folder.value == pytest.approx(expected)
    assert folder.interval == pytest.approx((expected, expected))  # every setup ends alike
    assert folder.samples == 4
    assert raiser.value == pytest.approx(-expected / (n - 1))


def test_chip_scores_are_the_mean_return_with_setups_as_samples():
    # Two setups (seeds 10 and 11) of two rotations each; agent 0's returns in big
    # blinds: setup 10: +3, -1; setup 11: +5, +1. Mean 2 bb a hand; the setup means 1
    # and 3 give a standard error of 1 (x 1.96 x 100).
    games = Games(np.array([10, 10, 11, 11], np.uint64), np.array([0, 1, 0, 1], np.int32),
                  np.array([[0, 1], [1, 0], [0, 1], [1, 0]], np.int32),
                  np.array([[3, -3], [1, -1], [5, -5], [-1, 1]], np.float64), np.ones(4, np.uint64),
                  np.zeros(4, bool), np.full(4, -1, np.int32), (None,) * 4)
    result = TournamentResult("holdem", (), games, None, ())
    result = result._replace(agents=tuple(arena.tournament("holdem", ["random", "heuristic"], 2).agents))
    a, b = result.scores()
    assert a.value == pytest.approx(200.0) and b.value == pytest.approx(-200.0)
    assert a.interval == pytest.approx((200.0 - 196.0, 200.0 + 196.0))
    assert a.samples == 2


def test_triangle_mean_score_is_the_mean_of_the_scores_replayed_by_hand():
    r = arena.tournament("triangle", [LowestAction()], 12, seed=5)
    (score,) = r.scores()
    game = meeple.Game("triangle")
    known = []
    for seed in r.games.seeds:
        state = game.new_state(int(seed))
        while not state.is_terminal:
            state.apply(min(state.legal_actions()))
        known.append(float(state.returns[0]))
    assert score.measure == "mean score"
    assert score.value == pytest.approx(np.mean(known))
    half = 1.96 * np.std(known, ddof=1) / math.sqrt(len(known))
    assert score.interval == pytest.approx((np.mean(known) - half, np.mean(known) + half))
    assert score.samples == 12


def test_win_lose_games_keep_the_win_rate_and_its_wilson_interval():
    r = arena.tournament("tictactoe", ["heuristic", "random"], 40, seed=1)
    for a, s in zip(r.agents, r.scores()):
        assert s.measure == "win rate" and s.value == a.win_rate and s.interval == a.win_interval


def test_heuristic_wins_chips_from_random_play_in_both_backends():
    lib = arena.tournament("holdem", ["heuristic", "random"], 400, seed=9, threads=2)
    py = arena.tournament("holdem", ["heuristic", "random"], 400, seed=9, backend="python")
    assert lib.scores() == py.scores()
    h = lib.scores()[0]
    assert h.value > 0 and h.samples == 200


def _strict(text):
    def refuse(name):
        raise ValueError(f"non-finite number {name} in JSON")
    return json.loads(text, parse_constant=refuse)


def _walk(x):
    if isinstance(x, dict):
        for v in x.values():
            yield from _walk(v)
    elif isinstance(x, list):
        for v in x:
            yield from _walk(v)
    else:
        yield x


@pytest.mark.parametrize("argv,measure", [
    (["holdem", "heuristic", "random", "--games", "20"], "bb/100"),
    (["triangle", "heuristic", "--games", "1"], "mean score"),  # one game: no interval (null)
    (["tictactoe", "mcts(iterations=2000)", "random", "--games", "6"], "win rate"),  # Elo +inf: null
    (["tictactoe", "heuristic", "random", "--games", "10", "--sprt", "0,100,0.05,0.05"], "win rate"),
])
def test_cli_json_has_numbers_only(capsys, argv, measure):
    assert main(["arena", *argv, "--json"]) == 0
    out = _strict(capsys.readouterr().out)
    assert out["measure"] == measure and all(a["measure"] == measure for a in out["agents"])
    for v in _walk(out):
        assert not (isinstance(v, str) and v.lower() in ("inf", "-inf", "+inf", "nan", "infinity"))
        assert not (isinstance(v, float) and not math.isfinite(v))
    if argv[0] == "triangle":
        assert out["agents"][0]["interval"] is None and out["agents"][0]["value"] > 0
    if argv[1].startswith("mcts"):
        assert out["agents"][0]["elo"] is None  # won or drew every comparison: no finite rating
    json.dumps(out, allow_nan=False)


def test_cli_prints_big_blinds_per_100_hands_for_holdem_and_the_mean_for_triangle(capsys):
    assert main(["arena", "holdem", "heuristic", "random", "--games", "40", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "bb/100 (95%)" in out and "wins" not in out and "duplicate setups" in out
    assert main(["arena", "triangle", "heuristic", "--games", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "mean score" in out and "100.0%" not in out and "wins" not in out
