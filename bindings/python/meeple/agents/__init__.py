"""Agents: players that choose an action for the acting seat of a state, and the arena
(:mod:`.arena`) where they play whole games against each other.

Built-in agents run in C++ and are made from spec strings, as games and searches are::

    import meeple
    game = meeple.Game("catan")
    agent = meeple.agents.Agent("heuristic", game, seed=1)
    state = game.new_state(seed=7)
    state.apply(agent.act(state))

Specs: ``"random"`` (uniform over the legal actions), ``"heuristic"`` (catan, tictactoe
and triangle each have one), ``"mcts(iterations=1000)"`` and ``"ismcts(...)"`` (a search
at every decision with the options of :class:`meeple.Search`). Any Python object with
``act(state) -> action`` (and optionally ``reset(seed)`` and ``policy(state)``, its move
probabilities) plays in :func:`meeple.arena.tournament` too. ``docs/agents.md`` describes every agent.

Agents written in Python with spec strings of their own (``greedy-net``, ``mcts-net``:
agents that play with a value network, docs/net-agents.md) are made by
:func:`make_agent`, which makes any spec: a built-in :class:`Agent` or one of those.
"""

from __future__ import annotations

from . import arena
from .agent import PYTHON_AGENTS, Agent, PythonAgent, derive_seed, is_python_spec, make_agent

__all__ = ["Agent", "PythonAgent", "derive_seed", "make_agent", "is_python_spec", "PYTHON_AGENTS", "arena"]
