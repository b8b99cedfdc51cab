"""``VectorEnv``: many games of one seat as a Gymnasium vector environment, straight
over a :class:`meeple.Batch` (``meeple[gym]``)."""

from __future__ import annotations

import os
from typing import Any, Sequence, Union

import numpy as np

try:
    import gymnasium as gym
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(f'meeple.envs.VectorEnv needs gymnasium: pip install "meeple[gym]" ({exc})') from exc

from .._ffi import check, ffi, lib
from ..agents import Agent
from ..batch import Batch
from ..errors import IllegalActionError
from ..game import Game
from ._seats import Opponents, env_game, first_seed, opponent_seed
from .gym import action_space, observation_space

__all__ = ["VectorEnv"]


_VectorEnv: Any = gym.vector.VectorEnv  # Any: its generic parameters differ between gymnasium versions


# Bytes of Python objects an opponent costs an environment (an Agent and its handle).
_AGENT_BYTES = 400


def _check_memory(game: Game, n: int) -> None:
    """Refuses, before allocating, a num_envs whose arrays would not fit in memory: Linux
    lets the allocation succeed and kills the process as the pages fill."""
    try:
        limit = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return
    # The step's arrays (observation 3 times: the buffer and the spaces' bounds; masks;
    # rewards and flags) and the opponents' agents.
    each = 12 * game.obs_size + 2 * game.num_actions + 16 * game.num_players + 8 + _AGENT_BYTES * (game.num_players - 1)
    if limit > 0 and n * each > limit:
        raise MemoryError(f"VectorEnv of {n:,} {game.spec} environments needs about {n * each / 1e9:,.1f} GB "
                          f"({each:,} bytes each), more than this machine's {limit / 1e9:,.1f} GB of memory; "
                          f"at most about {limit // each:,} fit")


class VectorEnv(_VectorEnv):  # type: ignore[misc]
    """``num_envs`` games of one seat, stepped together by one :class:`meeple.Batch`: the
    same episodes, step for step, as ``num_envs`` :class:`GymEnv` objects made with the
    same arguments and reset with the same seeds (``reset(seed=s)`` seeds game i with
    ``s + i``, as Gymnasium's ``SyncVectorEnv`` seeds its environments), at a fraction
    of the cost.

    - **Autoreset**: ``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``: a
      step that ends a game starts the next one at once; the observation returned is
      the new game's, and the ended game's last observation and info are in
      ``infos["final_obs"]`` and ``infos["final_info"]`` (masked by ``"_final_obs"``
      and ``"_final_info"``), as Gymnasium defines that mode. Game i's k-th restart
      starts from ``derive_seed(seed_i, k)``, as ``GymEnv.reset()`` does.
    - **Zero copy**: observations are written by the library straight into arrays
      made once (``observation`` float32[num_envs, obs_size], ``action_mask``
      int8[num_envs, num_actions]), and rewards, terminations and truncations likewise.
      Every step returns the same arrays, refilled: copy what you keep across steps.
    - **Opponents** (multi-seat games), given as for ``GymEnv``: spec strings (a
      ``meeple.Agent`` stands for its spec) run in C++ inside each step, one agent a
      seat and game, all games' agents deciding at once on the batch's threads
      (``meeple_batch_play_agents``); Python agents are not accepted here: use
      Gymnasium's ``SyncVectorEnv`` over ``GymEnv`` for them.
    - **Illegal actions**: ``step`` raises ``meeple.IllegalActionError`` naming the first
      game whose action is not legal, before anything moves.
    - ``threads``: the batch's threads (0: one per core).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, spec: Union[str, Game] = "triangle", num_envs: int = 8, seat: int = 0, opponents: Any = None,
                 threads: int = 1) -> None:
        self.game = game = env_game(spec)
        if not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be a seat of {game.spec}: 0..{game.num_players - 1}, got {seat!r}")
        n = self.num_envs = int(num_envs)
        self.seat = int(seat)
        _check_memory(game, n)
        # The batch first: the library refuses a count its slots cannot fit in memory
        # before the Python side allocates anything of that size.
        self._batch = Batch(game, n, seed=0, threads=threads)
        self.single_observation_space = observation_space(game)
        self.single_action_space = action_space(game)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.render_mode = None

        # Opponents: one C++ agent a seat and game, as GymEnv would make them.
        template = Opponents(game, [self.seat], opponents)
        if not template.all_builtin:
            raise TypeError("VectorEnv plays C++ agents only (spec strings such as 'heuristic'); for Python agents "
                            "use gymnasium.vector.SyncVectorEnv over meeple.envs.GymEnv")
        self._opponent_specs = {s: a.spec for s, a in template.agents.items()}
        self._agents: list[list[Agent]] = [
            [Agent(spec_, game, seed=0) for spec_ in self._opponent_specs.values()] for _ in range(n)]
        players = game.num_players
        self._agent_ptrs = ffi.new("meeple_agent_t *[]", n * players)
        for i, row in enumerate(self._agents):
            for seat_, agent in zip(self._opponent_specs, row):
                self._agent_ptrs[i * players + seat_] = agent._ptr
        self._has_opponents = bool(self._opponent_specs)

        # The arrays every step fills and returns.
        self._obs = np.zeros((n, game.obs_size), dtype=np.float32)
        self._mask = np.zeros((n, game.num_actions), dtype=np.int8)
        self._mask_bool = self._mask.view(np.bool_)
        self._observations: dict[str, np.ndarray] = {"observation": self._obs, "action_mask": self._mask}
        self._rewards2d = np.zeros((n, players), dtype=np.float32)
        self._more_rewards = np.zeros((n, players), dtype=np.float32)
        self._rewards = self._rewards2d[:, self.seat] if players > 1 else self._rewards2d.reshape(n)
        self._dones = np.zeros(n, dtype=np.bool_)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._status = np.zeros((n, 5), dtype=np.int32)
        self._viewers = np.full(n, self.seat, dtype=np.int32)
        self._final = np.zeros((n, game.obs_size), dtype=np.float32)
        self._actions = np.zeros(n, dtype=np.int32)
        self._rows = np.arange(n)
        self._return = np.zeros(n, dtype=np.float64)
        self._length = np.zeros(n, dtype=np.int64)
        self._seeds: np.ndarray | None = None

    # ---- the Gymnasium API ----

    def reset(self, *, seed: Union[int, Sequence[int], None] = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """``seed``: an int (game i gets ``seed + i``), a sequence of ``num_envs`` seeds,
        or ``None``: every game starts its next game (or, before any seed was given,
        from seeds drawn from ``np_random``)."""
        if self.closed:
            raise RuntimeError("this VectorEnv is closed; make a new one")
        n = self.num_envs
        if seed is not None or self._seeds is None:
            if seed is None:
                self._np_random, self._np_random_seed = gym.utils.seeding.np_random(None)
                base = first_seed(self._np_random)
                seeds = [base + i for i in range(n)]
            elif isinstance(seed, (int, np.integer)):
                self._np_random, self._np_random_seed = gym.utils.seeding.np_random(int(seed))
                seeds = [int(seed) + i for i in range(n)]
            else:
                seeds = [int(s) for s in seed]
                if len(seeds) != n:
                    raise ValueError(f"seed must be an int or {n} seeds, one a game; got {len(seeds)}")
            if any(not 0 <= s < 2**64 for s in seeds):
                raise ValueError("every seed must be an integer in [0, 2**64)")
            self._seeds = np.array(seeds, dtype=np.uint64)
            self._batch.reseed(seeds=self._seeds)
            for i, row in enumerate(self._agents):
                for seat_, agent in zip(self._opponent_specs, row):
                    agent.reset(opponent_seed(seeds[i], seat_))
        else:
            self._batch.reset(np.ones(n, dtype=np.bool_))
        if self._has_opponents:
            self._play_opponents()
            self._skip_games_over_before_the_seat_acts()
        self._return[:] = 0
        self._length[:] = 0
        self._read()
        return self._observations, {}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self.closed:
            raise RuntimeError("this VectorEnv is closed; make a new one")
        if self._seeds is None:
            raise RuntimeError("call reset() before step()")
        actions = self._checked(actions)
        batch = self._batch
        episodes = rows = None
        if self._has_opponents:
            batch.step(actions, self._dones)
            batch.rewards(out=self._rewards2d)
            self._play_opponents()
            self._rewards2d += self._more_rewards
            batch.status(out=self._status)
            np.not_equal(self._status[:, 0], 0, out=self._dones)
            ended = np.flatnonzero(self._dones)
            if ended.size:
                batch.observations(out=self._final, seats=self._viewers)
                truncated = self._status[:, 4] != 0
                batch.reset(self._dones)
                self._play_opponents(keep_rewards=False)
                self._skip_games_over_before_the_seat_acts()
            self._read()
        else:
            batch.step_autoreset(actions, self._dones, observations=self._obs)
            batch.dense_masks(out=self._mask_bool)
            batch.rewards(out=self._rewards2d)
            ended = np.flatnonzero(self._dones)
            if ended.size:
                rows = batch.restarted_observations(seats=self._viewers)  # the ended games' rows only
                episodes = batch.episodes()  # read once: _final_infos takes the returns from it
                truncated = episodes.truncated != 0
        self._return += self._rewards
        self._length += 1
        if ended.size:
            np.logical_and(self._dones, truncated, out=self._truncations)
            np.logical_and(self._dones, ~truncated, out=self._terminations)
            infos = self._final_infos(ended, episodes, rows)
            self._return[ended] = 0
            self._length[ended] = 0
        else:
            self._truncations[:] = False
            self._terminations[:] = False
            infos = {}
        return self._observations, self._rewards, self._terminations, self._truncations, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game's seat now, ``bool[num_envs, num_actions]``
        (a view of the observations' ``action_mask``)."""
        return self._mask_bool

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release early: the batch and the agents go with the object (the
        agents' pointers stay valid as long as it lives); steps after ``close()`` raise."""

    @property
    def batch(self) -> Batch:
        """The batch underneath (read it; stepping it directly desynchronises the env)."""
        return self._batch

    # ---- helpers ----

    def _checked(self, actions: Any) -> np.ndarray:
        a = np.asarray(actions)
        n = self.num_envs
        if a.shape != (n,) or a.dtype.kind not in "iu":
            raise TypeError(f"actions must be {n} integer actions (an integer array of shape ({n},)); got "
                            f"{a.dtype} of shape {a.shape}")
        num_actions = self.game.num_actions
        # Two reductions and one gather on the good path; the per-game array of what is
        # wrong only when something is.
        if not (a.min() >= 0 and a.max() < num_actions and self._mask_bool[self._rows, a].all()):
            bad = (a < 0) | (a >= num_actions)
            if not bad.any():
                bad = ~self._mask_bool[self._rows, a]
            i = int(np.flatnonzero(bad)[0])
            legal = np.flatnonzero(self._mask_bool[i])
            shown = ", ".join(map(str, legal[:12].tolist())) + (", ..." if legal.size > 12 else "")
            raise IllegalActionError(f"actions[{i}] = {int(a[i])} is illegal in game {i} ({int(bad.sum())} illegal "
                                     f"actions in all); its {legal.size} legal actions are [{shown}]; nothing moved")
        np.copyto(self._actions, a, casting="unsafe")
        return self._actions

    def _play_opponents(self, keep_rewards: bool = True) -> None:
        out = self._more_rewards
        check(lib.meeple_batch_play_agents(self._batch._ptr, self._agent_ptrs, len(self._agent_ptrs),
                                           ffi.from_buffer("float[]", out), out.size))
        if not keep_rewards:
            out[:] = 0

    def _skip_games_over_before_the_seat_acts(self) -> None:
        """Starts the next game in every slot whose new game ended before the seat's first
        decision (a Hold'em hand folded round to it), as GymEnv.reset does."""
        batch = self._batch
        for _ in range(1000):
            batch.status(out=self._status)
            over = self._status[:, 0] != 0
            if not over.any():
                return
            batch.reset(over)
            self._play_opponents(keep_rewards=False)
        raise RuntimeError("1000 games in a row ended before the seat had a decision")

    def _read(self) -> None:
        batch = self._batch
        if self._has_opponents:
            batch.observations(out=self._obs, seats=self._viewers)
        else:
            batch.observations(out=self._obs)
        batch.dense_masks(out=self._mask_bool)

    def _final_infos(self, ended: np.ndarray, episodes: Any = None, rows: np.ndarray | None = None) -> dict[str, Any]:
        """``final_obs`` and ``final_info`` of the games that ended, in the layout that
        Gymnasium's ``VectorEnv._add_info`` gives its own vector environments
        (``final_obs``: an object array of observations; ``final_info``: a dict of
        arrays, each with its ``_key`` mask), built in whole-array operations."""
        n, done = self.num_envs, self._dones
        final_obs = np.full(n, None, dtype=object)
        no_mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if rows is None:  # the opponents' path: rows of self._final, which the next step overwrites
            rows = self._final[ended]
        for j, i in enumerate(ended.tolist()):
            final_obs[i] = {"observation": rows[j], "action_mask": no_mask}  # a row of this step's own array
        returns = np.zeros((n, self.game.num_players), dtype=np.float64)
        returns[ended] = (self._batch.episodes() if episodes is None else episodes).returns[ended]
        info = {"legal_action_count": np.zeros(n, dtype=np.int64), "illegal_action": np.zeros(n, dtype=np.bool_),
                "episode_return": np.where(done, self._return, 0.0),
                "episode_length": np.where(done, self._length, 0), "returns": returns}
        for key in list(info):
            info["_" + key] = done.copy()
        return {"final_obs": final_obs, "_final_obs": done.copy(), "final_info": info, "_final_info": done.copy()}

    def __repr__(self) -> str:
        return f"VectorEnv({self.game.spec!r}, num_envs={self.num_envs}, seat={self.seat})"
