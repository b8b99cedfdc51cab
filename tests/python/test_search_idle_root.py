"""Search results of a root without a finished round (issue 37): a root never set (an
idle slot) or cleared after its round refuses root_actions as it refuses root_value,
instead of crashing or giving the cleared tree's visits."""

from __future__ import annotations

import pytest

import meeple
from meeple.errors import WrongStateError


def test_root_actions_of_an_idle_or_cleared_root_raises_wrong_state():
    game = meeple.Game("tictactoe")
    search = meeple.Search("mcts(iterations=100,seed=1)", game, roots=2)
    search.set_root(game.new_state(1), 0)
    search.run()
    assert search.root_actions(0).visits.sum() > 0
    for call in (search.root_actions, search.root_value):
        with pytest.raises(WrongStateError, match=r"is idle: it has no search to read|has no finished search yet"):
            call(1)
    search.clear_root(0)
    for call in (search.root_actions, search.root_value):
        with pytest.raises(WrongStateError, match=r"is idle: it has no search to read|has no finished search yet"):
            call(0)
