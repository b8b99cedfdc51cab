"""Writing hand histories keeps the hand's units and fields: a hand read in dollars and
cents writes back in dollars and cents (not in the cents the replay counts), with its
players' names and its unknown hole cards still unknown; read, replay, write and read
again gives the same hand, on constructed hands and on every Hold'em hand of the
real-hands corpus (../shared/phh-corpus beside the checkout) when present."""

from __future__ import annotations

import pathlib
from decimal import Decimal

import pytest

from meeple import holdem
from meeple.game import ALL
from meeple.poker import phh

CENTS = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.5, 0]
min_bet = 0.5
starting_stacks = [100.75, 50, 80.1]
players = ['Ann', 'Bob', "Cy O'Neil"]
actions = ['d dh p1 ????', 'd dh p2 KdKh', 'd dh p3 AcAd', 'p3 cbr 1.5', 'p1 f', 'p2 cc', 'd db Ks7d2c',
           'p2 cc', 'p3 cbr 2.25', 'p2 cc', 'd db 3h', 'p2 cc', 'p3 cc', 'd db 9s', 'p2 cc', 'p3 cc',
           'p2 sm KdKh', 'p3 sm AcAd']
finishing_stacks = [100.5, 54, 76.35]
"""


def fields(hand: phh.Hand) -> tuple[object, ...]:
    betting = [(a.player, a.verb, a.cards, a.amount) for a in hand.actions if a.verb != "sm"]
    return (hand.variant, hand.starting_stacks, hand.blinds_or_straddles, hand.antes, hand.min_bet, hand.small_bet,
            hand.big_bet, hand.finishing_stacks, hand.players, hand.board, hand.holes, betting)


def test_a_hand_in_dollars_and_cents_writes_back_in_dollars_and_cents() -> None:
    (hand,) = phh.loads(CENTS)
    assert hand.chip_scale == 100
    state = hand.state()
    assert [s["stack"] for s in state.view(ALL)["seats"]] == [10050, 5400, 7635]  # cents
    text = phh.dumps(hand)
    assert "starting_stacks = [100.75, 50, 80.1]" in text and "'p3 cbr 2.25'" in text
    assert "'d dh p1 ????'" in text and "players = [\"Ann\", \"Bob\", \"Cy O'Neil\"]" in text
    (back,) = phh.loads(text)
    assert fields(back) == fields(hand) and back.starting_stacks[2] == Decimal("80.1")
    # A state alone writes in its own units unless told the scale.
    assert "starting_stacks = [10075, 5000, 8010]" in phh.dumps(state)
    assert "starting_stacks = [100.75, 50, 80.1]" in phh.dumps(state, chip_scale=100)
    with pytest.raises(ValueError, match="chip_scale is 0"):
        holdem.to_phh(state, chip_scale=0)


CORPUS = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "phh-corpus"


def test_every_corpus_hand_meeple_plays_survives_read_replay_write_read() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the real-hands corpus is not beside the checkout ({CORPUS} is absent)")
    count = 0
    for path in sorted(CORPUS.glob("*.phhs")):
        for hand in phh.read(path):
            if hand.unsupported:
                continue
            (back,) = phh.loads(phh.dumps(hand))
            assert fields(back) == fields(hand), f"{hand.source}:{hand.line}"
            count += 1
    assert count == 9_987  # 9,980 no-limit and 7 fixed-limit hands
