"""Suit isomorphism, exported by ``meeple.poker``: boards and hands that differ only by a
renaming of the suits play alike, so a calculation can visit one of each class and
count it by the class's size.

The representative of a class renames the suits so that their rank masks are
non-increasing, clubs holding the largest; with a hand, a suit's key is its board ranks,
then its hole ranks.
"""

from __future__ import annotations

import numpy as np

from .._ffi import check, ffi, lib
from .cards import CardsLike, mask

__all__ = ["canonical_board", "canonical_hand", "canonical_boards"]


def canonical_board(board: CardsLike) -> int:
    """The mask of the representative of a board's class: ``canonical_board("Ks 7d 2c")``
    and ``canonical_board("Kh 7c 2s")`` are equal."""
    out = ffi.new("uint64_t *")
    check(lib.meeple_poker_canonical_board(mask(board), out))
    return int(out[0])


def canonical_hand(hole: CardsLike, board: CardsLike) -> tuple[int, int]:
    """The masks ``(hole, board)`` of the representative of a hand and board under one
    renaming of the suits applied to both."""
    h, b = ffi.new("uint64_t *"), ffi.new("uint64_t *")
    check(lib.meeple_poker_canonical_hand(mask(hole), mask(board), h, b))
    return int(h[0]), int(b[0])


def canonical_boards(cards: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Every class of boards of ``cards`` cards (1 to 5): the representatives' masks
    (``uint64``, increasing) and the number of boards in each class (``uint32``).
    1,755 flops, 16,432 turns, 134,459 rivers; the counts sum to C(52, cards)."""
    n = ffi.new("size_t *")
    check(lib.meeple_poker_canonical_boards(int(cards), ffi.NULL, ffi.NULL, 0, n))
    boards = np.zeros(max(n[0], 1), dtype=np.uint64)
    counts = np.zeros(max(n[0], 1), dtype=np.uint32)
    check(lib.meeple_poker_canonical_boards(int(cards), ffi.from_buffer("uint64_t[]", boards),
                                            ffi.from_buffer("uint32_t[]", counts), boards.shape[0], n))
    return boards[:n[0]], counts[:n[0]]
