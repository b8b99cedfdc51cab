"""meeple.poker against independent evaluators from PyPI (the ``poker-peers`` extra:
phevaluator, eval7, treys); each test is skipped when its peer is not installed
(fails instead under --require-peers, as in CI)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeple import poker

DECK = [r + s for s in "cdhs" for r in "23456789TJQKA"]


def random_hands(n: int, size: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(n)]


def values_of(hands: list[list[str]]) -> np.ndarray:
    masks = np.array([poker.mask(h) for h in hands], dtype=np.uint64)
    return poker.evaluate_batch(masks).astype(np.int64)


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """The two value arrays (both higher-is-better) order every pair of hands alike:
    after sorting by ours, theirs never decreases and ties coincide."""
    order = np.lexsort((theirs, ours))
    a, b = ours[order], theirs[order]
    assert (np.diff(b) >= 0).all()
    assert ((np.diff(a) == 0) == (np.diff(b) == 0)).all()


def test_order_agrees_with_phevaluator_on_random_hands(require_peer) -> None:
    phe = require_peer("phevaluator", extra="poker-peers")
    for size, n in ((7, 200_000), (6, 50_000), (5, 50_000)):
        hands = random_hands(n, size, seed=size)
        theirs = -np.array([phe.evaluate_cards(*h) for h in hands], dtype=np.int64)  # lower is better there
        assert_same_order(values_of(hands), theirs)


def test_categories_and_order_agree_with_eval7(require_peer) -> None:
    eval7 = require_peer("eval7", extra="poker-peers")
    names = {"High Card": "High Card", "Pair": "One Pair", "Two Pair": "Two Pair", "Trips": "Three of a Kind",
             "Straight": "Straight", "Flush": "Flush", "Full House": "Full House", "Quads": "Four of a Kind",
             "Straight Flush": "Straight Flush"}
    hands = random_hands(100_000, 7, seed=70)
    theirs = np.array([eval7.evaluate([eval7.Card(c) for c in h]) for h in hands], dtype=np.int64)
    ours = values_of(hands)
    assert_same_order(ours, theirs)
    for v, t in zip(ours[:5000], theirs[:5000]):
        assert poker.category(int(v)) == names[eval7.handtype(int(t))]


def test_order_agrees_with_treys(require_peer) -> None:
    treys = require_peer("treys", extra="poker-peers")
    ev = treys.Evaluator()
    hands = random_hands(20_000, 7, seed=77)
    theirs = -np.array([ev.evaluate([treys.Card.new(c) for c in h[:2]], [treys.Card.new(c) for c in h[2:]])
                        for h in hands], dtype=np.int64)
    assert_same_order(values_of(hands), theirs)


@pytest.mark.parametrize("hero, villain, board", [("As Ks", "Qd Qc", ""), ("Ah 5h", "Kc Kd", "6h 9h 2c"),
                                                  ("7c 7d", "As Kd", "2s 8h Qc Jd")])
def test_equity_agrees_with_eval7_monte_carlo(hero: str, villain: str, board: str, require_peer) -> None:
    eval7 = require_peer("eval7", extra="poker-peers")
    ours = poker.equity([hero, villain], board, exact=True)
    theirs = eval7.py_hand_vs_range_monte_carlo([eval7.Card(c) for c in hero.split()],
                                               eval7.HandRange(villain.replace(" ", "")),
                                               [eval7.Card(c) for c in board.split()], 400_000)
    # eval7 counts a tie as half a win, as equity does; 400k trials: stderr under 0.0008.
    assert abs(ours.equity[0] - theirs) < 0.004
