"""State.apply lists the next legal actions in its own call once legal_actions() is in
use (meeple_state_apply_and_list): the loop's legal_actions() then makes no call. The
lists and the states must be exactly those of the plain calls, and any other change to
the state must drop the listing."""

from __future__ import annotations

import random

import pytest

import meeple

SPECS = ["tictactoe", "triangle", "catan", "catan(players=3,explicit_chance=true)", "holdem",
         "holdem(players=3,button=0,stack=100,variant=plo)"]


def plain_legal(state: meeple.State) -> list[int]:
    """The legal actions through the plain call (a named player never uses the listing)."""
    player = state.current_player
    return [] if player is None else state.legal_actions(player)


@pytest.mark.parametrize("spec", SPECS)
def test_listed_actions_and_states_are_those_of_the_plain_calls(spec: str) -> None:
    game = meeple.Game(spec)
    rng = random.Random(1)
    for seed in range(3):
        listed, plain = game.new_state(seed), game.new_state(seed)
        while True:
            try:
                expected = plain_legal(plain)
            except meeple.WrongStateError:  # several seats active: both paths refuse
                with pytest.raises(meeple.WrongStateError):
                    listed.legal_actions()
                break
            assert listed.legal_actions() == expected
            if not expected:
                break
            action = rng.choice(expected)
            listed.apply(action)
            plain.apply(action)
            assert listed.snapshot() == plain.snapshot()
        assert listed.is_terminal == plain.is_terminal


def test_a_listing_is_dropped_by_a_change_through_another_call() -> None:
    game = meeple.Game("holdem(players=2,stack=1000)")
    rng = random.Random(2)
    raised = 0
    for seed in range(6):
        state = game.new_state(seed)
        while not state.is_terminal:
            actions = state.legal_actions()  # from the listing after the first apply
            assert actions == plain_legal(state)
            legal = state.view(meeple.ALL)["legal"]
            if legal and legal["can_raise"] and not raised % 2:
                # meeple_holdem_raise_to changes the state without listing
                state.apply(meeple.poker.holdem_raise(legal["raise_min"]))
            else:
                state.apply(rng.choice(actions))
            raised += bool(legal and legal["can_raise"])
    assert raised > 4


def test_an_illegal_action_after_a_listing_changes_nothing() -> None:
    game = meeple.Game("catan")
    state = game.new_state(3)
    actions = state.legal_actions()
    state.apply(actions[0])
    listed = state.legal_actions()
    snapshot = state.snapshot()
    with pytest.raises(meeple.IllegalActionError):
        state.apply(next(a for a in range(game.num_actions) if a not in listed))
    assert state.snapshot() == snapshot
    assert state.legal_actions() == listed == plain_legal(state)


def test_a_clone_lists_on_its_own() -> None:
    game = meeple.Game("tictactoe")
    state = game.new_state(0)
    state.apply(state.legal_actions()[0])
    twin = state.clone()
    state.apply(state.legal_actions()[0])
    assert twin.legal_actions() == plain_legal(twin)
    assert state.legal_actions() == plain_legal(state)
    assert len(twin.legal_actions()) == len(state.legal_actions()) + 1
