"""Hand evaluation (``meeple.poker``): a hand value is an ``int`` in 1..7462, higher
wins, equal values tie; batch calls fill NumPy arrays over threads without the GIL."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .._ffi import check, fetch_string, ffi, lib
from .cards import Card, CardsLike, _game, from_mask, mask

CATEGORIES: tuple[str, ...] = (
    "High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
    "Full House", "Four of a Kind", "Straight Flush",
)
"""Hand categories from the lowest; ``CATEGORIES[category_index]``."""

NUM_VALUES: int = 7462
"""The number of distinct hand values (five-card hand classes)."""



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

