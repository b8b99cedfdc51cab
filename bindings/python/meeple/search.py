"""Monte Carlo tree search over any meeple game, run in C++.

``Search(spec, over)`` searches one state or every game of a batch. The spec names the
algorithm and its options as a game spec does: ``"mcts(iterations=800)"`` (UCT with
random rollouts), ``"mcts(evaluator=external)"`` (PUCT with values and priors from
your evaluator), ``"ismcts(iterations=1000)"`` (information-set MCTS for hidden
information). ``docs/search.md`` lists every option::

    import meeple
    state = meeple.Game("tictactoe").new_state()
    search = meeple.Search("mcts(iterations=2000,seed=1)", state)
    search.run()
    state.apply(search.action())

The evaluator loop. With ``evaluator=external`` the search never calls back into
Python by itself: ``run()`` returns ``False`` when leaves wait for values, ``leaves()``
gives their observations and masks as NumPy arrays, ``provide(values, priors)`` hands
the answers back, and the next ``run()`` goes on. ``run(evaluator=f)`` does that loop
for you with a plain callable. All roots share one evaluation batch, so thousands of
concurrent games make few, large network calls.

Results are the same bits for the same spec (``seed`` included) at every thread
count; only a ``time_ms`` budget depends on the clock.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Union

import numpy as np

from . import _long_call
from ._ffi import c_string, check, ffi, fetch_string, lib
from .batch import Batch
from .errors import WrongStateError
from .game import Game, State

__all__ = ["Search", "Leaves", "RootActions", "SearchStats", "Evaluator", "best_action"]

_ACTING = lib.MEEPLE_ACTING_PLAYER
_DONE = lib.MEEPLE_SEARCH_DONE

_FLOAT32, _INT32, _UINT64 = (np.dtype(t) for t in (np.float32, np.int32, np.uint64))


class Leaves(NamedTuple):
    """Leaves waiting for values, one row each."""

    obs: np.ndarray      # float32[k, leaf_size]: the observation (or, with inputs=features, the
                         # feature vector, seat variant) from the seat to act at the leaf
    masks: np.ndarray    # bool[k, num_actions]: that seat's legal actions
    roots: np.ndarray    # int32[k]: the root each leaf belongs to
    players: np.ndarray  # int32[k]: the seat to act at the leaf


class RootActions(NamedTuple):
    """The actions searched at a root, in increasing order."""

    actions: np.ndarray  # int32[k]
    visits: np.ndarray   # uint64[k]
    values: np.ndarray   # float64[k, num_players]: mean value of each seat after the action


class SearchStats(NamedTuple):
    """One root's last finished round."""

    action: int          # the chosen action (NO_ACTION for an idle root)
    iterations: int
    nodes: int
    max_depth: int
    seconds: float

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else float("inf")


Evaluator = Callable[[np.ndarray, np.ndarray, np.ndarray], Any]
"""``evaluator(obs, masks, players) -> values`` or ``-> (values, priors)``: obs
float32[k, leaf_size] (observations, or feature vectors with ``inputs=features``), masks bool[k, num_actions], players int32[k]; values [k,
num_players] in the scale of the game's returns; priors [k, num_actions] or None
(uniform). The loop zeroes priors outside each leaf's mask before handing them over."""


class _LeafBuffers:
    """Arrays that meeple_search_write_leaves fills, for up to `rows` leaves."""

    def __init__(self, game: Game, rows: int, width: int) -> None:
        self.rows = rows
        self.obs = np.empty((rows, width), dtype=np.float32)
        self.words = np.zeros((rows, game.mask_words), dtype=np.uint64)
        self.roots = np.empty(rows, dtype=np.int32)
        self.players = np.empty(rows, dtype=np.int32)
        self.c_obs = ffi.from_buffer("float[]", self.obs, require_writable=True)
        self.c_words = ffi.from_buffer("uint64_t[]", self.words, require_writable=True)
        self.c_roots = ffi.from_buffer("int32_t[]", self.roots, require_writable=True)
        self.c_players = ffi.from_buffer("int32_t[]", self.players, require_writable=True)


def _root(root: Any, roots: int) -> int:
    if not isinstance(root, (int, np.integer)) or isinstance(root, bool):
        raise TypeError(f"root must be an integer, not {type(root).__name__}")
    if not 0 <= int(root) < roots:
        raise IndexError(f"root {root} is outside this search: roots are 0..{roots - 1}")
    return int(root)


def _float_array(values: Any, shape: tuple[int, ...], name: str) -> np.ndarray:
    """An input array as C-contiguous float32 of exactly `shape` (converted once)."""
    arr = np.ascontiguousarray(values, dtype=np.float32)
    if arr.shape != shape:
        raise ValueError(f"{name} must have shape {shape}; got {arr.shape}")
    return arr


class Search:
    """A Monte Carlo tree search over one state, or over every slot of a batch.

    ``Search(spec, over, threads=1)``: ``over`` is a :class:`State` (one root), a
    :class:`Batch` (root i is slot i; finished slots stay idle) or a :class:`Game`
    with ``roots=n`` (roots set later with :meth:`set_root`). ``threads`` splits the
    trees over threads (0: one per core); the results do not depend on it.
    """

    __slots__ = ("_ptr", "_game", "_roots", "_info", "_spec", "__weakref__")

    def __init__(self, spec: str = "mcts", over: Union[State, Batch, Game, str, None] = None, *,
                 roots: Optional[int] = None, threads: int = 1) -> None:
        if not isinstance(spec, str):
            raise TypeError(f"spec must be a search spec string such as 'mcts(iterations=800)', "
                            f"not {type(spec).__name__}")
        if isinstance(over, State):
            game, n = over.game, 1
        elif isinstance(over, Batch):
            game, n = over.game, over.n
        elif isinstance(over, (Game, str)):
            game = over if isinstance(over, Game) else Game(over)
            n = 1
        else:
            raise TypeError("over must be a meeple.State, a meeple.Batch or a meeple.Game, "
                            f"not {type(over).__name__}")
        if roots is not None:
            if not isinstance(roots, (int, np.integer)) or roots < 1:
                raise ValueError(f"roots must be a positive integer, got {roots!r}")
            n = int(roots)
        if not isinstance(threads, (int, np.integer)) or not 0 <= threads <= 256:
            raise ValueError(f"threads must be 0 (one per core) to 256, got {threads!r}")
        out = ffi.new("meeple_search_t **")
        check(lib.meeple_search_new(game._ptr, c_string(spec, "spec"), n, int(threads), out))
        self._ptr = ffi.gc(out[0], lib.meeple_search_free)
        self._game = game
        self._roots = n
        info = ffi.new("meeple_search_info_t *")
        info.struct_size = ffi.sizeof("meeple_search_info_t")
        check(lib.meeple_search_info(self._ptr, info))
        self._info = info
        self._spec = fetch_string(lambda o, c, k: lib.meeple_search_spec(self._ptr, o, c, k))
        if isinstance(over, State):
            self.set_root(over)
        elif isinstance(over, Batch):
            self.set_roots(over)

    # ---- facts ----

    @property
    def spec(self) -> str:
        """The canonical spec: every option, defaults filled in."""
        return self._spec

    @property
    def game(self) -> Game:
        return self._game

    @property
    def roots(self) -> int:
        return self._roots

    @property
    def external(self) -> bool:
        """True when leaf values come from the caller (``evaluator=external``)."""
        return bool(self._info.external)

    @property
    def leaf_size(self) -> int:
        """Floats in a leaf's row of :meth:`leaves`: the game's ``obs_size``, or its
        feature size with ``inputs=features``."""
        return int(self._info.leaf_size)

    @property
    def pending(self) -> int:
        """Leaves waiting for values now."""
        check(lib.meeple_search_info(self._ptr, self._info))
        return int(self._info.pending)

    def __repr__(self) -> str:
        return f"Search({self._spec!r}, game={self._game.spec!r}, roots={self._roots})"

    # ---- roots ----

    def set_root(self, state: State, root: int = 0, player: Optional[int] = None) -> None:
        """Makes a copy of ``state`` root ``root``, searched for the seat to act there
        (``player``, when given, must be that seat). The root's tree starts empty."""
        if not isinstance(state, State):
            raise TypeError(f"state must be a meeple.State, not {type(state).__name__}")
        check(lib.meeple_search_set_root(self._ptr, _root(root, self._roots), state._ptr,
                                         _ACTING if player is None else int(player)))

    def set_roots(self, batch: Batch) -> None:
        """Root i becomes slot i of ``batch`` for every live slot; others go idle."""
        if not isinstance(batch, Batch):
            raise TypeError(f"batch must be a meeple.Batch, not {type(batch).__name__}")
        check(lib.meeple_search_set_roots_from_batch(self._ptr, batch._ptr))

    def clear_root(self, root: int = 0) -> None:
        """Leaves a root idle: runs skip it."""
        check(lib.meeple_search_clear_root(self._ptr, _root(root, self._roots)))

    def advance(self, action: int, root: int = 0, player: Optional[int] = None) -> None:
        """Plays ``action`` (of ``player``, default the one to act; ``meeple.CHANCE`` for
        an explicit chance outcome) at a root, keeping the subtree it leads to. Call it
        for every move of the real game to reuse the search between moves."""
        check(lib.meeple_search_advance(self._ptr, _root(root, self._roots),
                                        _ACTING if player is None else int(player), int(action)))

    # ---- running ----

    def run(self, evaluator: Optional[Evaluator] = None, progress: bool = False, interruptible: bool = True) -> bool:
        """Runs the search. Returns True when the round is done (results ready).

        With ``evaluator=external`` and no ``evaluator`` callable, returns False as soon
        as leaves wait for values: answer them with :meth:`leaves` and :meth:`provide`,
        then run again. With a callable, loops until done; the arrays it is given are
        reused from call to call, so copy what you keep. Ctrl-C cancels the run (the
        round stays open with the iterations it has; ``run()`` goes on with it), and
        ``progress=True`` shows a bar of completed iterations. ``interruptible=False``
        runs each library call on this thread instead of a worker thread: it spares the
        thread's start and join (tenths of a millisecond a call, which an agent that
        searches a few milliseconds a move feels), and Ctrl-C then takes effect when the
        call returns.
        """
        buffers: Optional[_LeafBuffers] = None
        while True:
            if self._run_once(progress, interruptible):
                return True
            if evaluator is None:
                return False
            k = self.pending
            if buffers is None or buffers.rows < k:
                buffers = _LeafBuffers(self._game, max(k, 2 * buffers.rows if buffers else k), self.leaf_size)
            leaves = self._fill(buffers, k)
            answer = evaluator(leaves.obs, leaves.masks, leaves.players)
            values, priors = answer if isinstance(answer, tuple) else (answer, None)
            if priors is not None:
                priors = _float_array(priors, leaves.masks.shape, "priors") * leaves.masks
            self.provide(values, priors)

    def _run_once(self, progress: bool, interruptible: bool = True) -> bool:
        """One meeple_search_run in a worker thread, so that Ctrl-C can cancel it (on
        this thread when not ``interruptible`` and no bar is shown)."""
        result = ffi.new("int32_t *")
        _long_call.run(lambda control: lib.meeple_search_run(self._ptr, control, result),
                       progress=progress, desc="search", unit="it", quick=not interruptible)
        return bool(result[0] == _DONE)

    def leaves(self) -> Leaves:
        """The leaves waiting for values, in new arrays (empty when none wait)."""
        k = self.pending
        return self._fill(_LeafBuffers(self._game, k, self.leaf_size), k)

    def _fill(self, buffers: "_LeafBuffers", k: int) -> Leaves:
        n = ffi.new("size_t *")
        check(lib.meeple_search_write_leaves(self._ptr, buffers.c_obs, buffers.c_words, buffers.c_roots,
                                             buffers.c_players, buffers.rows, n))
        masks = np.unpackbits(buffers.words[:k].view(np.uint8), axis=1, bitorder="little",
                              count=self._game.num_actions).view(bool)
        return Leaves(buffers.obs[:k], masks, buffers.roots[:k], buffers.players[:k])

    def provide(self, values: Any, priors: Any = None) -> None:
        """Hands back values (``[k, num_players]``, the scale of the game's returns) and
        priors (``[k, num_actions]`` or None for uniform) for the k waiting leaves.
        Checked before anything changes: values finite; priors finite, not negative and
        zero outside each leaf's mask (``ValueError`` naming the leaf and action)."""
        k = self.pending
        if k == 0:
            raise WrongStateError("no leaves wait for values: run the search first")
        g = self._game
        v = _float_array(values, (k, g.num_players), "values")
        p = ffi.NULL if priors is None else ffi.from_buffer(
            "float[]", _float_array(priors, (k, g.num_actions), "priors"))
        check(lib.meeple_search_provide(self._ptr, ffi.from_buffer("float[]", v), p, k))

    # ---- results ----

    def action(self, root: int = 0) -> int:
        """The action the last round chose at ``root``."""
        return self.stats(root).action

    def actions(self) -> np.ndarray:
        """The chosen action of every root (int32, NO_ACTION for idle roots)."""
        out = np.empty(self._roots, dtype=np.int32)
        check(lib.meeple_search_chosen_actions(self._ptr, ffi.from_buffer("int32_t[]", out, require_writable=True),
                                               self._roots))
        return out

    def stats(self, root: int = 0) -> SearchStats:
        s = ffi.new("meeple_search_stats_t *")
        s.struct_size = ffi.sizeof("meeple_search_stats_t")
        check(lib.meeple_search_stats(self._ptr, _root(root, self._roots), s))
        return SearchStats(int(s.chosen_action), int(s.iterations), int(s.nodes), int(s.max_depth),
                           float(s.seconds))

    def root_actions(self, root: int = 0) -> RootActions:
        """Each searched action with its visits and mean value per seat."""
        r = _root(root, self._roots)
        n = ffi.new("size_t *")
        check(lib.meeple_search_root_actions(self._ptr, r, ffi.NULL, ffi.NULL, ffi.NULL, 0, n))
        k, players = n[0], self._game.num_players
        actions = np.empty(k, dtype=np.int32)
        visits = np.empty(k, dtype=np.uint64)
        values = np.empty((k, players), dtype=np.float64)
        check(lib.meeple_search_root_actions(
            self._ptr, r, ffi.from_buffer("int32_t[]", actions, require_writable=True),
            ffi.from_buffer("uint64_t[]", visits, require_writable=True),
            ffi.from_buffer("double[]", values, require_writable=True), k, n))
        return RootActions(actions, visits, values)

    def root_value(self, root: int = 0) -> np.ndarray:
        """The root's mean value per seat (float64[num_players])."""
        out = np.empty(self._game.num_players, dtype=np.float64)
        check(lib.meeple_search_root_value(self._ptr, _root(root, self._roots),
                                           ffi.from_buffer("double[]", out, require_writable=True), out.size))
        return out

    def policy(self, root: int = 0, temperature: float = 1.0) -> np.ndarray:
        """The visit policy over all actions (float32[num_actions]): visits^(1/t)
        normalised; ``temperature=0`` puts 1 on the most visited action."""
        out = np.empty(self._game.num_actions, dtype=np.float32)
        check(lib.meeple_search_policy(self._ptr, _root(root, self._roots), float(temperature),
                                       ffi.from_buffer("float[]", out, require_writable=True), out.size))
        return out

    def principal_variation(self, root: int = 0) -> list[int]:
        """The most visited line of actions from the root."""
        r = _root(root, self._roots)
        n = ffi.new("size_t *")
        check(lib.meeple_search_principal_variation(self._ptr, r, ffi.NULL, 0, n))
        buf = ffi.new("int32_t[]", max(1, n[0]))
        check(lib.meeple_search_principal_variation(self._ptr, r, buf, n[0], n))
        return [int(buf[i]) for i in range(n[0])]


def best_action(state: State, spec: str = "mcts(iterations=1000)", threads: int = 1,
                evaluator: Optional[Evaluator] = None) -> int:
    """Searches ``state`` once and returns the chosen action."""
    search = Search(spec, state, threads=threads)
    search.run(evaluator)
    return search.action()
