"""``GymEnv``: one seat of a meeple game as a Gymnasium 1.x environment (``meeple[gym]``)."""

from __future__ import annotations

from typing import Any, Union

import numpy as np

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(f'meeple.envs.GymEnv needs gymnasium: pip install "meeple[gym]" ({exc})') from exc

from ..batch import derive_seed
from ..errors import IllegalActionError
from ..game import Game, State
from ._seats import Opponents, acting_seat, check_action, env_game, first_seed
from .render import draw

__all__ = ["GymEnv", "observation_space", "action_space"]


def observation_space(game: Game) -> Any:
    """``Dict(observation=Box(float32[obs_size]), action_mask=MultiBinary(num_actions))``."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32),
        "action_mask": spaces.MultiBinary(game.num_actions),
    })


def action_space(game: Game) -> Any:
    """``Discrete(num_actions)``."""
    return spaces.Discrete(game.num_actions)


# Typed as Any: the generic parameters of gymnasium's classes differ between its versions.
_Env: Any = gym.Env


_MAX_SKIPPED_GAMES = 1000


class GymEnv(_Env):  # type: ignore[misc]
    """One seat of a meeple game as a Gymnasium environment; the other seats are played
    by ``opponents`` inside ``step`` and ``reset``, and chance outcomes are drawn inside
    them too, so every observation is one where ``seat`` must act (or the game is over).

    ``GymEnv(spec, seat=0, opponents=None, render_mode=None)``:

    - ``spec``: a game spec string (``"triangle"``, ``"tictactoe"``,
      ``"catan(players=3)"``) or a ``meeple.Game``.
    - ``opponents``: see :class:`meeple.envs.Opponents`; ``None`` plays ``"random"`` in
      every other seat; spec strings run in C++ (``"heuristic"``, ``"mcts(iterations=50)"``),
      Python objects with ``act(state) -> action`` run here.
    - observations: ``{"observation": float32[obs_size], "action_mask": int8[num_actions]}``,
      ``observation`` from ``seat``'s point of view (``game.obs_fields`` gives its layout),
      ``action_mask`` 1 for the legal actions; ``action_masks()`` gives the mask as bools
      (sb3-contrib's ``MaskablePPO`` calls it).
    - rewards: ``seat``'s step rewards (``State.step_reward``) of its own move and of
      every opponent and chance move up to its next decision, summed. ``terminated``
      when the game ends, ``truncated`` when a turn cap ends it.
    - illegal actions (``illegal_action``): ``"raise"`` (the default): ``step`` raises
      ``meeple.IllegalActionError`` (a ``ValueError``) naming the legal actions, and
      nothing changes. ``"penalty"``: the episode ends there, terminated, with reward
      ``illegal_reward`` (default -1) and ``info["illegal_action"]`` True; the game is
      left as it was (for tools that step with unmasked samples of the action space,
      such as Gymnasium's ``check_env``). A wrong type always raises ``TypeError``, and
      an opponent written in Python that returns an illegal action always raises.
    - seeding: ``reset(seed=x)`` starts the game of ``game.new_state(x)`` and reseeds the
      opponents (seat s from ``opponent_seed(x, s)``); each later ``reset()`` without a
      seed starts the next game of that sequence, ``derive_seed(x, k)`` for the k-th, as
      a batch slot restarts, while the opponents play on with their generators. A first
      ``reset()`` with no seed draws one from ``np_random``. So an environment reset
      with ``x`` replays the same episodes for the same actions.
    - ``info``: ``legal_action_count`` (the number of legal actions now),
      ``illegal_action`` (True only on the step that ``"penalty"`` ended),
      ``episode_return`` (``seat``'s summed rewards so far this episode),
      ``episode_length`` (its decisions so far) and ``returns`` (every seat's final
      result, ``float64[num_players]``, zeros until the game ends).
    - ``render_mode``: ``"ansi"`` (the game's text drawing) or ``"rgb_array"`` (a
      picture of the board, see :mod:`meeple.envs.render`).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, spec: Union[str, Game] = "triangle", seat: int = 0, opponents: Any = None,
                 render_mode: str | None = None, illegal_action: str = "raise", illegal_reward: float = -1.0) -> None:
        self.game = env_game(spec)
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', got {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._ended = False
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be a seat of {self.game.spec}: 0..{self.game.num_players - 1}, got {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.seat = int(seat)
        self.render_mode = render_mode
        self.opponents = Opponents(self.game, [self.seat], opponents)
        self.observation_space = observation_space(self.game)
        self.action_space = action_space(self.game)
        self._state: State | None = None
        self._base_seed: int | None = None
        self._restarts = 0
        self._return = 0.0
        self._length = 0

    # ---- facts ----

    @property
    def state(self) -> State:
        """The current game (the live state: do not apply actions to it; clone it)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def action_masks(self) -> np.ndarray:
        """The legal actions of ``seat`` now, ``bool[num_actions]`` (all False once the game is over)."""
        state = self.state
        if self._ended or acting_seat(state) != self.seat:
            return np.zeros(self.game.num_actions, dtype=bool)
        return state.action_mask(self.seat)

    # ---- the Gymnasium API ----

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            if not 0 <= int(seed) < 2**64:
                raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
            self._base_seed, self._restarts = int(seed), 0
            self.opponents.reset(self._base_seed)
        elif self._base_seed is None:
            self._base_seed, self._restarts = first_seed(self.np_random), 0
            self.opponents.reset(self._base_seed)
        else:
            self._restarts += 1
        for _ in range(_MAX_SKIPPED_GAMES):
            game_seed = self._base_seed if self._restarts == 0 else derive_seed(self._base_seed, self._restarts)
            self._state = self.game.new_state(game_seed)
            self._return, self._length, self._ended = 0.0, 0, False
            self.opponents.play(self._state, (self.seat,))
            if not self._state.is_terminal:
                return self._observe(), self._info()
            # The game ended before the seat's first decision (a Hold'em hand folded
            # round to it): there is no observation to act on, so the next game starts.
            self._restarts += 1
        raise RuntimeError(f"{_MAX_SKIPPED_GAMES} games in a row ended before seat {self.seat} had a decision")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if self._ended or acting_seat(state) != self.seat:
            raise RuntimeError("the episode is over: call reset() before step()")
        try:
            a = check_action(state, self.seat, action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            self._return += self.illegal_reward
            self._length += 1
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        state.apply(a, self.seat)
        reward = float(state.step_reward[self.seat])
        reward += float(self.opponents.play(state, (self.seat,))[self.seat])
        self._return += reward
        self._length += 1
        over = state.is_terminal
        truncated = over and state.truncated
        return self._observe(), reward, over and not truncated, truncated, self._info()

    def render(self) -> Any:
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; make the env with render_mode='ansi' or "
                            "'rgb_array'")
            return None
        if self.render_mode == "ansi":
            return self.state.render()
        return draw(self.state)

    def close(self) -> None:
        self._state = None

    # ---- helpers ----

    def _observe(self) -> dict[str, np.ndarray]:
        state = self.state
        return {"observation": state.observation(self.seat),
                "action_mask": self.action_masks().view(np.int8)}

    def _info(self) -> dict[str, Any]:
        state = self.state
        over = self._ended or acting_seat(state) is None
        return {"legal_action_count": 0 if over else len(state.legal_actions(self.seat)),
                "illegal_action": False,
                "episode_return": self._return,
                "episode_length": self._length,
                "returns": state.returns}

    def __repr__(self) -> str:
        return f"GymEnv({self.game.spec!r}, seat={self.seat})"

