"""Suit isomorphism against brute-force orbit counting: every board's orbit under the
24 renamings of the suits, computed here, against the library's classes and counts."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from meeple import poker

PERMS = list(itertools.permutations(range(4)))


def rename(m: int, perm: tuple[int, ...]) -> int:
    return sum(((m >> (13 * s)) & 0x1FFF) << (13 * perm[s]) for s in range(4))


def orbit(m: int) -> set[int]:
    return {rename(m, p) for p in PERMS}


def test_flop_classes_are_the_orbits() -> None:
    boards, counts = poker.canonical_boards(3)
    assert len(boards) == 1755
    orbits: dict[int, int] = {}
    for cards in itertools.combinations(range(52), 3):
        m = sum(1 << c for c in cards)
        key = min(orbit(m))
        orbits[key] = orbits.get(key, 0) + 1
    assert len(orbits) == 1755
    got = {min(orbit(int(b))): int(c) for b, c in zip(boards, counts)}
    assert got == orbits  # one representative an orbit, counted by the orbit's size


@pytest.mark.parametrize("cards, classes", [(1, 13), (2, 169), (4, 16432), (5, 134459)])
def test_turn_and_river_classes_cover_every_board(cards: int, classes: int) -> None:
    boards, counts = poker.canonical_boards(cards)
    assert len(boards) == classes and int(counts.sum()) == math.comb(52, cards)
    assert np.all(np.diff(boards.astype(np.float64)) > 0)
    rng = random.Random(cards)
    index = {int(b): int(c) for b, c in zip(boards, counts)}
    for _ in range(300):
        m = sum(1 << c for c in rng.sample(range(52), cards))
        rep = poker.canonical_board(m)
        assert rep in orbit(m) and rep in index and index[rep] == len(orbit(m))


def test_canonical_board_names_one_member_of_each_orbit() -> None:
    assert poker.canonical_board("Ks 7d 2c") == poker.canonical_board("Kh 7c 2s")
    assert poker.canonical_board("Ks 7s 2s") != poker.canonical_board("Ks 7s 2d")


def test_canonical_hand_is_invariant_and_in_the_orbit() -> None:
    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(range(52), 5)
        hole, board = sum(1 << c for c in cards[:2]), sum(1 << c for c in cards[2:])
        ch, cb = poker.canonical_hand(hole, board)
        assert any((rename(hole, p), rename(board, p)) == (ch, cb) for p in PERMS)
        perm = rng.choice(PERMS)
        assert poker.canonical_hand(rename(hole, perm), rename(board, perm)) == (ch, cb)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="share"):
        poker.canonical_hand("AsKs", "As 7d 2c")
    with pytest.raises(ValueError, match="1 to 5"):
        poker.canonical_boards(6)
