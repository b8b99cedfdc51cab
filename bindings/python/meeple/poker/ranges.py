"""Poker ranges and range equity, exported by ``meeple.poker`` (``poker.Range``,
``poker.range_equity``).

A range is a weighted set of starting hands ("combos") of one game; see ``Range``
for the notation of Hold'em and PLO ranges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence, Union

import numpy as np

from .. import _long_call
from .._ffi import c_string, check, fetch_string, ffi, lib
from .cards import CardsLike, _game, format_mask, mask

__all__ = ["Range", "RangeLike", "range_equity", "RangeEquityResult", "ComboEquity", "RANGE_EXACT_LIMIT"]

RANGE_EXACT_LIMIT: int = int(lib.MEEPLE_RANGE_EXACT_LIMIT)
"""The largest exact work (boards x product of range sizes) the library accepts."""

EXACT_AUTO_WORK: int = 300_000_000
"""``range_equity(exact=None)`` enumerates when the exact work is at most this."""

_RANKS = "23456789TJQKA"
_GAME_NAMES = {lib.MEEPLE_POKER_HOLDEM: "holdem", lib.MEEPLE_POKER_PLO: "plo"}


def _new_handle(call: Any) -> Any:
    out = ffi.new("meeple_range_t **")
    check(call(out))
    return ffi.gc(out[0], lib.meeple_range_free)


class Range:
    """A weighted set of starting hands of one game (``"holdem"`` or ``"plo"``),
    each combo once with a weight in (0, 1]. Immutable.

    Hold'em notation (items separated by commas or spaces)::

        QQ  AKs  AKo  AK     a pair (6 combos), suited (4), offsuit (12), both (16)
        JJ+  A9s+           pairs up to AA; the kicker up to AKs
        22-55  A5s-A2s      a span of pairs; of kickers under one high card
        T9s-76s             both ranks move, the gap stays (T9s, 98s, 87s, 76s)
        KdQd                one exact combo
        top15%              the strongest classes nearest to 15% of the 1,326 combos
                            (by exact equity against a random hand; see Range.top)
        AKs:0.5             any item with a weight from 0 to 1

    PLO notation: 4-symbol rank patterns with ``*`` for any rank, matched as a multiset
    (``AA**`` is every hand with at least two aces: 6,961 hands), an optional suit
    qualifier of the whole hand (``ds`` 2+2, ``ss`` 2+1+1, ``r`` four suits), ``+``
    (``JJ**+``: up to aces), spans (``JT98-8765``), ``-`` open below (``8765-``), exact
    hands (``AsKsQhJh``), ``top15%`` (the strongest suit classes nearest to 15% of the
    270,725 hands, by equity against a random hand; see Range.top) and ``:w`` weights.

    ``Range("JJ+,AKs")``; ``Range("AA**ds", game="plo")``. A bad item raises
    ``ParseError`` (a ``ValueError``) quoting it and showing the right form; a combo
    given two different weights names both items. Operators: ``|`` union (larger
    weight), ``&`` intersection (smaller), ``-`` difference (clipped at 0).
    """

    __slots__ = ("_h", "_game_name", "_combo_arrays")

    def __init__(self, text: str = "", *, game: str = "holdem") -> None:
        g = _game(game)
        if not isinstance(text, str):
            raise TypeError(f"Range() takes range text such as 'JJ+,AKs', not {type(text).__name__}; "
                            "use Range.from_combos for masks")
        raw = c_string(text, "the range text")
        self._h = _new_handle(lambda out: lib.meeple_range_parse(g, raw, out))
        self._game_name = game
        self._combo_arrays: tuple[np.ndarray, np.ndarray] | None = None

    @classmethod
    def _wrap(cls, handle: Any) -> "Range":
        r = cls.__new__(cls)
        r._h = handle
        r._combo_arrays = None
        info = ffi.new("int32_t *")
        check(lib.meeple_range_info(handle, info, ffi.NULL, ffi.NULL))
        r._game_name = _GAME_NAMES[int(info[0])]
        return r

    @classmethod
    def all(cls, game: str = "holdem") -> "Range":
        """Every combo of the game at weight 1 (1,326 Hold'em hands, 270,725 PLO hands)."""
        g = _game(game)
        return cls._wrap(_new_handle(lambda out: lib.meeple_range_all(g, out)))

    @classmethod
    def top(cls, fraction: float, *, game: str = "holdem") -> "Range":
        """The strongest starting hands making up about ``fraction`` of the game's hands
        (``Range.top(0.15)``: the top 15% of the 1,326 Hold'em combos;
        ``Range.top(0.15, game="plo")``: of the 270,725 PLO hands), as the range item
        ``top15%`` gives.

        Hold'em: the 169 classes (``AA``, ``AKs``, ``AKo``, ...) ranked by exact all-in
        equity against a random hand (AA 85.2% first, 32o last), from a table that
        ``tools/gen_preflop_ranking.py`` computes with this library. PLO: the 16,432 suit
        classes (hands equal up to a renaming of the suits) ranked by all-in equity
        against a random hand by seeded Monte Carlo (30,000 trials a class, standard
        error about 0.003), from a table that ``tools/gen_plo_ranking.py`` computes with
        this library. Whole classes are taken in that order, as many as bring the count
        of hands nearest ``fraction`` x the total (the fewer when two counts are equally
        near), so a class is never split: ``Range.top(0.01)`` is AA and KK (12 combos,
        nearest 13.3). Raises ``ValueError`` for a fraction outside (0, 1]."""
        if isinstance(fraction, bool) or not isinstance(fraction, (int, float, np.floating, np.integer)):
            raise TypeError(f"Range.top takes a fraction such as 0.15, not {type(fraction).__name__}")
        _game(game)
        f = float(fraction)
        if not 0 < f <= 1:
            raise ValueError(f"Range.top takes a fraction above 0 and at most 1 (0.15 for the top 15%), not {fraction!r}")
        return cls(f"top{f * 100!r}%", game=game)

    @classmethod
    def from_combos(cls, combos: Mapping[Any, float] | Iterable[Any], *, game: str = "holdem") -> "Range":
        """A range from combos: a mapping ``{combo: weight}`` or an iterable of combos
        (weight 1), each combo as text ("AsKs"), a mask or cards. Raises ``ValueError``
        for a combo of the wrong size, a repeated combo or a weight outside [0, 1]."""
        g = _game(game)
        if isinstance(combos, Mapping):
            items = list(combos.items())
        else:
            items = [(c, 1.0) for c in combos]
        masks = [mask(c) for c, _ in items]
        weights = [float(w) for _, w in items]
        m = ffi.new("uint64_t[]", masks or [0])
        w = ffi.new("double[]", weights or [0.0])
        return cls._wrap(_new_handle(lambda out: lib.meeple_range_from_combos(g, m, w, len(masks), out)))

    @property
    def game(self) -> str:
        """``"holdem"`` or ``"plo"``."""
        return self._game_name

    def _info(self) -> tuple[int, float]:
        size = ffi.new("size_t *")
        total = ffi.new("double *")
        check(lib.meeple_range_info(self._h, ffi.NULL, size, total))
        return int(size[0]), float(total[0])

    @property
    def size(self) -> int:
        """The number of combos (any weight)."""
        return self._info()[0]

    @property
    def total_weight(self) -> float:
        """The sum of the combos' weights."""
        return self._info()[1]

    def __len__(self) -> int:
        return self.size

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The combos' masks and weights, read once (the range is immutable; kept with it:
        16 bytes a combo), read-only."""
        if self._combo_arrays is None:
            n = ffi.new("size_t *")
            check(lib.meeple_range_combos(self._h, ffi.NULL, ffi.NULL, 0, n))
            masks = np.zeros(max(n[0], 1), dtype=np.uint64)
            weights = np.zeros(max(n[0], 1), dtype=np.float64)
            check(lib.meeple_range_combos(self._h, ffi.from_buffer("uint64_t[]", masks),
                                          ffi.from_buffer("double[]", weights), masks.shape[0], n))
            masks, weights = masks[:n[0]], weights[:n[0]]
            masks.flags.writeable = False
            weights.flags.writeable = False
            self._combo_arrays = (masks, weights)
        return self._combo_arrays

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The combos as two arrays in increasing mask order: ``uint64`` masks and
        ``float64`` weights."""
        masks, weights = self._arrays()
        return masks.copy(), weights.copy()

    def combos(self) -> dict[int, float]:
        """``{mask: weight}`` for every combo, in increasing mask order."""
        masks, weights = self._arrays()
        return {int(m): float(w) for m, w in zip(masks, weights)}

    def __iter__(self) -> Iterator[int]:
        return iter(self.combos())

    def weight(self, combo: CardsLike) -> float:
        """The weight of one combo (0 when it is not in the range)."""
        return self.combos().get(mask(combo), 0.0)

    def __contains__(self, combo: object) -> bool:
        try:
            return self.weight(combo) > 0  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False

    def _binary(self, other: object, call: Any) -> "Range":
        if not isinstance(other, Range):
            result: Range = NotImplemented
            return result
        return Range._wrap(_new_handle(lambda out: call(self._h, other._h, out)))

    def union(self, other: "Range") -> "Range":
        """Every combo of either range, at the larger weight."""
        return self._typed(other, "union") | other

    def intersection(self, other: "Range") -> "Range":
        """The combos of both ranges, at the smaller weight."""
        return self._typed(other, "intersection") & other

    def difference(self, other: "Range") -> "Range":
        """This range's weights less the other's, combos left at 0 dropped."""
        return self._typed(other, "difference") - other

    def _typed(self, other: object, op: str) -> "Range":
        if not isinstance(other, Range):
            raise TypeError(f"Range.{op} takes a Range, not {type(other).__name__}")
        return self

    def __or__(self, other: "Range") -> "Range":
        return self._binary(other, lib.meeple_range_union)

    def __and__(self, other: "Range") -> "Range":
        return self._binary(other, lib.meeple_range_intersection)

    def __sub__(self, other: "Range") -> "Range":
        return self._binary(other, lib.meeple_range_difference)

    def without(self, dead: CardsLike) -> "Range":
        """The range without the combos that hold any of the ``dead`` cards."""
        d = mask(dead)
        return Range._wrap(_new_handle(lambda out: lib.meeple_range_without(self._h, d, out)))

    @property
    def text(self) -> str:
        """The canonical compact text, which parses back to the same range."""
        return fetch_string(lambda out, cap, n: lib.meeple_range_text(self._h, out, cap, n))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        text = self.text
        if len(text) > 80:
            text = text[:77] + "..."
        g = "" if self._game_name == "holdem" else f", game={self._game_name!r}"
        return f"Range({text!r}{g})  # {self.size:,} combos"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        if self._game_name != other._game_name:
            return False
        a, b = self._arrays(), other._arrays()
        return bool(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]))

    __hash__ = None  # type: ignore[assignment]

    def grid(self) -> np.ndarray:
        """Hold'em only: the 13x13 grid of average weights per class, rows and columns
        from ace down to deuce; pairs on the diagonal, suited above it (row = high
        card), offsuit below it (column = high card)."""
        if self._game_name != "holdem":
            raise ValueError("grid() is for Hold'em ranges; a PLO range has no 13x13 grid")
        g = np.zeros((13, 13), dtype=np.float64)
        for m, w in self.combos().items():
            a, b = [i for i in range(52) if m >> i & 1]
            ra, rb = a % 13, b % 13
            hi, lo = max(ra, rb), min(ra, rb)
            row, col = 12 - hi, 12 - lo
            if ra == rb:
                g[row, row] += w
            elif a // 13 == b // 13:
                g[row, col] += w
            else:
                g[col, row] += w
        sizes = np.full((13, 13), 12.0)  # offsuit below the diagonal
        sizes[np.triu_indices(13, 1)] = 4.0
        np.fill_diagonal(sizes, 6.0)
        out: np.ndarray = g / sizes
        return out


RangeLike = Union[Range, str, int, Iterable[Any]]


def as_range(value: RangeLike, game: str) -> Range:
    """A range from a Range, range text ("JJ+,AKs", "AsKs"), or one hand as a mask or cards."""
    if isinstance(value, Range):
        if value.game != game:
            raise ValueError(f"a {value.game} range was given to a {game} calculation; give every player "
                             f"a range of one game")
        return value
    if isinstance(value, str):
        return Range(value, game=game)
    return Range.from_combos([mask(value)], game=game)


@dataclass(frozen=True)
class ComboEquity:
    """One player's per-combo results, aligned with ``masks`` (the range's combos in
    increasing mask order): ``equity`` holding the combo (NaN when it is never dealt),
    ``share`` the probability of holding it, ``stderr`` its standard error (0 when exact)."""

    masks: np.ndarray
    equity: np.ndarray
    share: np.ndarray
    stderr: np.ndarray

    def as_dict(self) -> dict[str, float]:
        """``{"AsKs": equity}`` for the combos that are dealt."""
        return {format_mask(int(m)).replace(" ", ""): float(e) for m, e in zip(self.masks, self.equity)
                if not math.isnan(e)}


@dataclass(frozen=True)
class RangeEquityResult:
    """Equity of ranges: per player ``win``, ``tie``, ``equity`` (sums to one) and
    ``stderr`` (zeros when exact); ``combos[i]`` the per-combo results of player i;
    ``count`` the (deal, board) pairs visited (exact) or the trials (Monte Carlo)."""

    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    combos: list[ComboEquity]
    exact: bool
    count: int

    def __repr__(self) -> str:
        how = f"exact over {self.count:,} deals and boards" if self.exact else f"Monte Carlo, {self.count:,} trials"
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"RangeEquityResult({how}; equity [{eq}])"


def _range_array(ranges: Sequence[Range]) -> Any:
    arr = ffi.new("meeple_range_t *[]", max(len(ranges), 1))
    for i, r in enumerate(ranges):
        arr[i] = r._h
    return arr


def exact_work(players: Sequence[RangeLike], board: CardsLike | None = None, dead: CardsLike | None = None, *,
               game: str = "holdem") -> int:
    """The size of an exact ``range_equity`` run: boards x the product of the range sizes
    (two Hold'em ranges: at most boards x 8 x the sum of the sizes, the sorted sweep's cost)."""
    ranges = [as_range(p, game) for p in players]
    out = ffi.new("uint64_t *")
    check(lib.meeple_range_exact_work(_range_array(ranges), len(ranges), mask(board or 0), mask(dead or 0), out))
    return int(out[0])


def range_equity(players: Sequence[RangeLike], board: CardsLike | None = None, dead: CardsLike | None = None, *,
                 exact: bool | None = None, trials: int = 1_000_000, seed: int = 0, threads: int = 0,
                 game: str = "holdem", progress: bool = False) -> RangeEquityResult:
    """Equity of players holding ranges or hands, in any mix: 2 to 10 players for
    Hold'em, 2 to 12 for PLO. Each player is a ``Range``, range text ("JJ+,AKs"), or a
    hand (text, mask or cards). A deal gives every player one combo with probability
    proportional to the product of the weights, among deals sharing no card.

    ``exact=True`` enumerates every board and compatible deal (a run larger than
    ``RANGE_EXACT_LIMIT`` raises ``ValueError`` saying how big, suggesting Monte Carlo);
    ``exact=False`` samples ``trials`` deals and boards from ``seed``, bit-identical at
    every thread count; ``exact=None`` enumerates when the work is at most
    ``EXACT_AUTO_WORK``. Ctrl-C stops it; ``progress=True`` shows a progress bar.
    """
    _game(game)
    ranges = [as_range(p, game) for p in players]
    n = len(ranges)
    arr = _range_array(ranges)
    b, d = mask(board or 0), mask(dead or 0)
    combo_masks = [r._arrays()[0] for r in ranges]
    sizes = [len(m) for m in combo_masks]
    total = sum(sizes)
    if exact is None:
        # The exact work is at most boards x the product of the range sizes: when that is
        # within EXACT_AUTO_WORK, no need to ask the library (exact_work) for it.
        board_cards, gone = b.bit_count(), (b | d).bit_count()
        bound = math.comb(52 - gone, 5 - board_cards) * math.prod(sizes) if board_cards <= 5 else None
        exact = (bound is not None and bound <= EXACT_AUTO_WORK) or \
            exact_work(ranges, b, d, game=game) <= EXACT_AUTO_WORK
    if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool):
        raise TypeError(f"trials must be an int, not {type(trials).__name__}")
    if not exact and int(trials) < 1:
        raise ValueError(f"trials is {trials}; Monte Carlo needs at least one trial")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed {seed} is outside 0..2**64-1")
    # One buffer for every output: per player win, tie, equity, stderr (m each), then per
    # combo equity, share, stderr (t each).
    m, t = max(n, 1), max(total, 1)
    out = np.zeros(4 * m + 3 * t, dtype=np.float64)
    at = ffi.cast("double *", ffi.from_buffer("double[]", out))
    ptr = [at, at + m, at + 2 * m, at + 3 * m, at + 4 * m, at + 4 * m + t, at + 4 * m + 2 * t]
    count = ffi.new("uint64_t *")
    mode = lib.MEEPLE_POKER_EQUITY_EXACT if exact else lib.MEEPLE_POKER_EQUITY_MONTE_CARLO
    quick = not progress and (exact and n >= 2 and b.bit_count() >= 3 and total <= 2000)
    _long_call.run(
        lambda control: lib.meeple_range_equity(arr, n, b, d, mode, 0 if exact else int(trials), int(seed),
                                                int(threads), *ptr, t, count, control),
        progress=progress, desc="range equity", unit="boards" if exact else "trials", quick=quick)
    combos = []
    c_eq, c_share, c_se = out[4 * m:4 * m + t], out[4 * m + t:4 * m + 2 * t], out[4 * m + 2 * t:]
    at_combo = 0
    for masks, size in zip(combo_masks, sizes):
        combos.append(ComboEquity(masks.copy(), c_eq[at_combo:at_combo + size],
                                  c_share[at_combo:at_combo + size], c_se[at_combo:at_combo + size]))
        at_combo += size
    return RangeEquityResult(out[:n], out[m:m + n], out[2 * m:2 * m + n], out[3 * m:3 * m + n], combos, bool(exact),
                             int(count[0]))
