"""Batches: N independent games of one kind, stepped and read by whole-batch calls.

Every call here is one call into the library, whatever N is, and the library splits
the slots over the batch's threads. Arrays go in and out as raw pointers to NumPy
memory: pass an ``out=`` array to have it filled in place, or let the method make one.
An array of the wrong dtype or shape, or one that is not C-contiguous (or, for
outputs, not writeable), raises ``TypeError`` naming what is expected; nothing is ever
copied behind your back. The GIL is released during every library call (cffi's API
mode releases it around each C call), so other Python threads run meanwhile. A batch
serves one call at a time: a call from another thread while one runs raises
``BusyError`` and changes nothing (use one batch per thread).

The exact rules (slot seeds, the acting player, rewards after an autoreset, winners)
are in ``docs/batch.md``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from . import _long_call
from ._ffi import check, ffi, lib
from .game import Game, State

__all__ = ["Batch", "Episodes", "EpisodeStats", "RandomGames", "run_random_games", "derive_seed",
           "STATUS_FIELDS", "EPISODE_FIELDS", "NOBODY", "ACTOR_CHANCE", "RECORD_GAME_STARTS", "RECORD_GAME_ENDS",
           "RECORD_ACTIONS", "RECORD_TRADES", "RECORD_ALL", "parse_mask"]

STATUS_FIELDS: tuple[str, ...] = ("done", "winner", "turn", "current_player", "truncated")
"""Column names of ``Batch.status()``, in column order (``MEEPLE_BATCH_STATUS_*``)."""
EPISODE_FIELDS: tuple[str, ...] = ("count", "winner", "truncated", "length")
"""Column names of the integer part of ``Batch.episodes()`` (``MEEPLE_BATCH_EPISODE_*``)."""
NOBODY: int = lib.MEEPLE_BATCH_NOBODY
"""The current player of a slot whose game is over."""
ACTOR_CHANCE: int = -(2**31)
"""The bit of an ``actors()`` entry set while a chance outcome is pending (bit 31)."""

_INT32, _INT64, _UINT8, _UINT64, _BOOL, _FLOAT32 = (
    np.dtype(t) for t in (np.int32, np.int64, np.uint8, np.uint64, np.bool_, np.float32))

# What a batch records into its event queue (Batch.record_events; docs/recording.md).
RECORD_GAME_STARTS: int = lib.MEEPLE_RECORD_GAME_STARTS
RECORD_GAME_ENDS: int = lib.MEEPLE_RECORD_GAME_ENDS
RECORD_ACTIONS: int = lib.MEEPLE_RECORD_ACTIONS
RECORD_TRADES: int = lib.MEEPLE_RECORD_TRADES
RECORD_ALL: int = lib.MEEPLE_RECORD_ALL

_MASK_NAMES = {"starts": RECORD_GAME_STARTS, "ends": RECORD_GAME_ENDS, "actions": RECORD_ACTIONS,
               "trades": RECORD_TRADES, "all": RECORD_ALL, "off": 0}


def parse_mask(mask: int | str) -> int:
    """``RECORD_*`` bits from an int or a ``|``-joined string of ``starts``, ``ends``,
    ``actions``, ``trades``, ``all`` or ``off``."""
    if isinstance(mask, str):
        bits = 0
        for part in mask.split("|"):
            name = part.strip()
            if name not in _MASK_NAMES:
                raise ValueError(f"unknown event kind {name!r} in mask {mask!r}; use "
                                 f"{', '.join(_MASK_NAMES)} joined by '|'")
            bits |= _MASK_NAMES[name]
        return bits
    if isinstance(mask, bool) or not isinstance(mask, (int, np.integer)) or not 0 <= int(mask) <= RECORD_ALL:
        raise ValueError(f"mask must be a string such as 'all' or an int of RECORD_* bits in 0..{RECORD_ALL}; "
                         f"got {mask!r}")
    return int(mask)


# The calls of a training loop's step, bound once (reading them off cffi's lib costs
# about 50 ns a call).
_batch_step = lib.meeple_batch_step
_batch_step_autoreset = lib.meeple_batch_step_autoreset
_batch_step_and_read = lib.meeple_batch_step_and_read
_batch_write_masks = lib.meeple_batch_write_masks
_batch_write_dense_masks = lib.meeple_batch_write_dense_masks
_batch_write_observations = lib.meeple_batch_write_observations
_batch_write_rewards = lib.meeple_batch_write_rewards
_STATUS_INTS = lib.MEEPLE_BATCH_STATUS_INTS
_EPISODE_INTS = lib.MEEPLE_BATCH_EPISODE_INTS
assert STATUS_FIELDS.index("current_player") == lib.MEEPLE_BATCH_STATUS_CURRENT_PLAYER
assert EPISODE_FIELDS.index("length") == lib.MEEPLE_BATCH_EPISODE_LENGTH


def _describe(arr: Any) -> str:
    if not isinstance(arr, np.ndarray):
        return type(arr).__name__
    layout = "C-contiguous" if arr.flags.c_contiguous else "non-contiguous"
    access = "" if arr.flags.writeable else ", read-only"
    return f"{arr.dtype} array of shape {arr.shape} ({layout}{access})"


def _pointer(arr: Any, ctype: str, dtype: np.dtype, shape: tuple[int, ...], name: str, writeable: bool) -> Any:
    """The raw pointer to ``arr`` after checking it exactly; TypeError otherwise."""
    # Native built-in dtypes are singletons, so `is` is the fast exact test; anything
    # else (another byte order, a subtype) gets the full comparison.
    if (not isinstance(arr, np.ndarray) or (arr.dtype is not dtype and arr.dtype != dtype) or arr.shape != shape
            or not arr.flags.c_contiguous or (writeable and not arr.flags.writeable)):
        need = "a C-contiguous, writeable" if writeable else "a C-contiguous"
        raise TypeError(f"{name} must be {need} numpy array of dtype {dtype.name} and shape {shape}; "
                        f"got {_describe(arr)}")
    return ffi.from_buffer(ctype, arr, require_writable=writeable)


def _input(arr: Any, ctype: str, dtype: np.dtype, shape: tuple[int, ...], name: str) -> tuple[np.ndarray, Any]:
    """An input array as ``dtype``: an exact C-contiguous array is passed as it is; a
    list or an array of another integer dtype (``np.argmax`` gives int64) is converted
    once, after checking that every value fits ``dtype``. Returns the array (keep it
    alive for the call) and its pointer. TypeError for a wrong shape or a non-integer
    dtype, ValueError for a value that does not fit."""
    if isinstance(arr, np.ndarray) and (arr.dtype is dtype or arr.dtype == dtype) and arr.shape == shape \
            and arr.flags.c_contiguous:
        return arr, ffi.from_buffer(ctype, arr)
    # Lists go through Python ints, so that big uint64 seeds do not turn into floats.
    a = arr if isinstance(arr, np.ndarray) else np.array(arr, dtype=object)
    if a.shape != shape:
        raise TypeError(f"{name} must have shape {shape} (an array or a list of integers); got {_describe(arr)}"
                        + ("" if isinstance(arr, np.ndarray) else f" of shape {a.shape}"))
    info = np.iinfo(dtype)
    if a.dtype.kind == "O" and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in a.flat):
        values = [int(v) for v in a.flat]
        lo, hi = (min(values), max(values)) if values else (0, 0)
    elif a.dtype.kind in "iu":
        lo, hi = (int(a.min()), int(a.max())) if a.size else (0, 0)
    else:
        got = f"an array of dtype {a.dtype}" if isinstance(arr, np.ndarray) else f"a {type(arr).__name__} of non-integers"
        raise TypeError(f"{name} must hold integers (any integer dtype, or a list of ints); got {got}")
    if lo < info.min or hi > info.max:
        bad = lo if lo < info.min else hi
        index = int(np.flatnonzero(np.asarray([int(v) == bad for v in a.flat]))[0])
        raise ValueError(f"{name}[{index}] is {bad}, outside the range of {dtype.name} "
                         f"[{info.min}, {info.max}]")
    converted = np.array([int(v) for v in a.flat], dtype=dtype).reshape(shape) if a.dtype.kind == "O" \
        else np.ascontiguousarray(a, dtype=dtype)
    return converted, ffi.from_buffer(ctype, converted)


def _output(out: Any, ctype: str, dtype: np.dtype, shape: tuple[int, ...], name: str = "out") -> tuple[np.ndarray, Any]:
    if out is None:
        out = np.empty(shape, dtype=dtype)
    return out, _pointer(out, ctype, dtype, shape, name, True)


def _remembered(views: dict[str, tuple[Any, Any]], key: str, arr: Any, ctype: str, dtype: np.dtype,
                shape: tuple[int, ...], name: str, writeable: bool) -> Any:
    """The C view of ``arr`` for the role ``key`` of a batch's calls, checked and made
    on the first call given this very array and remembered for the next: a loop that
    passes the same arrays every step pays the checks and ``ffi.from_buffer`` (most of
    a call's fixed cost) once. The view holds the array's buffer, so its memory stays
    put; an input that had to be converted is not remembered."""
    hit = views.get(key)
    if hit is not None and hit[0] is arr:
        return hit[1]
    if writeable:
        ptr = _pointer(arr, ctype, dtype, shape, name, True)
        views[key] = (arr, ptr)
        return ptr
    converted, ptr = _input(arr, ctype, dtype, shape, name)
    if converted is arr:
        views[key] = (arr, ptr)
    return ptr


def _seed(seed: int) -> int:
    if not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    return int(seed)


def _threads(threads: int) -> int:
    if not isinstance(threads, (int, np.integer)) or threads < 0:
        raise ValueError(f"threads must be 0 (one per core) or a positive integer, got {threads!r}")
    return int(threads)


def derive_seed(seed: int, index: int) -> int:
    """The seed of item ``index`` under ``seed``: slot ``index`` of ``Batch(game, n,
    seed)`` starts from it, and a slot's k-th restarted game from
    ``derive_seed(slot_seed, k)``."""
    return int(lib.meeple_batch_derive_seed(_seed(seed), _seed(index)))


class Episodes(NamedTuple):
    """The last finished game of each slot: arrays of length n (``returns``: n x players).
    Slots with no finished game yet have ``count`` 0, ``winner`` -1 and zeros."""

    count: np.ndarray  # type: ignore[assignment]  # int32: games finished since start or reseed (shadows tuple.count)
    winner: np.ndarray     # int32: seat with the unique best return, else -1
    truncated: np.ndarray  # int32: 1 when a turn cap ended it
    length: np.ndarray     # int32: actions it took, chance outcomes included
    returns: np.ndarray    # float32[n, num_players]


class EpisodeStats(NamedTuple):
    """Games finished since the last ``Batch.take_episode_stats()``."""

    episodes: int              # games finished
    truncated: int             # of them, games a turn cap ended
    mean_length: float         # mean actions a game, chance outcomes included (0 with none)
    mean_returns: np.ndarray   # float64[num_players]: each seat's mean return (zeros with none)


class RandomGames(NamedTuple):
    """Totals of ``run_random_games``."""

    games: int
    moves: int       # actions applied in all games, chance outcomes included
    truncated: int   # games a turn cap ended
    draws: int       # games ended untruncated with no unique best seat
    wins: tuple[int, ...]  # games each seat won


def _game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return Game(game)
    raise TypeError(f"game must be a meeple.Game or a spec string, not {type(game).__name__}")


class Batch:
    """N independent states ("slots") of one game, stepped and read by whole-batch calls.

    ``Batch(game, n, seed=0, threads=0)``: slot i starts from ``derive_seed(seed, i)``;
    ``threads=0`` uses one thread per core. ``Batch.seeded(game, seeds)`` gives slot i
    the seed ``seeds[i]``, so it holds the game of ``game.new_state(seeds[i])``.

    Each slot acts for its acting player: the chance player while a chance outcome is
    pending, else its lowest active seat. Results are the same bytes at any thread
    count and equal to stepping each game alone with ``State.apply``. One call at a
    time: another thread's call while one runs raises ``BusyError``.
    """

    __slots__ = ("_ptr", "_game", "_n", "_threads", "_shape", "_views", "__weakref__")

    def __init__(self, game: Game | str, n: int, seed: int = 0, threads: int = 0) -> None:
        self._game = _game(game)
        if not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n must be a positive number of slots, got {n!r}")
        out = ffi.new("meeple_batch_t **")
        check(lib.meeple_batch_new(self._game._ptr, int(n), _seed(seed), _threads(threads), out))
        self._adopt(out[0])

    @classmethod
    def seeded(cls, game: Game | str, seeds: np.ndarray, threads: int = 0) -> "Batch":
        """A batch whose slot i starts from ``seeds[i]`` (uint64[n], or any integer array
        or list of n integers in [0, 2**64))."""
        self = cls.__new__(cls)
        self._game = _game(game)
        n = len(seeds) if not isinstance(seeds, np.ndarray) else (seeds.shape[0] if seeds.ndim == 1 else -1)
        if n < 1:
            raise TypeError(f"seeds must be a non-empty 1-d array or list of integers; got {_describe(seeds)}")
        seeds, ptr = _input(seeds, "uint64_t[]", _UINT64, (n,), "seeds")
        out = ffi.new("meeple_batch_t **")
        check(lib.meeple_batch_new_seeded(self._game._ptr, ptr, n, _threads(threads), out))
        self._adopt(out[0])
        return self

    def _adopt(self, ptr: Any) -> None:
        self._ptr = ffi.gc(ptr, lib.meeple_batch_free)
        info = ffi.new("meeple_batch_info_t *")
        info.struct_size = ffi.sizeof("meeple_batch_info_t")
        check(lib.meeple_batch_info(self._ptr, info))
        self._n = int(info.n)
        self._threads = int(info.threads)
        self._views: dict[str, tuple[Any, Any]] = {}  # see _remembered
        g, n = self._game, self._n
        # Array shapes, worked out once: the checks run on every call.
        self._shape = {"n": (n,), "masks": (n, g.mask_words), "dense": (n, g.num_actions),
                       "status": (n, _STATUS_INTS), "obs": (n, g.obs_size), "players": (n, g.num_players),
                       "snapshot": (n, g.snapshot_size)}

    # ---- facts ----

    @property
    def n(self) -> int:
        """Number of slots."""
        return self._n

    def __len__(self) -> int:
        return self._n

    @property
    def game(self) -> Game:
        """The game every slot plays."""
        return self._game

    @property
    def threads(self) -> int:
        """Threads the batch splits its work over."""
        return self._threads

    @property
    def num_players(self) -> int:
        return self._game.num_players

    @property
    def num_actions(self) -> int:
        return self._game.num_actions

    @property
    def mask_words(self) -> int:
        """uint64 words in one slot's packed mask."""
        return self._game.mask_words

    @property
    def obs_size(self) -> int:
        return self._game.obs_size

    @property
    def snapshot_size(self) -> int:
        """Bytes of one slot's snapshot (one row of ``snapshot()``)."""
        return self._game.snapshot_size

    @property
    def status_fields(self) -> tuple[str, ...]:
        """Column names of ``status()``: done, winner, turn, current_player, truncated."""
        return STATUS_FIELDS

    # ---- steps ----

    def _step(self, autoreset: bool, actions: np.ndarray, dones: np.ndarray | None, masks: np.ndarray | None,
              observations: np.ndarray | None) -> np.ndarray:
        views = self._views
        hit = views.get("actions")  # the remembered view, tested inline: this runs every step
        if hit is not None and hit[0] is actions:
            a = hit[1]
        else:
            a = _remembered(views, "actions", actions, "int32_t[]", _INT32, self._shape["n"], "actions", False)
        if dones is None:
            dones, d = _output(None, "uint8_t[]", _BOOL, self._shape["n"], "dones")
        else:
            hit = views.get("dones")
            if hit is not None and hit[0] is dones:
                d = hit[1]
            else:
                d = _remembered(views, "dones", dones, "uint8_t[]", _BOOL, self._shape["n"], "dones", True)
        if masks is None and observations is None:
            fn = _batch_step_autoreset if autoreset else _batch_step
            check(fn(self._ptr, a, self._n, d))
            return dones
        m, m_len = ffi.NULL, 0
        if masks is not None:
            m = _remembered(views, "masks", masks, "uint64_t[]", _UINT64, self._shape["masks"], "masks", True)
            m_len = masks.size
        o, o_len = ffi.NULL, 0
        if observations is not None:
            o = _remembered(views, "obs", observations, "float[]", _FLOAT32, self._shape["obs"], "observations", True)
            o_len = observations.size
        check(_batch_step_and_read(self._ptr, a, self._n, 1 if autoreset else 0, d, m, m_len, o, o_len))
        return dones

    def step(self, actions: np.ndarray, dones: np.ndarray | None = None, *, masks: np.ndarray | None = None,
             observations: np.ndarray | None = None) -> np.ndarray:
        """Plays ``actions[i]`` in slot i and returns ``dones`` (bool[n]: the game is
        over). ``actions`` is int32[n], or any integer array or list of n integers
        (converted once; a value outside int32 raises ``ValueError``). ``NO_ACTION`` leaves a slot alone; an illegal action leaves it
        alone too and is counted in ``illegal_counts``. Finished games stay as they are
        (an action in one counts as illegal).

        ``masks`` (uint64[n, mask_words]) and ``observations`` (float32[n, obs_size]),
        when given, are filled in the same pass with what ``masks()`` and
        ``observations()`` would return after the step: one call and one pass over the
        games instead of three."""
        return self._step(False, actions, dones, masks, observations)

    def step_autoreset(self, actions: np.ndarray, dones: np.ndarray | None = None, *,
                       masks: np.ndarray | None = None, observations: np.ndarray | None = None) -> np.ndarray:
        """As ``step``, then every slot whose game is over (``dones[i]``) starts a new
        game; ``episodes()`` tells how the old one ended and ``rewards()`` still gives
        the old game's last reward. ``masks`` and ``observations`` as in ``step``: they
        show the new games of restarted slots."""
        return self._step(True, actions, dones, masks, observations)

    # ---- reads ----

    def masks(self, out: np.ndarray | None = None) -> np.ndarray:
        """Packed legal-action masks, ``uint64[n, mask_words]``: bit a % 64 of word
        a // 64 is set when action a is legal for the slot's acting player."""
        hit = self._views.get("masks")
        if hit is not None and hit[0] is out:
            p = hit[1]
        elif out is None:
            out, p = _output(None, "uint64_t[]", _UINT64, self._shape["masks"])
        else:
            p = _remembered(self._views, "masks", out, "uint64_t[]", _UINT64, self._shape["masks"], "out", True)
        check(_batch_write_masks(self._ptr, p, out.size))
        return out

    def dense_masks(self, out: np.ndarray | None = None) -> np.ndarray:
        """Legal-action masks, ``bool[n, num_actions]``."""
        if out is None:
            out, p = _output(None, "uint8_t[]", _BOOL, self._shape["dense"])
        else:
            p = _remembered(self._views, "dense", out, "uint8_t[]", _BOOL, self._shape["dense"], "out", True)
        check(_batch_write_dense_masks(self._ptr, p, out.size))
        return out

    def actors(self, out: np.ndarray | None = None) -> np.ndarray:
        """Who owes a decision, ``int32[n]``: bit s for seat s, ``ACTOR_CHANCE`` while
        a chance outcome is pending, 0 once the game is over."""
        out, p = _output(out, "int32_t[]", _INT32, self._shape["n"])
        check(lib.meeple_batch_write_actors(self._ptr, p, out.size))
        return out

    def status(self, out: np.ndarray | None = None) -> np.ndarray:
        """``int32[n, 5]`` with the columns of ``status_fields``: done, winner (seat
        with the unique best return at an untruncated end, else -1), turn (actions
        since the game began), current_player (a seat, ``CHANCE`` or ``NOBODY``),
        truncated."""
        out, p = _output(out, "int32_t[]", _INT32, self._shape["status"])
        check(lib.meeple_batch_write_status(self._ptr, p, out.size))
        return out

    def observations(self, out: np.ndarray | None = None, seats: np.ndarray | None = None) -> np.ndarray:
        """Observations ``float32[n, obs_size]``, from each slot's acting seat (the
        public view where no seat acts), or from ``seats[i]`` (n seats, ``PUBLIC`` or
        ``ALL``: any integer array or list) when given."""
        if out is None:
            out, p = _output(None, "float[]", _FLOAT32, self._shape["obs"])
        else:
            p = _remembered(self._views, "obs", out, "float[]", _FLOAT32, self._shape["obs"], "out", True)
        if seats is None:
            check(_batch_write_observations(self._ptr, p, out.size))
        else:
            seats, v = _input(seats, "int32_t[]", _INT32, self._shape["n"], "seats")
            check(lib.meeple_batch_write_observations_for(self._ptr, v, self._n, p, out.size))
        return out

    def features(self, seats: Any, out: np.ndarray | None = None, omniscient: bool = False) -> np.ndarray:
        """Feature vectors ``float32[n, feature_size]`` (``game.features_info()``), row i
        from ``seats[i]`` (one seat for every slot, or n of them: any integer array or
        list), only what that seat may know unless ``omniscient``. Written by the
        library straight into ``out`` when given (a writeable C-contiguous float32
        array of that shape), else into a new array."""
        if "features" not in self._shape:  # asked once: a game without features raises here
            self._shape["features"] = (self._n, int(self._game.features_info()["feature_size"]))
        if isinstance(seats, (int, np.integer)) and not isinstance(seats, bool):
            seats = np.full(self._n, int(seats), dtype=np.int32)
        seats, v = _input(seats, "int32_t[]", _INT32, self._shape["n"], "seats")
        out, p = _output(out, "float[]", _FLOAT32, self._shape["features"])
        variant = lib.MEEPLE_FEATURES_OMNISCIENT if omniscient else lib.MEEPLE_FEATURES_SEAT
        check(lib.meeple_batch_write_features(self._ptr, v, self._n, variant, p, out.size))
        return out

    def rewards(self, out: np.ndarray | None = None) -> np.ndarray:
        """Rewards of the last step, ``float32[n, num_players]``: zeros for slots that
        did not move; for a slot restarted by ``step_autoreset``, the ended game's
        last reward."""
        if out is None:
            out, p = _output(None, "float[]", _FLOAT32, self._shape["players"])
        else:
            p = _remembered(self._views, "rewards", out, "float[]", _FLOAT32, self._shape["players"], "out", True)
        check(_batch_write_rewards(self._ptr, p, out.size))
        return out

    def episodes(self) -> Episodes:
        """The last finished game of each slot (see ``Episodes``)."""
        ints = np.empty((self._n, _EPISODE_INTS), dtype=np.int32)
        returns = np.empty((self._n, self.num_players), dtype=np.float32)
        check(lib.meeple_batch_write_episodes(self._ptr, ffi.from_buffer("int32_t[]", ints), ints.size,
                                              ffi.from_buffer("float[]", returns), returns.size))
        return Episodes(ints[:, 0], ints[:, 1], ints[:, 2], ints[:, 3], returns)

    def final_observations(self, out: np.ndarray | None = None, seats: Any = None) -> np.ndarray:
        """Observations ``float32[n, obs_size]`` of the games that the last
        ``step_autoreset`` replaced (Gymnasium's ``final_observation``), so that a
        truncated game can be bootstrapped from its last state: row i is the finished
        game's final observation for a slot that step restarted (its ``dones[i]``),
        zeros for the others. From the public view, or from ``seats[i]`` (a seat,
        ``PUBLIC`` or ``ALL``) when given. The final reward is in ``rewards()`` after
        the same step. Valid until the next step, load or reseed (for one slot, until
        it is reset or set)."""
        out, p = _output(out, "float[]", _FLOAT32, self._shape["obs"])
        if seats is None:
            check(lib.meeple_batch_write_final_observations(self._ptr, ffi.NULL, 0, p, out.size))
        else:
            seats, v = _input(seats, "int32_t[]", _INT32, self._shape["n"], "seats")
            check(lib.meeple_batch_write_final_observations(self._ptr, v, self._n, p, out.size))
        return out

    def restarted_observations(self, seats: Any = None) -> np.ndarray:
        """``final_observations`` of the slots that the last ``step_autoreset``
        restarted only, ``float32[k, obs_size]``: row j is the j-th such slot in slot
        order (``np.flatnonzero(dones)``), a new array; nothing is written for the other
        slots, so a step that ends a few of many games costs a few rows."""
        if seats is None:
            v, count = ffi.NULL, 0
        else:
            seats, v = _input(seats, "int32_t[]", _INT32, self._shape["n"], "seats")
            count = self._n
        rows = ffi.new("size_t *")
        check(lib.meeple_batch_write_restarted_observations(self._ptr, v, count, ffi.NULL, 0, rows))
        out = np.empty((rows[0], self._game.obs_size), dtype=np.float32)
        check(lib.meeple_batch_write_restarted_observations(self._ptr, v, count, ffi.from_buffer("float[]", out),
                                                            out.size, rows))
        return out

    def final_state(self, i: int) -> State:
        """The finished game that the last ``step_autoreset`` replaced in slot ``i``, as
        it ended. ``WrongStateError`` when that step did not restart slot ``i``."""
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_batch_get_final_state(self._ptr, self._slot(i), out))
        return State._wrap(self._game, out[0])

    def take_episode_stats(self) -> EpisodeStats:
        """Statistics of the games finished (by any step) since the last call, the
        batch's start or a reseed, and clears them: how many, how many a turn cap
        ended, their mean length and each seat's mean return (zeros with no game).
        The same values at any thread count."""
        stats = ffi.new("meeple_batch_episode_stats_t *")
        stats.struct_size = ffi.sizeof("meeple_batch_episode_stats_t")
        means = np.zeros(self.num_players, dtype=np.float64)
        check(lib.meeple_batch_take_episode_stats(self._ptr, stats, ffi.from_buffer("double[]", means), means.size))
        return EpisodeStats(int(stats.episodes), int(stats.truncated), float(stats.mean_length), means)

    def reset(self, slots: Any, seeds: Any = None) -> None:
        """Starts a new game in the chosen slots and leaves the others alone. ``slots``
        is a boolean mask of n entries or a sequence of slot indices (negative ones
        count from the end), as in NumPy indexing. Each chosen slot starts from its next
        restart seed, as an autoreset would, or from ``seeds[k]`` for the k-th chosen
        slot when ``seeds`` is given (that seed then seeds the slot's later restarts).
        The abandoned games are not recorded as episodes."""
        mask = np.asarray(slots)
        which = np.zeros(self._n, dtype=np.uint8)
        if mask.dtype == np.bool_:
            if mask.shape != (self._n,):
                raise TypeError(f"a boolean slots mask must have shape ({self._n},); got shape {mask.shape}")
            which[mask] = 1
            chosen = np.flatnonzero(mask)
        else:
            indices = np.atleast_1d(mask)
            if indices.ndim != 1 or (indices.size and indices.dtype.kind not in "iu"):
                raise TypeError(f"slots must be a boolean mask of {self._n} entries or a sequence of slot "
                                f"indices; got {_describe(slots)}")
            chosen = np.array([self._slot(int(i)) for i in indices], dtype=np.int64)
            if len(set(chosen.tolist())) != chosen.size:
                raise ValueError(f"slots names a slot twice: {indices.tolist()}")
            which[chosen] = 1
        seed_ptr = ffi.NULL
        if seeds is not None:
            given, _ = _input(seeds, "uint64_t[]", _UINT64, (chosen.size,), "seeds")
            full = np.zeros(self._n, dtype=np.uint64)
            full[chosen] = given
            seed_ptr = ffi.from_buffer("uint64_t[]", full)
        check(lib.meeple_batch_reset_slots(self._ptr, ffi.from_buffer("uint8_t[]", which), seed_ptr, self._n))

    @property
    def illegal_counts(self) -> np.ndarray:
        """Illegal actions each slot received since the batch began or was reseeded
        (``int64[n]``)."""
        out = np.empty(self._n, dtype=np.int64)
        check(lib.meeple_batch_illegal_counts(self._ptr, ffi.from_buffer("int64_t[]", out), out.size))
        return out

    # ---- whole batch ----

    def snapshot(self, out: np.ndarray | None = None) -> np.ndarray:
        """Every slot's state snapshot, ``uint8[n, snapshot_size]``; row i equals
        ``batch.state(i).snapshot()``."""
        out, p = _output(out, "uint8_t[]", _UINT8, self._shape["snapshot"])
        check(lib.meeple_batch_snapshot(self._ptr, p, out.size))
        return out

    def load(self, data: np.ndarray) -> None:
        """Replaces every slot's state from ``snapshot()`` rows (``uint8[n,
        snapshot_size]``). Every row is checked first: bad bytes raise ``ParseError``
        (or another ``MeepleError``) naming the row, and nothing changes."""
        p = _pointer(data, "uint8_t[]", _UINT8, self._shape["snapshot"], "data", False)
        check(lib.meeple_batch_load(self._ptr, p, data.size))

    def reseed(self, seed: int | None = None, *, seeds: np.ndarray | None = None) -> None:
        """Restarts every slot as a new batch would: from ``derive_seed(seed, i)``, or
        from ``seeds[i]`` (n integers in [0, 2**64)). Clears illegal counts, episode
        records and episode statistics."""
        if (seed is None) == (seeds is None):
            raise TypeError("reseed() takes either a seed or seeds=, not both or neither")
        if seeds is None:
            check(lib.meeple_batch_reseed(self._ptr, _seed(seed)))  # type: ignore[arg-type]
        else:
            seeds, p = _input(seeds, "uint64_t[]", _UINT64, self._shape["n"], "seeds")
            check(lib.meeple_batch_reseed_seeded(self._ptr, p, self._n))

    def state(self, i: int) -> State:
        """A copy of slot ``i``'s state, as an independent ``State``."""
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_batch_get_state(self._ptr, self._slot(i), out))
        return State._wrap(self._game, out[0])

    def set_state(self, i: int, state: State) -> None:
        """Copies ``state`` (of this batch's game) into slot ``i``."""
        if not isinstance(state, State):
            raise TypeError(f"set_state() takes a meeple.State, not {type(state).__name__}")
        check(lib.meeple_batch_set_state(self._ptr, self._slot(i), state._ptr))

    # ---- event log (docs/recording.md) ----

    def record_events(self, mask: int | str = "all", capacity: int = 1 << 20) -> None:
        """Starts recording events into a queue of ``capacity`` rows (dropping any
        earlier queue) and queues a start row for every slot's current game.
        ``mask``: ``"all"``, a ``|``-joined string of ``starts``, ``ends``, ``actions``,
        ``trades``, or an int of ``RECORD_*`` bits (``meeple.batch``, also in ``meeple.records.events``); 0 or ``"off"`` stops
        recording. Rows then come from ``drain_events``."""
        bits = parse_mask(mask)
        if not isinstance(capacity, (int, np.integer)) or isinstance(capacity, bool) or capacity < 1:
            raise ValueError(f"capacity must be a positive number of rows, got {capacity!r}")
        check(lib.meeple_batch_record_events(self._ptr, bits, int(capacity)))

    def event_info(self) -> dict[str, int]:
        """The recording's numbers: ``mask``, ``row_ints``, ``capacity``, ``queued``,
        ``overflow`` (rows dropped because the queue was full) and ``recorded``."""
        info = ffi.new("meeple_event_info_t *")
        info.struct_size = ffi.sizeof("meeple_event_info_t")
        check(lib.meeple_batch_event_info(self._ptr, info))
        return {k: int(getattr(info, k)) for k in ("mask", "row_ints", "capacity", "queued", "overflow", "recorded")}

    def drain_events(self, out: np.ndarray | None = None) -> np.ndarray:
        """Moves the oldest queued event rows into ``out`` (int32[rows, row_ints]) and
        returns the filled part (a view of ``out``); rows that do not fit stay queued
        for the next call. Without ``out``, returns every queued row in a new array."""
        width = self._game.event_row_ints
        if out is None:
            queued = self.event_info()["queued"]
            out = np.empty((queued, width), dtype=_INT32)
        if (not isinstance(out, np.ndarray) or out.dtype != _INT32 or out.ndim != 2 or out.shape[1] != width
                or not out.flags.c_contiguous or not out.flags.writeable):
            raise TypeError(f"out must be a C-contiguous, writeable numpy array of dtype int32 and shape "
                            f"(rows, {width}); got {_describe(out)}")
        rows = ffi.new("size_t *")
        ptr = ffi.from_buffer("int32_t[]", out, require_writable=True) if out.size else ffi.NULL
        check(lib.meeple_batch_drain_events(self._ptr, ptr, out.size, rows))
        return out[: int(rows[0])]

    def _slot(self, i: int) -> int:
        if not isinstance(i, (int, np.integer)):
            raise TypeError(f"slot index must be an integer, not {type(i).__name__}")
        i = int(i)
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(f"slot {i} is outside the batch of {self._n}")
        return i

    def __repr__(self) -> str:
        return f"<meeple.Batch of {self._n} x {self._game.spec} threads={self._threads}>"


# Games below which run_random_games runs on the calling thread: a worker thread for
# Ctrl-C costs tens of microseconds, as much as a few short games.
_QUICK_GAMES = 8


def run_random_games(game: Game | str, n_games: int, seed: int = 0, threads: int = 0, *,
                     progress: bool = False) -> RandomGames:
    """Plays ``n_games`` complete games entirely in C++, each choosing uniformly among
    the acting player's legal actions, on ``threads`` threads (0: one per core), and
    returns the totals. Game g starts from ``derive_seed(seed, g)``; the same
    arguments give the same totals at any thread count. Releases the GIL.

    Ctrl-C stops it before each thread's next game (raising ``KeyboardInterrupt``);
    ``progress=True`` shows a progress bar over the games (with tqdm, the extra
    ``meeple[progress]``; else a line on stderr)."""
    g = _game(game)
    if not isinstance(n_games, (int, np.integer)) or n_games < 0:
        raise ValueError(f"n_games must be a non-negative integer, got {n_games!r}")
    stats = ffi.new("meeple_random_games_t *")
    stats.struct_size = ffi.sizeof("meeple_random_games_t")
    wins = ffi.new("uint64_t[]", g.num_players)
    _long_call.run(
        lambda control: lib.meeple_run_random_games(g._ptr, int(n_games), _seed(seed), _threads(threads), stats,
                                                    wins, g.num_players, control),
        progress=progress, desc=f"random {g.name} games", unit="games", quick=int(n_games) <= _QUICK_GAMES)
    return RandomGames(int(stats.games), int(stats.moves), int(stats.truncated), int(stats.draws),
                       tuple(int(w) for w in wins))
