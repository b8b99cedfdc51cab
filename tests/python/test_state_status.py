"""The State properties that read the library's status view (is_terminal,
current_player, truncated, move_number) against the calls they replace, after every
step of random games of every game and on every state the package makes."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import meeple
from meeple._ffi import ffi, lib

SPECS = ["tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)", "catan(max_turns=25)",
         "holdem", "holdem(players=4,variant=plo)"]


def called(state: meeple.State) -> tuple[bool, bool, int | None, int]:
    """The four facts through the C calls, as the properties did before the view."""
    flag = ffi.new("int32_t *")
    assert lib.meeple_state_is_terminal(state._ptr, flag) == 0
    terminal = flag[0] != 0
    assert lib.meeple_state_truncated(state._ptr, flag) == 0
    truncated = flag[0] != 0
    assert lib.meeple_state_current_player(state._ptr, flag) == 0
    player = None if flag[0] == lib.MEEPLE_NOBODY else flag[0]
    moves = ffi.new("int64_t *")
    assert lib.meeple_state_move_number(state._ptr, moves) == 0
    return terminal, truncated, player, moves[0]


def viewed(state: meeple.State) -> tuple[bool, bool, int | None, int]:
    return state.is_terminal, state.truncated, state.current_player, state.move_number


@pytest.mark.parametrize("spec", SPECS)
def test_the_view_agrees_with_the_calls_at_every_step(spec: str) -> None:
    game = meeple.Game(spec)
    rng = random.Random(7)
    for seed in range(3):
        state = game.new_state(seed)
        assert viewed(state) == called(state)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            assert viewed(state) == called(state)
        assert state.current_player is None


@pytest.mark.parametrize("spec", SPECS)
def test_every_state_the_package_makes_holds_its_own_view(spec: str) -> None:
    game = meeple.Game(spec)
    rng = random.Random(3)
    state = game.new_state(5)
    for _ in range(30):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert viewed(state)[3] > 0
    made = [state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
            game.restore(state.snapshot()), state.determinize(0, 9)]
    if not state.is_terminal:
        made += [s for s, _ in state.enumerate_outcomes(state.legal_actions()[0])]
    batch = meeple.Batch(game, 2, seed=1, threads=1)
    batch.set_state(1, state)
    made.append(batch.state(1))
    for other in made:
        assert viewed(other) == called(other)
    assert viewed(batch.state(1)) == viewed(state)
    # A state read before a change reads the change: the view is live, not a copy.
    probe = state.clone()
    assert probe.is_terminal == state.is_terminal
    if not probe.is_terminal:
        before = probe.move_number
        probe.apply(probe.legal_actions()[0])
        assert probe.move_number == before + 1 and viewed(probe) == called(probe)
        assert state.move_number == before  # the original's view is its own


def test_a_refused_apply_leaves_the_view_as_it_was() -> None:
    state = meeple.Game("tictactoe").new_state(1)
    state.apply(4)
    before = viewed(state)
    with pytest.raises(meeple.IllegalActionError):
        state.apply(4)
    assert viewed(state) == before == called(state)
