"""meeple.agents and meeple.arena: legal actions only, the same games in the library and
in the Python loop, Python agents (illegal ones lose), Elo against scipy, the SPRT, the
command line."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

import meeple
from meeple import arena
from meeple.agents import Agent, derive_seed
from meeple.commands import main


@pytest.mark.parametrize("spec", ["tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)"])
def test_agents_only_ever_return_legal_actions(spec):
    game = meeple.Game(spec)
    agents = [Agent("random", game, 1), Agent("heuristic", game, 2), Agent("mcts(iterations=8,rollout_depth=4)", game, 3)]
    rng = random.Random(5)
    positions = 0
    for seed in range(3 if spec.startswith("catan") else 200):
        state = game.new_state(seed)
        while not state.is_terminal and positions < 4000:
            player = state.current_player
            if player == meeple.CHANCE:
                state.apply(rng.choice(state.legal_actions(player)), player)
                continue
            legal = set(state.legal_actions(player))
            for i, agent in enumerate(agents):
                if i == 2 and positions % 25:
                    continue  # the search agent on every 25th position only: it is slow
                assert agent.act(state, player) in legal
            positions += 1
            state.apply(rng.choice(sorted(legal)), player)
    assert positions > 300


def test_agent_refuses_bad_specs_and_states(ttt):
    with pytest.raises(meeple.InvalidArgumentError, match="available: random, heuristic, mcts, ismcts"):
        Agent("negamax", ttt)
    with pytest.raises(meeple.InvalidArgumentError, match="iterations"):
        Agent("mcts(iteration=4)", ttt)
    with pytest.raises(meeple.ParseError):
        Agent("mcts(", ttt)
    with pytest.raises(TypeError):
        Agent(3, ttt)
    agent = Agent("heuristic", ttt)
    assert repr(agent) == "Agent('heuristic', 'tictactoe(misere=false)')"
    state = ttt.new_state()
    with pytest.raises(meeple.NotActiveError):
        agent.act(state, 1)
    with pytest.raises(TypeError):
        agent.act("state")
    other = meeple.Game("triangle").new_state()
    with pytest.raises(meeple.InvalidArgumentError, match="same game|state's game"):
        agent.act(other)


def test_derive_seed_matches_the_library():
    # A batch's slot i starts from derive_seed(seed, i): the same state as new_state(derive_seed(...)).
    game = meeple.Game("catan")
    batch = meeple.Batch(game, 3, seed=11)
    for i in range(3):
        assert game.new_state(derive_seed(11, i)).snapshot() == batch.state(i).snapshot()


@pytest.mark.parametrize("spec,lineup", [("tictactoe", ["heuristic", "random"]),
                                         ("catan(players=3)", ["heuristic", "random"])])
def test_python_loop_plays_the_same_games_as_the_library(spec, lineup):
    a = arena.tournament(spec, lineup, 6, seed=3, threads=2)
    b = arena.tournament(spec, lineup, 6, seed=3, backend="python")
    assert np.array_equal(a.games.seeds, b.games.seeds)
    assert np.array_equal(a.games.returns, b.games.returns)
    assert all(np.array_equal(x, y) for x, y in zip(a.moves, b.moves))
    np.testing.assert_equal([tuple(x) for x in a.agents], [tuple(x) for x in b.agents])


def test_arena_is_deterministic_at_one_and_two_threads():
    lineup = ["mcts(iterations=20)", "heuristic"]
    a = arena.tournament("tictactoe", lineup, 10, seed=9, threads=1)
    b = arena.tournament("tictactoe", lineup, 10, seed=9, threads=2)
    np.testing.assert_equal([tuple(x) for x in a.agents], [tuple(x) for x in b.agents])
    assert np.array_equal(a.games.returns, b.games.returns)


def test_duplicate_format_gives_each_rotation_the_same_board():
    r = arena.tournament("catan", ["heuristic", "random"], 8, seed=4)
    assert list(r.games.rotations) == [0, 1, 2, 3, 0, 1, 2, 3]
    assert len(set(r.games.seeds[:4].tolist())) == 1 and r.games.seeds[4] != r.games.seeds[0]
    # The heuristic sits at seat (4 - rotation) % 4: every seat once per board.
    assert [int(np.argwhere(row == 0)[0, 0]) for row in r.games.agent_of_seat[:4]] == [0, 3, 2, 1]


def test_replay_reaches_the_recorded_end():
    r = arena.tournament("catan(players=3)", ["heuristic", "random"], 3, seed=2)
    for i in range(3):
        state = r.replay(i)
        assert state.is_terminal
        assert np.array_equal(state.returns, r.games.returns[i])


class FirstLegal:
    """A Python agent: the lowest legal action."""

    def __init__(self) -> None:
        self.resets = 0

    def reset(self, seed: int) -> None:
        self.resets += 1

    def act(self, state: meeple.State) -> int:
        return state.legal_actions()[0]


class Cheater:
    """Plays cell 0 whatever the board says."""

    def act(self, state: meeple.State) -> int:
        return 0


def test_python_agents_play_and_an_illegal_action_loses_the_game():
    first = FirstLegal()
    r = arena.tournament("tictactoe", ["heuristic", first], 4)
    assert first.resets == 4 and r.agents[1].spec == "FirstLegal"
    assert r.agents[0].losses == 0
    r = arena.tournament("tictactoe", [Cheater(), "random"], 4, seed=1)
    cheater = r.agents[0]
    # As X (games 0 and 2) its first move is legal and its second is not; as O the cell is
    # taken already unless random opened elsewhere. Every illegal game is a loss with a reason.
    assert cheater.illegal >= 2
    assert cheater.losses >= cheater.illegal
    for i, seat in enumerate(r.games.illegal_seat):
        if seat >= 0:
            assert r.games.returns[i, seat] == -1 and "not legal" in r.games.errors[i]
    assert len(r.games.seeds) == 4  # the tournament went on


def test_elo_fit_agrees_with_scipy_on_a_cycle(require_peer):
    optimize = require_peer("scipy.optimize", extra="arena-peers")
    games = np.array([[0, 20, 30], [20, 0, 25], [30, 25, 0]], float)
    score = np.array([[0, 13, 12], [7, 0, 16], [18, 9, 0]], float)
    elo, se = arena.elo_fit(games, score)

    scale = math.log(10) / 400  # optimise in natural units, where the curvature is near 1

    def nll(x):
        r = np.concatenate([[0.0], x])
        total = 0.0
        for i in range(3):
            for j in range(3):
                if i != j:
                    total += score[i, j] * math.log1p(math.exp(r[j] - r[i]))
        return total

    fit = optimize.minimize(nll, np.zeros(2), method="BFGS", options={"gtol": 1e-12})
    ref = np.concatenate([[0.0], fit.x]) / scale
    ref -= ref.mean()
    assert np.allclose(elo, ref, atol=1e-3)
    assert np.all(se > 0)


def test_sprt_stops_the_same_way_in_both_backends():
    a = arena.tournament("tictactoe", ["heuristic", "random"], 500, sprt=(0, 100, 0.05, 0.05))
    b = arena.tournament("tictactoe", ["heuristic", "random"], 500, sprt=(0, 100, 0.05, 0.05), backend="python")
    assert a.sprt.decision == "H1" and len(a.games.seeds) < 100
    assert a.sprt.decision == b.sprt.decision and len(a.games.seeds) == len(b.games.seeds)
    assert a.sprt.llr == pytest.approx(b.sprt.llr, abs=1e-12)
    assert a.sprt.llr >= a.sprt.upper


def test_tournament_refuses_bad_arguments():
    with pytest.raises(meeple.InvalidArgumentError, match="available"):
        arena.tournament("tictactoe", ["random", "minimax"], 2)
    with pytest.raises(ValueError, match="elo0 must be below elo1"):
        arena.tournament("tictactoe", ["random", "heuristic"], 2, sprt=(10, 0, 0.05, 0.05))
    with pytest.raises(ValueError, match="games"):
        arena.tournament("tictactoe", ["random"], 0)
    with pytest.raises(meeple.InvalidArgumentError, match="seats"):
        arena.tournament("tictactoe", ["random"] * 3, 2)
    with pytest.raises(TypeError):
        arena.tournament("tictactoe", [42], 2)
    assert arena.split_specs("mcts(iterations=10,seed=1), random") == ["mcts(iterations=10,seed=1)", "random"]


def test_cli_arena_prints_a_table_and_a_verdict(capsys):
    assert main(["arena", "tictactoe", "heuristic", "random", "--games", "40", "--sprt", "0,100,0.05,0.05"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "Elo" in out and "SPRT: H1 accepted" in out


def test_cli_arena_json_and_saved_games(capsys, tmp_path):
    saved = tmp_path / "games.json"
    assert main(["arena", "catan(players=3)", "--agents", "heuristic,random", "--games", "3", "--json",
                 "--save", str(saved)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and [a["spec"] for a in out["agents"]] == ["heuristic", "random"]
    doc = json.loads(saved.read_text())
    state = meeple.Game(doc["game"]).new_state(doc["games"][0]["seed"])
    for player, action in doc["games"][0]["moves"]:
        state.apply(action, player)
    assert state.is_terminal and list(state.returns) == doc["games"][0]["returns"]


def test_cli_arena_bad_input_is_one_clear_line(capsys):
    assert main(["arena", "tictactoe", "minimax"]) == 2
    err = capsys.readouterr().err
    assert "available: random, heuristic, mcts, ismcts" in err and "Traceback" not in err
    assert main(["arena", "tictactoe", "random", "--sprt", "1,2"]) == 2
    assert "ELO0,ELO1,ALPHA,BETA" in capsys.readouterr().err
    assert main(["arena", "tictactoe"]) == 2


def test_explicit_chance_games_finish_in_both_backends():
    spec = "catan(players=3,explicit_chance=true)"
    for backend in ("library", "python"):
        r = arena.tournament(spec, ["heuristic", "random"], 3, seed=8, backend=backend)
        assert not r.games.truncated.any() and r.agents[0].wins == 3
        assert (r.moves[0][:, 0] == meeple.CHANCE).any()  # the chance moves are recorded
        state = r.replay(0)
        assert state.is_terminal and np.array_equal(state.returns, r.games.returns[0])


@pytest.mark.parametrize("spec", ["tictactoe", "triangle", "catan"])
def test_policies_are_distributions_over_the_legal_actions(spec):
    game = meeple.Game(spec)
    state = game.new_state(3)
    rng = random.Random(1)
    for _ in range({"tictactoe": 2, "triangle": 3, "catan": 30}[spec]):  # a position a few moves in
        if state.current_player == meeple.CHANCE:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal
    legal = np.zeros(game.num_actions, dtype=bool)
    legal[state.legal_actions()] = True
    uniform = Agent("random", game, 1).policy(state)
    assert uniform.dtype == np.float32 and uniform.shape == (game.num_actions,)
    assert np.allclose(uniform[legal], 1 / legal.sum()) and not uniform[~legal].any()
    heuristic = Agent("heuristic", game, 2)
    one_hot = heuristic.policy(state)
    assert one_hot.sum() == 1 and one_hot.max() == 1
    assert one_hot.argmax() == Agent("heuristic", game, 2).act(state)
    # Without the solver, which may prove a win here and then gives that move alone.
    search = Agent("mcts(iterations=64,rollout_depth=8,solver=false)", game, 3).policy(state)
    assert math.isclose(search.sum(), 1, rel_tol=1e-5) and not search[~legal].any()
    if legal.sum() > 1:  # the search spreads its visits over several moves
        assert (search > 0).sum() > 1
    with pytest.raises(TypeError):
        heuristic.policy("state")


def test_heuristic_rollouts_and_the_policy_prior():
    game = meeple.Game("tictactoe")
    state = game.new_state()
    for a in (0, 4, 8):  # X corners, O centre: O must not take a corner (X forks)
        state.apply(a)
    # Rollouts played by the heuristic see the fork the heuristic's own corner allows.
    agent = Agent("mcts(iterations=400,rollout=heuristic,policy_prior=0.5)", game, 1)
    assert agent.act(state) in (1, 3, 5, 7)
    assert Agent("heuristic", game).act(state) in (2, 6)  # the prior favours the losing corner
    assert "rollout=heuristic" in agent.spec and "policy_prior=0.5" in agent.spec
    with pytest.raises(meeple.InvalidArgumentError, match="add rollout=heuristic"):
        Agent("mcts(policy_prior=0.5)", game)
    with pytest.raises(meeple.InvalidArgumentError, match="takes one of random, heuristic"):
        Agent("mcts(rollout=greedy)", game)
