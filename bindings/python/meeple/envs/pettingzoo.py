"""PettingZoo environments for every seat of a meeple game (``meeple[pettingzoo]``):
``AECEnv`` (one agent acts at a time, as the game alternates) and ``ParallelEnv``
(every live agent gets an observation each step; only the acting one's action counts)."""

from __future__ import annotations

from typing import Any, Union

import numpy as np

try:
    import importlib

    from gymnasium.utils import seeding

    # Any: pettingzoo ships no type information.
    pettingzoo: Any = importlib.import_module("pettingzoo")
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(f'meeple.envs.AECEnv and ParallelEnv need pettingzoo: pip install "meeple[pettingzoo]" '
                      f'({exc})') from exc

from ..batch import derive_seed
from ..game import Game, State
from ._seats import acting_seat, check_action, env_game, first_seed
from .gym import action_space, observation_space
from .render import draw

__all__ = ["AECEnv", "ParallelEnv", "agent_name"]


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat: ``"player_0"``, ``"player_1"``, ..."""
    return f"player_{seat}"


class _Match:
    """A game with every seat played from outside: the state, the seed sequence (as
    ``GymEnv``: ``reset(seed=x)`` plays ``new_state(x)``, each later ``reset()`` the next
    game ``derive_seed(x, k)``), observations and masks per seat."""

    def __init__(self, spec: Union[str, Game], render_mode: str | None, modes: Any) -> None:
        self.game = env_game(spec)
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes} or None, got {render_mode!r}")
        self.names = [agent_name(s) for s in range(self.game.num_players)]
        self.seat_of = {name: s for s, name in enumerate(self.names)}
        self.obs_space = observation_space(self.game)
        self.act_space = action_space(self.game)
        self.state: State | None = None
        self.base: int | None = None
        self.restarts = 0
        self.np_random: np.random.Generator | None = None

    def reset(self, seed: int | None) -> State:
        if seed is not None:
            if not 0 <= int(seed) < 2**64:
                raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
            self.np_random, _ = seeding.np_random(int(seed) % 2**63)
            self.base, self.restarts = int(seed), 0
        elif self.base is None:
            self.np_random, _ = seeding.np_random(None)
            self.base, self.restarts = first_seed(self.np_random), 0
        else:
            self.restarts += 1
        self.state = self.game.new_state(self.base if self.restarts == 0 else derive_seed(self.base, self.restarts))
        return self.state

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        if acting_seat(state) == seat:
            mask = state.action_mask(seat).view(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": state.observation(seat), "action_mask": mask}

    def render(self, mode: str | None) -> Any:
        if self.state is None or mode is None:
            return None
        return self.state.render() if mode == "ansi" else draw(self.state)


class _Seats:
    """What both PettingZoo envs hold: the match, one agent name a seat, the spaces."""

    metadata: dict[str, Any]

    def _set_up(self, spec: Union[str, Game], render_mode: str | None) -> None:
        self._match = _Match(spec, render_mode, self.metadata["render_modes"])
        self.game = self._match.game
        self.render_mode = render_mode
        self.possible_agents = list(self._match.names)
        self.observation_spaces = {a: self._match.obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._match.act_space for a in self.possible_agents}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def current_state(self) -> State:
        """The current game."""
        assert self._match.state is not None, "call reset() first"
        return self._match.state


class AECEnv(_Seats, pettingzoo.AECEnv):  # type: ignore[misc]
    """Every seat of a meeple game as a PettingZoo ``AECEnv``: agents ``"player_0"``
    .. ``"player_{n-1}"``, ``agent_selection`` the seat that acts (the lowest active seat
    when several are active at once; chance outcomes are drawn inside ``step``).

    Observations ``{"observation": float32[obs_size], "action_mask": int8[num_actions]}``
    from each agent's own point of view, the mask all zeros for an agent that does not act
    now. Rewards are the step rewards of each transition (``State.step_reward``) for
    every seat; at the end every agent is terminated (or truncated when a turn cap ended
    the game) and is then stepped with ``None``, as PettingZoo requires. An illegal
    action raises ``meeple.IllegalActionError`` and changes nothing. Seeds as
    :class:`meeple.envs.GymEnv`."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "meeple_aec_v0", "is_parallelizable": True}

    def __init__(self, spec: Union[str, Game] = "tictactoe", render_mode: str | None = None) -> None:
        super().__init__()
        self._set_up(spec, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._match.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = acting_seat(state)
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]
        self._update_infos()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._match.observe(self._match.seat_of[agent])

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s legal actions now, ``bool[num_actions]``."""
        return self.observe(agent)["action_mask"].view(np.bool_)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.current_state
        seat = self._match.seat_of[agent]
        a = check_action(state, seat, action, who=f"the action of {agent}")
        self._cumulative_rewards[agent] = 0.0
        state.apply(a, seat)
        reward = state.step_reward
        for s, name in enumerate(self.possible_agents):
            self.rewards[name] = float(reward[s])
        nxt = acting_seat(state)
        if nxt is None:
            truncated = state.truncated
            for name in self.agents:
                self.terminations[name] = not truncated
                self.truncations[name] = truncated
        else:
            self.agent_selection = self.possible_agents[nxt]
        self._update_infos()
        self._accumulate_rewards()

    def _update_infos(self) -> None:
        state = self.current_state
        seat = acting_seat(state)
        count = len(state.legal_actions(seat)) if seat is not None else 0
        returns = state.returns
        for name in self.agents:
            s = self._match.seat_of[name]
            self.infos[name] = {"legal_action_count": count if s == seat else 0, "return": float(returns[s])}

    def render(self) -> Any:
        return self._match.render(self.render_mode)

    def close(self) -> None:
        pass


class ParallelEnv(_Seats, pettingzoo.ParallelEnv):  # type: ignore[misc]
    """Every seat of a meeple game as a PettingZoo ``ParallelEnv``. Each step every live
    agent gets its observation, reward (its step reward), termination, truncation and
    info; the game takes the action of the agent that acts (``info["acting"]`` is True
    for it, and its ``action_mask`` is the only non-zero one) and ignores the others'.
    The acting agent's action must be legal (``meeple.IllegalActionError`` otherwise,
    nothing changed). When the game ends ``agents`` becomes empty. Seeds as
    :class:`meeple.envs.GymEnv`."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "meeple_parallel_v0"}

    def __init__(self, spec: Union[str, Game] = "tictactoe", render_mode: str | None = None) -> None:
        self._set_up(spec, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._match.reset(seed)
        self.agents = list(self.possible_agents)
        return {a: self._match.observe(self._match.seat_of[a]) for a in self.agents}, self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, Any]]:
        state = self.current_state
        seat = acting_seat(state)
        if seat is None or not self.agents:
            raise RuntimeError("the game is over: call reset() before step()")
        name = self.possible_agents[seat]
        if name not in actions:
            raise ValueError(f"actions has no action for {name}, the agent that acts now")
        state.apply(check_action(state, seat, actions[name], who=f"the action of {name}"), seat)
        reward = state.step_reward
        live = list(self.agents)
        over = acting_seat(state) is None
        truncated = over and state.truncated
        observations = {a: self._match.observe(self._match.seat_of[a]) for a in live}
        rewards = {a: float(reward[self._match.seat_of[a]]) for a in live}
        terminations = {a: over and not truncated for a in live}
        truncations = {a: truncated for a in live}
        infos = self._infos(live)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _infos(self, agents: list[str] | None = None) -> dict[str, Any]:
        state = self.current_state
        seat = acting_seat(state)
        count = len(state.legal_actions(seat)) if seat is not None else 0
        returns = state.returns
        out = {}
        for a in (self.agents if agents is None else agents):
            s = self._match.seat_of[a]
            out[a] = {"acting": s == seat, "legal_action_count": count if s == seat else 0, "return": float(returns[s])}
        return out

    def render(self) -> Any:
        return self._match.render(self.render_mode)

    def close(self) -> None:
        pass
