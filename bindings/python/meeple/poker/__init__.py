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

from ..per_game.holdem import holdem_raise as holdem_raise  # the exact-amount raise of game holdem
from . import phh
from .cards import GAMES, Card, CardLike, CardsLike, cards, deck, format_mask, from_mask, mask
from .evaluation import (
    CATEGORIES, NUM_VALUES, Showdown, best_five, category, describe, evaluate, evaluate_batch, evaluate_hand_batch,
    evaluate_holdem_batch, evaluate_ids_batch, evaluate_plo_batch, showdown, tiebreak_ranks,
)
from .hand_equity import EXACT_WORK_LIMIT, EquityResult, count_boards, equity
from .isomorphism import canonical_board, canonical_boards, canonical_hand
from .ranges import ComboEquity, Range, RangeEquityResult, range_equity

__all__ = [
    "Card", "CardLike", "CardsLike", "cards", "mask", "from_mask", "format_mask", "deck", "evaluate", "best_five",
    "describe", "category", "tiebreak_ranks", "showdown", "Showdown", "evaluate_batch", "evaluate_ids_batch",
    "evaluate_hand_batch", "evaluate_holdem_batch", "evaluate_plo_batch", "equity", "count_boards", "EquityResult",
    "CATEGORIES", "GAMES", "NUM_VALUES", "EXACT_WORK_LIMIT", "holdem_raise",
    "Range", "range_equity", "RangeEquityResult", "ComboEquity", "canonical_board", "canonical_hand",
    "canonical_boards", "phh",
]
