"""Poker hand evaluation and equity for Texas Hold'em and Pot-Limit Omaha.

Cards are ids ``suit * 13 + (rank - 2)`` (ranks 2..14, suits c d h s), written "As",
"Td"; a set of cards is an ``int`` mask with bit ``id`` set for each card. A hand value
is an ``int`` in 1..7462: higher wins, equal values tie. Functions that take a ``game``
accept ``"holdem"`` (two hole cards) or ``"plo"`` (four hole cards, exactly two of them
with exactly three of the board)::

    from meeple import poker
    v = poker.evaluate("As Ks Qs Js Ts")
    poker.describe(v)                     # 'Straight Flush, ace high'
    poker.equity(["AsKs", "QdQc"]).equity # array([0.46..., 0.53...])

Batch calls take and fill NumPy arrays (``uint64`` masks in, ``uint32`` values out),
split the work over threads and release the GIL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Union

import numpy as np

from . import _long_call
from ._ffi import c_string, check, fetch_string, ffi, lib
from .holdem import holdem_raise as holdem_raise  # the exact-amount raise of game holdem

__all__ = [
    "Card", "cards", "mask", "from_mask", "format_mask", "deck", "evaluate", "best_five", "describe", "category",
    "tiebreak_ranks", "showdown", "Showdown", "evaluate_batch", "evaluate_ids_batch", "evaluate_hand_batch",
    "evaluate_holdem_batch", "evaluate_plo_batch", "equity", "count_boards", "EquityResult",
    "CATEGORIES", "GAMES", "NUM_VALUES",
]

GAMES: dict[str, int] = {"holdem": lib.MEEPLE_POKER_HOLDEM, "plo": lib.MEEPLE_POKER_PLO}
"""The games a ``game`` argument accepts, with their C numbers."""

CATEGORIES: tuple[str, ...] = (
    "High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
    "Full House", "Four of a Kind", "Straight Flush",
)
"""Hand categories from the lowest; ``CATEGORIES[category_index]``."""

NUM_VALUES: int = 7462
"""The number of distinct hand values (five-card hand classes)."""

EXACT_WORK_LIMIT: int = 200_000_000
"""``equity(exact=None)`` enumerates when boards x hands (x 60 for PLO) is at most this."""

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"

CardLike = Union["Card", str, int]
CardsLike = Union["Card", str, int, Iterable[CardLike]]


def _game(game: str) -> int:
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown poker game {game!r}; use one of: {', '.join(GAMES)}") from None


class Card:
    """One card, from its text ("As", "td") or its id (0..51). Immutable and hashable.

    ``Card("Ax")`` raises ``ParseError`` (a ``ValueError``) naming the bad card.
    """

    __slots__ = ("_id",)

    def __init__(self, card: CardLike) -> None:
        if isinstance(card, Card):
            self._id: int = card._id
        elif isinstance(card, str):
            ids = _parse_ids(card)
            if len(ids) != 1:
                raise ValueError(f"Card() takes one card such as 'As', got {card!r}")
            self._id = ids[0]
        elif isinstance(card, (int, np.integer)) and not isinstance(card, bool):
            if not 0 <= int(card) < 52:
                raise ValueError(f"card id {int(card)} is outside 0..51 (suit * 13 + rank - 2)")
            self._id = int(card)
        else:
            raise TypeError(f"Card() takes text such as 'As' or an id 0..51, not {type(card).__name__}")

    @property
    def id(self) -> int:
        """The card id, ``suit * 13 + rank - 2``."""
        return self._id

    @property
    def rank(self) -> int:
        """2..14 (11 jack, 12 queen, 13 king, 14 ace)."""
        return self._id % 13 + 2

    @property
    def suit(self) -> str:
        """One of "c", "d", "h", "s"."""
        return _SUITS[self._id // 13]

    @property
    def mask(self) -> int:
        """The one-card mask ``1 << id``."""
        return 1 << self._id

    def __int__(self) -> int:
        return self._id

    def __index__(self) -> int:
        return self._id

    def __str__(self) -> str:
        return _RANKS[self._id % 13] + _SUITS[self._id // 13]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id

    def __hash__(self) -> int:
        return hash(("Card", self._id))

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self._id) < (other.rank, other._id)


def _parse_ids(text: str) -> list[int]:
    raw = c_string(text, "the card text")
    n = ffi.new("size_t *")
    check(lib.meeple_poker_parse_cards(raw, ffi.NULL, 0, n))
    buf = ffi.new("int32_t[]", max(n[0], 1))
    check(lib.meeple_poker_parse_cards(raw, buf, n[0], n))
    return [int(buf[i]) for i in range(n[0])]


def cards(text: CardsLike) -> list[Card]:
    """The cards of a text ("AsKs Qd", "as, ks"), a mask, or an iterable of cards, in
    order (a mask gives the highest rank first). Raises ``ParseError`` for a bad card."""
    if isinstance(text, str):
        return [Card(i) for i in _parse_ids(text)]
    if isinstance(text, Card):
        return [text]
    if isinstance(text, bool):
        raise TypeError("cards() takes text, a mask or cards, not a bool")
    if isinstance(text, (int, np.integer)):
        return from_mask(int(text))
    return [Card(c) for c in text]


def mask(cards_: CardsLike) -> int:
    """The mask of cards given as text ("AsKs"), as an iterable of cards (``Card``, text
    or ids), or as a mask (checked and returned). A card given twice raises ``ValueError``."""
    if isinstance(cards_, str):
        out = ffi.new("uint64_t *")
        check(lib.meeple_poker_parse_mask(c_string(cards_, "the card text"), out))
        return int(out[0])
    if isinstance(cards_, Card):
        return cards_.mask
    if isinstance(cards_, bool):
        raise TypeError("mask() takes text, a mask or cards, not a bool")
    if isinstance(cards_, (int, np.integer)):
        m = int(cards_)
        if m < 0 or m >> 52:
            raise ValueError(f"mask {m:#x} has bits outside 0..51; a card set uses bits suit*13 + rank-2")
        return m
    m = 0
    for c in cards_:
        card = Card(c)
        if m & card.mask:
            raise ValueError(f"card '{card}' appears twice; each card may appear once")
        m |= card.mask
    return m


def from_mask(m: int) -> list[Card]:
    """The cards of a mask, highest rank first."""
    return [Card(t) for t in format_mask(m).split()]


def format_mask(m: CardsLike) -> str:
    """The cards as text, highest rank first: ``format_mask(mask("2c As"))`` is "As 2c"."""
    value = mask(m)
    return fetch_string(lambda out, cap, n: lib.meeple_poker_format_mask(value, out, cap, n))


def deck(seed: int, removed: CardsLike | None = None) -> list[Card]:
    """The cards not in ``removed``, shuffled by a generator seeded with ``seed``, in
    dealing order; the same seed gives the same order on every platform."""
    gone = mask(removed or 0)
    n = ffi.new("size_t *")
    check(lib.meeple_poker_deal(int(seed), gone, ffi.NULL, 0, n))
    buf = ffi.new("int32_t[]", max(n[0], 1))
    check(lib.meeple_poker_deal(int(seed), gone, buf, n[0], n))
    return [Card(int(buf[i])) for i in range(n[0])]


def evaluate(cards_: CardsLike, board: CardsLike | None = None, *, game: str = "holdem") -> int:
    """The value (1..7462, higher wins) of a hand.

    ``evaluate("As Ks Qs Js Ts")`` takes the best five of 5, 6 or 7 cards;
    ``evaluate(hole, board, game="holdem"|"plo")`` plays hole cards on a board of 3 to 5
    cards by the game's rules (PLO: exactly two of four hole cards and three of the
    board). Raises ``InvalidArgumentError`` (a ``ValueError``) for wrong card counts or
    shared cards, ``ParseError`` for a bad card.
    """
    out = ffi.new("uint32_t *")
    if board is None and type(cards_) is int and game == "holdem":  # the per-call fast path
        if cards_ < 0:
            raise ValueError(f"mask {cards_} is negative; a card set uses bits 0..51")
        check(lib.meeple_poker_evaluate(cards_, out))
        return int(out[0])
    if board is None:
        if game != "holdem":
            _game(game)
            raise ValueError(f"a {game} hand is evaluated on a board: evaluate(hole, board, game={game!r})")
        check(lib.meeple_poker_evaluate(mask(cards_), out))
    else:
        check(lib.meeple_poker_evaluate_hand(_game(game), mask(cards_), mask(board), out))
    return int(out[0])


def best_five(cards_: CardsLike, board: CardsLike | None = None, *, game: str = "holdem") -> list[Card]:
    """The five cards that make a hand's value, highest rank first: the best five of 5
    to 7 cards, or (with ``board``) of the hole cards on the board by the game's rules
    (PLO: two hole cards and three board cards). Where several fives make the same
    value (the board plays), the first in card order is given. Errors as ``evaluate``."""
    import itertools

    value = evaluate(cards_, board, game=game)  # checks everything first
    hole = [c.mask for c in from_mask(mask(cards_))]
    fives: Iterable[tuple[int, ...]]
    if board is None:
        fives = itertools.combinations(hole, 5)
    else:
        table = [c.mask for c in from_mask(mask(board))]
        if game == "plo":
            fives = (h + b for h in itertools.combinations(hole, 2) for b in itertools.combinations(table, 3))
        else:
            fives = itertools.combinations(hole + table, 5)
    for five in fives:
        m = sum(five)
        if evaluate(m) == value:
            return from_mask(m)
    raise AssertionError("no five cards make the hand's value")  # evaluate() and this search disagree


def describe(value: int) -> str:
    """A value in words: "Straight Flush, ace high", "Two Pair, kings and fives, jack kicker"."""
    return fetch_string(lambda out, cap, n: lib.meeple_poker_describe(int(value), out, cap, n))


def category(value: int) -> str:
    """The category name of a value, one of ``CATEGORIES``."""
    out = ffi.new("int32_t *")
    check(lib.meeple_poker_value_category(int(value), out))
    return str(CATEGORIES[out[0]])


def tiebreak_ranks(value: int) -> tuple[int, ...]:
    """The ranks (2..14) that break ties within the category, most significant first."""
    buf = ffi.new("int32_t[5]")
    n = ffi.new("size_t *")
    check(lib.meeple_poker_value_ranks(int(value), buf, 5, n))
    return tuple(int(buf[i]) for i in range(n[0]))


@dataclass(frozen=True)
class Showdown:
    """The result of a showdown: the winning seats (several on a split pot) and every
    hand's value."""

    winners: list[int]
    values: list[int]


def showdown(hands: Iterable[CardsLike], board: CardsLike, *, game: str = "holdem") -> Showdown:
    """Who wins with these hands on this board (3 to 5 cards): every seat holding the
    best value, in seat order, with all values."""
    masks = [mask(h) for h in hands]
    n = len(masks)
    holes = ffi.new("uint64_t[]", masks if n else [0])
    values = ffi.new("uint32_t[]", max(n, 1))
    winners = ffi.new("int32_t[]", max(n, 1))
    out_len = ffi.new("size_t *")
    check(lib.meeple_poker_showdown(_game(game), holes, n, mask(board), values, winners, max(n, 1), out_len))
    return Showdown([int(winners[i]) for i in range(out_len[0])], [int(values[i]) for i in range(n)])


def _input(name: str, a: object, dtype: type, n: int | None = None) -> np.ndarray:
    """A read-only input array: any sequence becomes one; an ndarray must already be 1-D,
    C-contiguous and of the dtype (a silent conversion would hide a caller's mistake)."""
    if not isinstance(a, np.ndarray):
        try:
            a = np.asarray(a, dtype=dtype)
        except (TypeError, ValueError, OverflowError):
            raise TypeError(f"{name} must be a 1-D array of {np.dtype(dtype).name}") from None
    return _checked(name, a, dtype, n)


def _checked(name: str, a: np.ndarray, dtype: type, n: int | None) -> np.ndarray:
    want = f"a 1-D C-contiguous numpy array of dtype {np.dtype(dtype).name}" + (f" and shape ({n},)" if n is not None else "")
    if a.dtype != dtype or a.ndim != 1 or not a.flags.c_contiguous or (n is not None and a.shape[0] != n):
        raise TypeError(f"{name} must be {want}; got dtype {a.dtype}, shape {a.shape}"
                        + ("" if a.flags.c_contiguous else ", not contiguous"))
    return a


def _output(out: np.ndarray | None, n: int) -> np.ndarray:
    if out is None:
        return np.empty(n, dtype=np.uint32)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array of dtype uint32 and shape ({n},)")
    _checked("out", out, np.uint32, n)
    if not out.flags.writeable:
        raise TypeError("out must be writeable")
    return out


def evaluate_batch(masks: np.ndarray, *, threads: int = 0, out: np.ndarray | None = None) -> np.ndarray:
    """Values of many hands at once: ``masks`` is a 1-D ``uint64`` array of 5- to 7-card
    masks; returns (or fills ``out``) a ``uint32`` array of the same length. Splits the
    work over ``threads`` threads (0: all cores) with the GIL released; the result never
    depends on the thread count. A bad mask raises ``InvalidArgumentError`` naming its
    index and nothing is written. A wrong dtype, shape or layout raises ``TypeError``."""
    m = _input("masks", masks, np.uint64)
    result = _output(out, m.shape[0])
    check(lib.meeple_poker_evaluate_batch(ffi.from_buffer("uint64_t[]", m), m.shape[0], int(threads),
                                          ffi.from_buffer("uint32_t[]", result)))
    return result


def evaluate_ids_batch(ids: np.ndarray, *, threads: int = 0, out: np.ndarray | None = None) -> np.ndarray:
    """Values of many hands given as card ids (``suit * 13 + rank - 2``, as ``Card.id``):
    ``ids`` is a 2-D C-contiguous ``uint8`` array of shape ``(n, 5..7)``, a hand a row;
    returns (or fills ``out``) a ``uint32`` array of ``n`` values. The form of arrays
    dealt from a shuffled deck; ``evaluate_batch`` on masks is the cheaper input. A row
    with an id above 51 or a repeated card raises ``InvalidArgumentError`` naming it,
    and nothing is written; a wrong dtype, shape or layout raises ``TypeError``. See
    ``evaluate_batch`` for ``threads``."""
    if not isinstance(ids, np.ndarray):
        try:
            ids = np.asarray(ids, dtype=np.uint8)
        except (TypeError, ValueError, OverflowError):
            raise TypeError("ids must be a 2-D array of uint8 card ids, a hand a row") from None
    if ids.dtype != np.uint8 or ids.ndim != 2 or not 5 <= ids.shape[1] <= 7 or not ids.flags.c_contiguous:
        raise TypeError("ids must be a 2-D C-contiguous numpy array of dtype uint8 and shape (n, 5..7), a hand a "
                        f"row; got dtype {ids.dtype}, shape {ids.shape}" + ("" if ids.flags.c_contiguous else ", not contiguous"))
    n = ids.shape[0]
    result = _output(out, n)
    check(lib.meeple_poker_evaluate_ids_batch(ffi.from_buffer("uint8_t[]", ids), n, ids.shape[1], int(threads),
                                              ffi.from_buffer("uint32_t[]", result)))
    return result


def evaluate_hand_batch(holes: np.ndarray, boards: np.ndarray, *, game: str = "holdem", threads: int = 0,
                        out: np.ndarray | None = None) -> np.ndarray:
    """Values of hands ``holes[i]`` on ``boards[i]`` (``uint64`` masks; boards of 3 to 5
    cards) by the rules of ``game``; returns a ``uint32`` array. See ``evaluate_batch``."""
    h = _input("holes", holes, np.uint64)
    b = _input("boards", boards, np.uint64, h.shape[0])
    result = _output(out, h.shape[0])
    check(lib.meeple_poker_evaluate_hand_batch(_game(game), ffi.from_buffer("uint64_t[]", h),
                                               ffi.from_buffer("uint64_t[]", b), h.shape[0], int(threads),
                                               ffi.from_buffer("uint32_t[]", result)))
    return result


def evaluate_holdem_batch(holes: np.ndarray, boards: np.ndarray, *, threads: int = 0,
                          out: np.ndarray | None = None) -> np.ndarray:
    """``evaluate_hand_batch`` for Hold'em: two-card holes on boards of 3 to 5 cards."""
    return evaluate_hand_batch(holes, boards, game="holdem", threads=threads, out=out)


def evaluate_plo_batch(holes: np.ndarray, boards: np.ndarray, *, threads: int = 0,
                       out: np.ndarray | None = None) -> np.ndarray:
    """``evaluate_hand_batch`` for PLO: four-card holes on boards of 3 to 5 cards."""
    return evaluate_hand_batch(holes, boards, game="plo", threads=threads, out=out)


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



# Ranges and range equity live in their own module; they are part of meeple.poker.
from .poker_ranges import (  # noqa: E402  (they build on the functions above)
    ComboEquity, Range, RangeEquityResult, range_equity,
)

from .poker_isomorphism import canonical_board, canonical_boards, canonical_hand  # noqa: E402

__all__ += ["Range", "range_equity", "RangeEquityResult", "ComboEquity", "canonical_board", "canonical_hand",
            "canonical_boards"]

# Hand histories: meeple.poker.phh (a module of its own, reached as an attribute).
from . import poker_phh as phh  # noqa: E402

__all__ += ["phh"]
