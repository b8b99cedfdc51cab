"""Cards of the poker analysis (``meeple.poker``): ids ``suit * 13 + (rank - 2)`` (ranks
2..14, suits c d h s), written "As", "Td"; a set of cards is an ``int`` mask with bit
``id`` set for each card."""

from __future__ import annotations

from typing import Iterable, Union

import numpy as np

from .._ffi import c_string, check, fetch_string, ffi, lib

GAMES: dict[str, int] = {"holdem": lib.MEEPLE_POKER_HOLDEM, "plo": lib.MEEPLE_POKER_PLO}
"""The games a ``game`` argument accepts, with their C numbers."""


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

