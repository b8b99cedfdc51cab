"""Equity of known hands (``meeple.poker.equity``): exact enumeration of the boards or
Monte Carlo, on threads, a long call (progress bar, Ctrl-C)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from .. import _long_call
from .._ffi import check, ffi, lib
from .cards import CardsLike, _game, mask

EXACT_WORK_LIMIT: int = 200_000_000
"""``equity(exact=None)`` enumerates when boards x hands (x 60 for PLO) is at most this."""



@dataclass(frozen=True)
class EquityResult:
    """Per-hand equity. ``win``: probability of winning the whole pot; ``tie``:
    probability of splitting it; ``equity``: expected share of the pot (sums to one);
    ``stderr``: standard error of ``equity`` (zeros when exact). ``count`` is the number
    of boards (exact) or trials (Monte Carlo)."""

    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    exact: bool
    count: int

    @property
    def boards(self) -> int | None:
        """Boards enumerated, for an exact result."""
        return self.count if self.exact else None

    @property
    def trials(self) -> int | None:
        """Trials run, for a Monte Carlo result."""
        return None if self.exact else self.count

    def __repr__(self) -> str:
        how = f"exact over {self.count:,} boards" if self.exact else f"Monte Carlo, {self.count:,} trials"
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"EquityResult({how}; equity [{eq}])"


# Hand evaluations below which an equity call runs on the calling thread (about a
# millisecond): starting a worker thread for Ctrl-C would cost more than the work.
_QUICK_WORK = 200_000


def _equity_args(hands: Iterable[CardsLike], board: CardsLike | None,
                 dead: CardsLike | None) -> tuple[list[int], Any, int, int]:
    masks = [mask(h) for h in hands]
    return masks, ffi.new("uint64_t[]", masks if masks else [0]), mask(board or 0), mask(dead or 0)


def count_boards(hands: Iterable[CardsLike], board: CardsLike | None = None, dead: CardsLike | None = None, *,
                 game: str = "holdem") -> int:
    """How many boards an exact ``equity`` call would enumerate."""
    masks, arr, b, d = _equity_args(hands, board, dead)
    out = ffi.new("uint64_t *")
    check(lib.meeple_poker_count_boards(_game(game), arr, len(masks), b, d, out))
    return int(out[0])


def equity(hands: Iterable[CardsLike], board: CardsLike | None = None, dead: CardsLike | None = None, *,
           exact: bool | None = None, trials: int = 1_000_000, seed: int = 0, threads: int = 0,
           game: str = "holdem", progress: bool = False) -> EquityResult:
    """Equity of known hands (2 to 10 for Hold'em, 2 to 12 for PLO) on a partial board
    (0 to 5 cards), with ``dead`` cards out of the deck.

    ``exact=True`` enumerates every remaining board; ``exact=False`` draws ``trials``
    random boards from ``seed``, bit-identical at every thread count; ``exact=None``
    enumerates when that is at most ``EXACT_WORK_LIMIT`` hand evaluations, else samples
    (every Hold'em or PLO equity of known hands is under it: heads-up preflop takes about
    10 ms for Hold'em and 0.4 s for PLO on one core).
    Hands and boards are text ("AsKs"), masks or iterables of cards. Raises
    ``InvalidArgumentError`` (a ``ValueError``) for shared cards or wrong counts.

    The GIL is released while it runs. Ctrl-C stops it within milliseconds (raising
    ``KeyboardInterrupt``); ``progress=True`` shows a progress bar over the boards or
    trials (with tqdm, the extra ``meeple[progress]``; else a line on stderr).
    """
    g = _game(game)
    masks, arr, b, d = _equity_args(hands, board, dead)
    n = len(masks)
    if exact is None:
        boards = count_boards(masks, b, d, game=game)
        exact = boards * n * (1 if game == "holdem" else 60) <= EXACT_WORK_LIMIT
    if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool):
        raise TypeError(f"trials must be an int, not {type(trials).__name__}")
    if not exact and int(trials) < 1:
        raise ValueError(f"trials is {trials}; Monte Carlo needs at least one trial")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed {seed} is outside 0..2**64-1")
    win, tie, eq, se = (np.zeros(max(n, 1), dtype=np.float64) for _ in range(4))
    count = ffi.new("uint64_t *")
    mode = lib.MEEPLE_POKER_EQUITY_EXACT if exact else lib.MEEPLE_POKER_EQUITY_MONTE_CARLO
    ptr = [ffi.from_buffer("double[]", a) for a in (win, tie, eq, se)]
    boards = count_boards(masks, b, d, game=game) if exact else int(trials)
    work = boards * n * (1 if game == "holdem" else 60)
    _long_call.run(
        lambda control: lib.meeple_poker_equity(g, arr, n, b, d, mode, 0 if exact else int(trials), int(seed),
                                                int(threads), *ptr, count, control),
        progress=progress, desc="equity", unit="boards" if exact else "trials", quick=work <= _QUICK_WORK)
    return EquityResult(win[:n], tie[:n], eq[:n], se[:n], bool(exact), int(count[0]))


