"""Time budgets of search agents from Python: the iterations a decision reached, and
budgets outside 1 ms to an hour refused with the range."""
import pytest

import meeple


def test_a_timed_agent_reports_the_iterations_its_decision_reached():
    game = meeple.Game("tictactoe")
    state = game.new_state(seed=1)
    agent = meeple.Agent("mcts(iterations=0,time_ms=20)", game, seed=2)
    assert agent.iterations == 0
    assert state.is_legal(agent.act(state))
    assert agent.iterations > 0
    fixed = meeple.Agent("mcts(iterations=30)", game, seed=2)
    fixed.act(state)
    assert fixed.iterations == 30
    assert "time_ms" not in fixed.spec
    assert meeple.Agent("heuristic", game, seed=2).iterations == 0


@pytest.mark.parametrize("budget", ["0", "-3", "3600001"])
def test_budgets_outside_the_range_are_refused_naming_it(budget):
    game = meeple.Game("tictactoe")
    with pytest.raises(meeple.InvalidArgumentError, match="from 1 to 3600000"):
        meeple.Agent(f"mcts(time_ms={budget})", game, seed=2)


def test_alphabeta_plays_catan_reports_its_nodes_and_is_refused_elsewhere():
    game = meeple.Game("catan(trade_budget=0)")
    state = game.new_state(seed=4)
    agent = meeple.Agent("alphabeta(depth=2,time_ms=500)", game, seed=1)
    assert agent.spec == "alphabeta(depth=2,time_ms=500,seed=0)"
    assert state.is_legal(agent.act(state))
    assert agent.iterations > 0
    with pytest.raises(meeple.InvalidArgumentError, match="catan only"):
        meeple.Agent("alphabeta", meeple.Game("tictactoe"), seed=1)
    with pytest.raises(meeple.InvalidArgumentError, match="from 1 to 3600000"):
        meeple.Agent("alphabeta(time_ms=0)", game, seed=1)
