"""meeple.Search: forced wins, information sets, the evaluator loop, determinism, bad input."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple
from meeple import catan


def play_random(state: meeple.State, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if state.is_terminal:
            return
        state.apply(rng.choice(state.legal_actions()))


def catan_one_city_from_winning() -> meeple.State:
    """Seat 0 has 9 points (three cities, three settlements) and the cards of a city."""
    game = meeple.Game("catan(players=2,board=beginner)")
    topology = game.data("topology")
    chosen: list[int] = []
    blocked: set[int] = set()
    for node in range(topology["num_nodes"]):  # the distance rule, greedily
        if node not in blocked:
            chosen.append(node)
            blocked.update([node, *topology["node_neighbors"][node]])
    chosen = chosen[:8]
    buildings = [{"node": n, "owner": 0, "kind": "city" if i < 3 else "settlement"} for i, n in enumerate(chosen[:6])]
    buildings += [{"node": n, "owner": 1, "kind": "settlement"} for n in chosen[6:]]
    roads = [{"edge": topology["node_edges"][n][0], "owner": 0 if i < 6 else 1} for i, n in enumerate(chosen)]
    return game.from_position({"buildings": buildings, "roads": roads,
                               "resources": [[0, 0, 0, 2, 3], [0] * 5], "phase": "main", "dice": 6}, seed=1)


def test_mcts_builds_the_city_that_wins_catan():
    state = catan_one_city_from_winning()
    search = meeple.Search("mcts(iterations=500,seed=1)", state)
    assert search.run()
    action = search.action()
    assert catan.BUILD_CITY <= action < catan.BUY_DEVELOPMENT
    state.apply(action)
    assert state.is_terminal and state.returns[0] == 1
    assert search.root_value()[0] > 0.9


def test_ismcts_reads_nothing_the_seat_cannot_see():
    state = meeple.Game("catan(players=3)").new_state(seed=1)
    play_random(state, 100, random.Random(1))
    assert not state.is_terminal and state.active_players != (meeple.CHANCE,)
    seat = state.active_players[0]
    # The same information set: only what `seat` cannot see is redrawn.
    other = state.determinize(seat, 99)
    assert other.view(meeple.ALL) != state.view(meeple.ALL)
    assert other.view(seat) == state.view(seat)
    # The heuristic moving for the other seats reads the determinization, not the state.
    for spec in ("ismcts(iterations=300,seed=5,rollout_depth=40)",
                 "ismcts(iterations=300,seed=5,rollout_depth=40,rollout=heuristic,opponents=policy)"):
        results = []
        for s in (state, other):
            search = meeple.Search(spec, s)
            search.run()
            results.append(search.root_actions())
        assert np.array_equal(results[0].actions, results[1].actions), spec
        assert np.array_equal(results[0].visits, results[1].visits), spec
        assert np.array_equal(results[0].values, results[1].values), spec
    # Plain MCTS sees the whole state, so the hidden cards change what it finds.
    plain = [meeple.Search("mcts(iterations=300,seed=5,rollout_depth=40)", s) for s in (state, other)]
    for search in plain:
        search.run()
    assert not np.array_equal(plain[0].root_actions().values, plain[1].root_actions().values)


def fake_evaluator(seen: list[np.ndarray]):
    """A deterministic evaluator from the observation alone: values by a fixed linear
    map of the observation, priors preferring low action ids."""
    def evaluate(obs: np.ndarray, masks: np.ndarray, players: np.ndarray):
        seen.append(obs.copy())
        v = np.tanh(obs @ np.linspace(-1, 1, obs.shape[1], dtype=np.float32))
        values = np.stack([v, -v], axis=1)
        priors = masks / (1.0 + np.arange(masks.shape[1], dtype=np.float32))
        return values, priors
    return evaluate


def test_the_evaluator_loop_by_hand_equals_the_callable_loop():
    state = meeple.Game("tictactoe").new_state()
    spec = "mcts(evaluator=external,iterations=400,batch=8,seed=3)"
    seen_auto: list[np.ndarray] = []
    auto = meeple.Search(spec, state)
    assert auto.run(fake_evaluator(seen_auto))
    by_hand = meeple.Search(spec, state)
    seen_hand: list[np.ndarray] = []
    evaluate = fake_evaluator(seen_hand)
    rounds = 0
    while not by_hand.run():
        leaves = by_hand.leaves()
        assert leaves.obs.shape == (by_hand.pending, state.game.obs_size) and leaves.masks.dtype == bool
        values, priors = evaluate(leaves.obs, leaves.masks, leaves.players)
        by_hand.provide(values, priors * leaves.masks)
        rounds += 1
    assert rounds > 1
    assert len(seen_auto) == len(seen_hand)
    assert all(np.array_equal(a, b) for a, b in zip(seen_auto, seen_hand))
    assert np.array_equal(auto.root_actions().visits, by_hand.root_actions().visits)
    assert auto.action() == by_hand.action()
    # Every leaf handed out was expanded: one node for each legal action of each leaf,
    # plus the root.
    leaves_seen = sum(len(o) for o in seen_hand)
    assert leaves_seen <= auto.stats().iterations


def test_a_run_on_the_calling_thread_is_the_same_search():
    state = meeple.Game("tictactoe").new_state()
    spec = "mcts(evaluator=external,iterations=300,batch=8,seed=4)"
    threaded, here = meeple.Search(spec, state), meeple.Search(spec, state)
    assert threaded.run(fake_evaluator([]))
    assert here.run(fake_evaluator([]), interruptible=False)
    assert np.array_equal(threaded.root_actions().visits, here.root_actions().visits)
    assert threaded.action() == here.action()


def test_searches_over_a_batch_share_one_evaluation_batch():
    batch = meeple.Batch("tictactoe", 16, seed=1, threads=1)
    search = meeple.Search("mcts(evaluator=external,iterations=64,batch=4,seed=9)", batch, threads=2)
    assert search.roots == 16
    calls = []

    def evaluate(obs, masks, players):
        calls.append(len(obs))
        return np.zeros((len(obs), 2), dtype=np.float32), None

    assert search.run(evaluate)
    assert max(calls) > 16  # many roots' leaves in one call
    chosen = search.actions()
    masks = batch.dense_masks()
    assert all(masks[i, a] for i, a in enumerate(chosen))
    # The same at one thread.
    again = meeple.Search("mcts(evaluator=external,iterations=64,batch=4,seed=9)", batch, threads=1)
    again.run(evaluate)
    assert np.array_equal(again.actions(), chosen)


def test_results_are_the_same_at_one_and_two_threads():
    state = meeple.Game("catan").new_state(seed=2)
    play_random(state, 50, random.Random(2))
    runs = []
    for threads in (1, 2):
        search = meeple.Search("mcts(iterations=200,trees=4,seed=8,rollout_depth=100)", state, threads=threads)
        search.run()
        runs.append((search.root_actions(), search.principal_variation(), search.root_value()))
    assert np.array_equal(runs[0][0].visits, runs[1][0].visits)
    assert np.array_equal(runs[0][0].values, runs[1][0].values)
    assert runs[0][1] == runs[1][1]
    assert np.array_equal(runs[0][2], runs[1][2])


def test_policy_and_temperature():
    state = meeple.Game("tictactoe").new_state()
    search = meeple.Search("mcts(iterations=1000,seed=1)", state)
    search.run()
    visits = search.root_actions()
    p1 = search.policy(temperature=1)
    assert p1.shape == (9,) and p1.dtype == np.float32
    assert np.allclose(p1[visits.actions], visits.visits / visits.visits.sum())
    p0 = search.policy(temperature=0)
    assert p0[search.action()] == 1 and p0.sum() == 1
    with pytest.raises(ValueError, match="temperature"):
        search.policy(temperature=-1)


def test_subtree_reuse_between_moves():
    state = meeple.Game("tictactoe").new_state()
    search = meeple.Search("mcts(iterations=2000,seed=2)", state)
    search.run()
    a = search.action()
    below = int(search.root_actions().visits[list(search.root_actions().actions).index(a)])
    state.apply(a)
    search.advance(a)
    search.run()
    # The subtree below the move played came along: its visits and 2,000 new ones.
    assert search.root_actions().visits.sum() == below - 1 + 2000
    assert state.is_legal(search.action())
    fresh = meeple.Search("mcts(iterations=2000,seed=2,reuse=false)", state)
    fresh.run()
    assert fresh.root_actions().visits.sum() == 2000


def test_bad_specs_name_what_is_accepted():
    state = meeple.Game("tictactoe").new_state()
    with pytest.raises(meeple.InvalidArgumentError, match="available: .*iterations"):
        meeple.Search("mcts(iteration=5)", state)
    with pytest.raises(meeple.InvalidArgumentError, match="available: mcts, ismcts"):
        meeple.Search("mtcs", state)
    with pytest.raises(meeple.InvalidArgumentError, match="c_uct"):
        meeple.Search("mcts(c_uct=-2)", state)
    with pytest.raises(meeple.ParseError):
        meeple.Search("mcts(", state)
    with pytest.raises(TypeError):
        meeple.Search(5, state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NUL"):
        meeple.Search("mcts\0(iterations=1)", state)
    assert meeple.Search("mcts", state).spec.startswith("mcts(iterations=1000,")


def test_searching_a_finished_game_or_another_seat_is_refused():
    game = meeple.Game("tictactoe")
    over = game.new_state()
    for a in (0, 3, 1, 4, 2):
        over.apply(a)
    with pytest.raises(meeple.WrongStateError, match="over"):
        meeple.Search("mcts", over)
    live = game.new_state()
    search = meeple.Search("mcts(iterations=10)", game, roots=2)
    with pytest.raises(meeple.NotActiveError, match="seat 0 is"):
        search.set_root(live, player=1)
    with pytest.raises(IndexError):
        search.set_root(live, root=2)
    with pytest.raises(meeple.WrongStateError, match="no finished search"):
        search.set_root(live)
        search.action()
    assert search.run() and live.is_legal(search.action())


def test_bad_evaluator_answers_are_refused_and_the_search_goes_on():
    state = meeple.Game("tictactoe").new_state()
    state.apply(4)
    search = meeple.Search("mcts(evaluator=external,iterations=40,batch=4)", state)
    assert not search.run()
    k = search.pending
    leaves = search.leaves()
    good_values = np.zeros((k, 2), dtype=np.float32)
    with pytest.raises(ValueError, match="shape"):
        search.provide(np.zeros((k + 1, 2)))
    nan = good_values.copy()
    nan[0, 1] = np.nan
    with pytest.raises(meeple.InvalidArgumentError, match="finite"):
        search.provide(nan)
    priors = np.ones((k, 9), dtype=np.float32)  # cell 4 is taken: illegal everywhere
    with pytest.raises(meeple.InvalidArgumentError, match="not legal"):
        search.provide(good_values, priors)
    with pytest.raises(meeple.WrongStateError, match="provide"):
        search.run()
    assert search.pending == k  # nothing changed
    search.provide(good_values, priors * leaves.masks)
    while not search.run():
        search.provide(np.zeros((search.pending, 2)))
    assert search.action() != 4
    with pytest.raises(meeple.WrongStateError, match="no leaves"):
        search.provide(good_values)


def test_best_action_helper_and_repr():
    state = meeple.Game("tictactoe").new_state()
    for a in (0, 3, 1, 4):
        state.apply(a)
    assert meeple.search.best_action(state, "mcts(iterations=500)") == 2
    assert "mcts(" in repr(meeple.Search("mcts", state))


def test_a_time_budget_stops_the_round():
    state = meeple.Game("catan").new_state(seed=3)
    search = meeple.Search("mcts(iterations=0,time_ms=60)", state)
    assert search.run()
    stats = search.stats()
    assert stats.iterations > 0 and 0.04 < stats.seconds < 2.0


def test_virtual_loss_hands_out_distinct_leaves_of_one_tree():
    state = meeple.Game("tictactoe").new_state()
    search = meeple.Search("mcts(evaluator=external,iterations=100,batch=8)", state)
    assert not search.run()
    search.provide(np.zeros((1, 2)))  # the root: its children come with uniform priors
    assert not search.run()
    leaves = search.leaves()
    assert len(leaves.obs) == 8
    assert len({row.tobytes() for row in leaves.obs}) == 8


def test_root_noise_and_temperature_follow_the_seed():
    state = meeple.Game("tictactoe").new_state()

    def chosen(spec: str) -> list[int]:
        out = []
        for _ in range(3):
            search = meeple.Search(spec, state)
            search.run(lambda obs, masks, players: np.zeros((len(obs), 2), dtype=np.float32))
            out.append(search.action())
        return out

    noisy = "mcts(evaluator=external,iterations=64,dirichlet_alpha=0.3,temperature=1,seed=4)"
    assert chosen(noisy) == chosen(noisy)  # same seed, same choice
    picks = set()
    for seed in range(12):
        search = meeple.Search(noisy.replace("seed=4", f"seed={seed}"), state)
        search.run(lambda obs, masks, players: np.zeros((len(obs), 2), dtype=np.float32))
        picks.add(search.action())
    assert len(picks) > 1  # temperature 1 samples: not always the same move
