"""``VectorEnv``: many games of one seat as a Gymnasium vector environment, straight
over a :class:`meeple.Batch` (``meeple[gym]``)."""

from __future__ import annotations

import os
from types import SimpleNamespace
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
from ..batch import EPISODE_FIELDS, Batch
from ..errors import IllegalActionError
from ..game import Game
from ._seats import Opponents, env_game, first_seed, opponent_seed
from .gym import action_space, observation_space

__all__ = ["VectorEnv"]


_VectorEnv: Any = gym.vector.VectorEnv  # Any: its generic parameters differ between gymnasium versions


# Bytes of Python objects an opponent costs an environment (an Agent and its handle).
_AGENT_BYTES = 400

# The library calls of a step, bound once (reading them off cffi's lib costs about 50 ns
# a call); every step passes pointers made once into arrays made once.
_check_actions = lib.meeple_batch_check_actions
_step = lib.meeple_batch_step
_step_and_read = lib.meeple_batch_step_and_read
_play_agents = lib.meeple_batch_play_agents
_reset_slots = lib.meeple_batch_reset_slots
_write_dense_masks = lib.meeple_batch_write_dense_masks
_write_episodes = lib.meeple_batch_write_episodes
_write_observations = lib.meeple_batch_write_observations
_write_observations_for = lib.meeple_batch_write_observations_for
_write_observations_where = lib.meeple_batch_write_observations_where
_write_restarted = lib.meeple_batch_write_restarted_observations_in_place
_write_rewards = lib.meeple_batch_write_rewards
_write_status = lib.meeple_batch_write_status
_EPISODE_INTS = lib.MEEPLE_BATCH_EPISODE_INTS
_TRUNCATED = EPISODE_FIELDS.index("truncated")

_ILLEGAL = lib.MEEPLE_ERR_ILLEGAL_ACTION


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
      ``infos["final_obs"][i]`` is always the same dict for game i, its observation
      row i of one array, refilled the next time game i ends; ``final_obs`` itself,
      ``final_info["returns"]`` and the ``_key`` masks (one array) are refilled by the
      next step that ends games.
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
        self._over = np.zeros(n, dtype=np.bool_)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._status = np.zeros((n, 5), dtype=np.int32)
        self._viewers = np.full(n, self.seat, dtype=np.int32)
        self._actions = np.zeros(n, dtype=np.int32)
        self._actions64 = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        self._return = np.zeros(n, dtype=np.float64)
        self._length = np.zeros(n, dtype=np.int64)
        self._seeds: np.ndarray | None = None
        # Final observations: game i's last observation is row i of _final, and
        # final_obs[i] is always the same dict around it (_final_dicts[i]), refilled
        # each time game i ends: a step that ends k games makes no per-game objects.
        self._final = np.zeros((n, game.obs_size), dtype=np.float32)
        self._no_mask = np.zeros(game.num_actions, dtype=np.int8)
        self._final_dicts = np.empty(n, dtype=object)
        for i in range(n):
            self._final_dicts[i] = {"observation": self._final[i], "action_mask": self._no_mask}
        self._episode_ints = np.zeros((n, _EPISODE_INTS), dtype=np.int32)
        self._episode_returns = np.zeros((n, players), dtype=np.float32)
        # The infos of a step that ends games, made once and refilled like the
        # observations (a fresh object array of n entries was a third of VectorEnv's
        # own cost of a tic-tac-toe step): final_obs holds the dicts of the games ended
        # in the last such step and None elsewhere; one mask serves every "_key".
        self._final_obs = np.full(n, None, dtype=object)
        self._ended = np.zeros(n, dtype=np.bool_)
        self._returns_out = np.zeros((n, players), dtype=np.float64)
        self._returns_rows = self._returns_out.view(np.dtype((np.void, 8 * players))).reshape(n)
        self._zero_row = np.zeros(1, dtype=self._returns_rows.dtype)
        self._not_done = np.zeros(n, dtype=np.bool_)
        self._ended_return = np.zeros(n, dtype=np.float64)
        self._ended_length = np.zeros(n, dtype=np.int64)
        self._zeros_int64 = np.zeros(n, dtype=np.int64)
        self._zeros_bool = np.zeros(n, dtype=np.bool_)
        # C views of those arrays, made once (ffi.from_buffer is most of a call's cost).
        buf = ffi.from_buffer
        self._p = p = SimpleNamespace()
        p.actions = buf("int32_t[]", self._actions)
        p.actions64 = buf("int64_t[]", self._actions64)
        p.dones = buf("uint8_t[]", self._dones)  # bool is one byte, 0 or 1
        p.over = buf("uint8_t[]", self._over)
        p.obs = buf("float[]", self._obs)
        p.mask = buf("uint8_t[]", self._mask)
        p.rewards = buf("float[]", self._rewards2d)
        p.more = buf("float[]", self._more_rewards)
        p.status = buf("int32_t[]", self._status)
        p.viewers = buf("int32_t[]", self._viewers)
        p.final = buf("float[]", self._final)
        p.episode_ints = buf("int32_t[]", self._episode_ints)
        p.episode_returns = buf("float[]", self._episode_returns)

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
        self._check(actions)
        ptr, p, n, dones = self._batch._ptr, self._p, self.num_envs, self._dones
        if self._has_opponents:
            check(_step(ptr, p.actions, n, p.dones))
            check(_write_rewards(ptr, p.rewards, self._rewards2d.size))
            self._play_opponents()
            self._rewards2d += self._more_rewards
            check(_write_status(ptr, p.status, self._status.size))
            np.not_equal(self._status[:, 0], 0, out=dones)
            ended = dones.any()
            if ended:
                # The ended games' last observations, into their rows of _final only.
                check(_write_observations_where(ptr, p.dones, n, p.viewers, n, p.final, self._final.size))
                self._set_ends(self._status[:, 4])  # before the restarts rewrite the status
                # The episodes now, before the restarts: a new game that ends before the
                # seat acts (a Hold'em hand folded round to it) is recorded over them.
                check(_write_episodes(ptr, p.episode_ints, self._episode_ints.size, p.episode_returns,
                                      self._episode_returns.size))
                check(_reset_slots(ptr, p.dones, ffi.NULL, n))
                self._play_opponents()
                self._skip_games_over_before_the_seat_acts()
            self._read()
        else:
            check(_step_and_read(ptr, p.actions, n, 1, p.dones, ffi.NULL, 0, p.obs, self._obs.size))
            check(_write_dense_masks(ptr, p.mask, self._mask.size))
            check(_write_rewards(ptr, p.rewards, self._rewards2d.size))
            ended = dones.any()
            if ended:
                self._read_restarted()
                self._set_ends(self._episode_ints[:, _TRUNCATED])
        self._return += self._rewards
        self._length += 1
        if ended:
            infos = self._final_infos()
        else:
            self._truncations.fill(False)
            self._terminations.fill(False)
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

    def _check(self, actions: Any) -> None:
        """Copies ``actions`` into ``_actions`` after checking that each is legal in its
        game (all before anything moves); TypeError or IllegalActionError otherwise."""
        a = actions if type(actions) is np.ndarray else np.asarray(actions)
        n = self.num_envs
        kind = a.dtype.kind
        if a.shape != (n,) or (kind != "i" and kind != "u"):
            raise TypeError(f"actions must be {n} integer actions (an integer array of shape ({n},)); got "
                            f"{a.dtype} of shape {a.shape}")
        # The good path: one copy into the int64 array the library reads (a value that
        # does not survive the cast reads as an illegal action and is named below from
        # the caller's own array), then one call that checks every game's action against
        # its state and writes the int32 actions of the step.
        np.copyto(self._actions64, a, casting="unsafe")
        status = _check_actions(self._batch._ptr, self._p.actions64, n, self._p.actions, n, ffi.NULL)
        if status != 0:
            if status != _ILLEGAL:
                check(status)
            self._check_slowly(a)

    def _check_slowly(self, a: np.ndarray) -> None:
        """The check in plain NumPy (any byte order), with the per-game arrays of what
        is wrong: raises IllegalActionError naming the first game whose action is not
        legal, else copies the actions."""
        num_actions = self.game.num_actions
        if a.min() >= 0 and a.max() < num_actions and self._mask_bool[self._rows, a].all():
            np.copyto(self._actions, a, casting="unsafe")
            return
        bad = (a < 0) | (a >= num_actions)
        if not bad.any():
            bad = ~self._mask_bool[self._rows, a]
        i = int(np.flatnonzero(bad)[0])
        legal = np.flatnonzero(self._mask_bool[i])
        shown = ", ".join(map(str, legal[:12].tolist())) + (", ..." if legal.size > 12 else "")
        raise IllegalActionError(f"actions[{i}] = {int(a[i])} is illegal in game {i} ({int(bad.sum())} illegal "
                                 f"actions in all); its {legal.size} legal actions are [{shown}]; nothing moved")

    def _set_ends(self, truncated: np.ndarray) -> None:
        """Terminations and truncations of the ended games from a column of truncation
        flags (nonzero where a turn cap ended a slot's game; other slots are masked out).
        Truncations are rare: one count of the strided column, and the two whole-batch
        operations only when there are some."""
        dones = self._dones
        if np.count_nonzero(truncated):
            np.logical_and(dones, truncated, out=self._truncations)
            np.greater(dones, self._truncations, out=self._terminations)  # done and not truncated
        else:
            self._truncations.fill(False)
            np.copyto(self._terminations, dones)

    def _play_opponents(self) -> None:
        """The opponents' moves in every game until the seat acts or the game ends;
        _more_rewards gets the rewards of those moves."""
        check(_play_agents(self._batch._ptr, self._agent_ptrs, len(self._agent_ptrs), self._p.more,
                           self._more_rewards.size))

    def _skip_games_over_before_the_seat_acts(self) -> None:
        """Starts the next game in every slot whose new game ended before the seat's first
        decision (a Hold'em hand folded round to it), as GymEnv.reset does."""
        ptr, p, n, over = self._batch._ptr, self._p, self.num_envs, self._over
        for _ in range(1000):
            check(_write_status(ptr, p.status, self._status.size))
            np.not_equal(self._status[:, 0], 0, out=over)
            if not over.any():
                return
            check(_reset_slots(ptr, p.over, ffi.NULL, n))
            self._play_opponents()
        raise RuntimeError("1000 games in a row ended before the seat had a decision")

    def _read(self) -> None:
        ptr, p = self._batch._ptr, self._p
        if self._has_opponents:
            check(_write_observations_for(ptr, p.viewers, self.num_envs, p.obs, self._obs.size))
        else:
            check(_write_observations(ptr, p.obs, self._obs.size))
        check(_write_dense_masks(ptr, p.mask, self._mask.size))

    def _read_restarted(self) -> None:
        """After an autoreset step: the ended games' last observations into their rows
        of _final (the ended rows only), and the episodes."""
        ptr, p, n = self._batch._ptr, self._p, self.num_envs
        check(_write_restarted(ptr, p.viewers, n, p.final, self._final.size))
        check(_write_episodes(ptr, p.episode_ints, self._episode_ints.size, p.episode_returns,
                              self._episode_returns.size))

    def _final_infos(self) -> dict[str, Any]:
        """``final_obs`` and ``final_info`` of the games that ended, in the layout that
        Gymnasium's ``VectorEnv._add_info`` gives its own vector environments
        (``final_obs``: an object array of observations; ``final_info``: a dict of
        arrays, each with its ``_key`` mask), in arrays made once and refilled."""
        done, ended, final_obs = self._dones, self._ended, self._final_obs
        final_obs.fill(None)  # half the cost of a putmask of the last ended games
        np.copyto(ended, done)
        np.putmask(final_obs, done, self._final_dicts)
        # The returns of every slot's last ended game as float64, then the rows of the
        # games that did not end now zeroed: each row seen as one element of P doubles,
        # so that one 1-d putmask takes them (a where= over [n, P] costs three times as
        # much).
        returns = self._returns_out
        np.copyto(returns, self._episode_returns)
        np.putmask(self._returns_rows, np.logical_not(done, out=self._not_done), self._zero_row)
        # The ended games' episode returns and lengths (zero elsewhere) and their running
        # sums restarted: products with the done flags and subtractions, each a fraction
        # of np.where's cost; adding 0.0 turns the -0.0 of a negative sum times False
        # into the 0.0 np.where gave.
        episode_return, episode_length = self._ended_return, self._ended_length
        np.multiply(self._return, done, out=episode_return)
        np.add(episode_return, 0.0, out=episode_return)
        np.multiply(self._length, done, out=episode_length)
        self._return -= episode_return
        self._length -= episode_length
        info = {"legal_action_count": self._zeros_int64, "illegal_action": self._zeros_bool,
                "episode_return": episode_return, "episode_length": episode_length, "returns": returns,
                "_legal_action_count": ended, "_illegal_action": ended, "_episode_return": ended,
                "_episode_length": ended, "_returns": ended}
        return {"final_obs": final_obs, "_final_obs": ended, "final_info": info, "_final_info": ended}

    def __repr__(self) -> str:
        return f"VectorEnv({self.game.spec!r}, num_envs={self.num_envs}, seat={self.seat})"
