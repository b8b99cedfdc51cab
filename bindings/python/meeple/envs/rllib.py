"""An RLlib ``MultiAgentEnv`` over every seat of a meeple game (``meeple[rllib]``).

This module imports without Ray: Ray is imported when the first environment is made.
With RLlib::

    from ray.tune.registry import register_env
    from meeple.envs.rllib import RllibMultiAgentEnv
    register_env("meeple_catan", lambda config: RllibMultiAgentEnv("catan", **config))

Agents are ``"player_0"`` .. ``"player_{n-1}"``. Each step hands back an observation
only for the agent that acts next (turn-based, as RLlib's multi-agent episodes expect),
``{"observation": float32[obs_size], "action_mask": int8[num_actions]}``; rewards
(each seat's step reward) for every seat, which RLlib adds up until that seat acts
again; ``"__all__"`` in terminations and truncations at the end, with every agent's
last observation. Chance outcomes are drawn inside steps. An illegal action raises
``meeple.IllegalActionError`` and changes nothing, or, with ``illegal_action="penalty"``
(for checkers that step with unmasked samples, such as RLlib's
``check_multiagent_environments``), ends the episode: the offender gets
``illegal_reward`` (default -1), every other seat 0, and its info says
``"illegal_action": True``. Seeds as :class:`meeple.envs.GymEnv`.
"""

from __future__ import annotations

from typing import Any, Union

from ..game import Game

__all__ = ["RllibMultiAgentEnv", "rllib_env_class"]

_CLASS: Any = None


def rllib_env_class() -> Any:
    """The ``ray.rllib.env.MultiAgentEnv`` subclass (imports Ray; ``ImportError`` saying
    what to install when it is missing)."""
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    try:
        import importlib

        # Any: RLlib's own annotations are not what this module is checked against.
        MultiAgentEnv: Any = importlib.import_module("ray.rllib.env.multi_agent_env").MultiAgentEnv
    except ImportError as exc:
        raise ImportError(f'meeple.envs.rllib needs Ray RLlib: pip install "meeple[rllib]" ({exc})') from exc
    from ..errors import IllegalActionError
    from ._seats import acting_seat, check_action
    from .pettingzoo import _Match

    class MeepleMultiAgentEnv(MultiAgentEnv):  # type: ignore[misc]
        """See :mod:`meeple.envs.rllib`."""

        metadata = {"render_modes": ["ansi", "rgb_array"]}

        def __init__(self, spec: Union[str, Game] = "tictactoe", render_mode: str | None = None,
                     illegal_action: str = "raise", illegal_reward: float = -1.0) -> None:
            if illegal_action not in ("raise", "penalty"):
                raise ValueError(f"illegal_action must be 'raise' or 'penalty', got {illegal_action!r}")
            self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
            self._ended = False
            self._match = _Match(spec, render_mode, self.metadata["render_modes"])
            self.game = self._match.game
            self.render_mode = render_mode
            self.possible_agents = list(self._match.names)
            self.agents = list(self.possible_agents)
            self.observation_spaces = {a: self._match.obs_space for a in self.possible_agents}
            self.action_spaces = {a: self._match.act_space for a in self.possible_agents}
            super().__init__()

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
            state = self._match.reset(seed)
            self._ended = False
            self.agents = list(self.possible_agents)
            seat = acting_seat(state)
            assert seat is not None
            name = self.possible_agents[seat]
            return {name: self._match.observe(seat)}, {name: {}}

        def step(self, action_dict: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                             dict[str, bool], dict[str, Any]]:
            state = self._match.state
            if state is None or self._ended or acting_seat(state) is None:
                raise RuntimeError("the episode is over: call reset() before step()")
            seat = acting_seat(state)
            assert seat is not None
            name = self.possible_agents[seat]
            if name not in action_dict:
                raise ValueError(f"action_dict has no action for {name}, the agent that acts now")
            try:
                action = check_action(state, seat, action_dict[name], who=f"the action of {name}")
            except IllegalActionError:
                if self.illegal_action == "raise":
                    raise
                self._ended = True
                rewards = {a: self.illegal_reward if a == name else 0.0 for a in self.possible_agents}
                obs = {a: self._match.observe(s) for s, a in enumerate(self.possible_agents)}
                for o in obs.values():
                    o["action_mask"][:] = 0
                done = {a: True for a in self.possible_agents}
                done["__all__"] = True
                not_cut = {a: False for a in self.possible_agents}
                not_cut["__all__"] = False
                return obs, rewards, done, not_cut, {name: {"illegal_action": True}}
            state.apply(action, seat)
            reward = state.step_reward
            rewards = {a: float(reward[s]) for s, a in enumerate(self.possible_agents)}
            nxt = acting_seat(state)
            if nxt is None:
                truncated = state.truncated
                obs = {a: self._match.observe(s) for s, a in enumerate(self.possible_agents)}
                terminateds = {a: not truncated for a in self.possible_agents}
                truncateds = {a: truncated for a in self.possible_agents}
                terminateds["__all__"], truncateds["__all__"] = not truncated, truncated
                return obs, rewards, terminateds, truncateds, {}
            nxt_name = self.possible_agents[nxt]
            return ({nxt_name: self._match.observe(nxt)}, rewards, {"__all__": False}, {"__all__": False}, {})

        def render(self) -> Any:
            return self._match.render(self.render_mode)

    _CLASS = MeepleMultiAgentEnv
    return _CLASS


class RllibMultiAgentEnv:
    """``RllibMultiAgentEnv(spec, render_mode=None, illegal_action="raise",
    illegal_reward=-1.0)`` makes the RLlib environment (an
    instance of :func:`rllib_env_class`, a ``ray.rllib.env.MultiAgentEnv``); Ray is
    imported then, not before."""

    def __new__(cls, spec: Union[str, Game] = "tictactoe", render_mode: str | None = None,
                illegal_action: str = "raise", illegal_reward: float = -1.0) -> Any:
        return rllib_env_class()(spec, render_mode=render_mode, illegal_action=illegal_action,
                                 illegal_reward=illegal_reward)
