"""Top-N% PLO ranges (``Range.top(f, game="plo")``, the item ``top15%`` in a PLO range):
whole suit classes in the order of equity against a random hand, as many as bring the
count of hands nearest the target (the rule of Hold'em's top ranges); the grammar's
errors say how to write one. The table itself is checked in
tests/cpp/test_poker_plo_ranking.cpp."""

from __future__ import annotations

import pytest

from meeple.errors import ParseError
from meeple.poker import Range, range_equity

TOTAL = 270_725


def test_plo_top_is_the_item_and_grows_by_whole_classes_nearest_the_target() -> None:
    last = Range("", game="plo")
    for pct in (0.5, 1, 2, 5, 10, 15, 25, 50):
        r = Range.top(pct / 100, game="plo")
        assert r.game == "plo" and r == Range(f"top{pct}%", game="plo")
        assert (last - r).size == 0  # nested: a larger fraction only adds classes
        # A class holds at most 24 hands, so the count is within 12 of the target.
        assert abs(r.size - pct / 100 * TOTAL) <= 12
        last = r
    assert Range.top(1.0, game="plo") == Range.all("plo")


def test_plo_top_takes_suit_classes_whole() -> None:
    # Renaming the suits maps the top range onto itself.
    r = Range.top(0.02, game="plo")
    masks = set(r.combos())
    swap = {0: 3, 1: 2, 2: 1, 3: 0}  # clubs <-> spades, diamonds <-> hearts
    for m in masks:
        moved = 0
        for s in range(4):
            moved |= ((m >> (13 * s)) & 0x1FFF) << (13 * swap[s])
        assert moved in masks


def test_plo_top_ranks_aces_double_suited_above_a_rainbow_trash_hand() -> None:
    top = Range.top(0.01, game="plo")
    assert Range("AAKKds", game="plo").size == 6
    assert (Range("AAKKds", game="plo") - top).size == 0
    assert (Range("7532r", game="plo") & Range.top(0.5, game="plo")).size == 0
    # The first 1% beats a random hand clearly (the library's own Monte Carlo).
    eq = range_equity([top, Range.all("plo")], exact=False, trials=200_000, seed=3, game="plo")
    assert eq.equity[0] > 0.62 and eq.stderr[0] < 0.002


def test_holdem_top_is_unchanged_by_the_game_keyword() -> None:
    assert Range.top(0.01) == Range.top(0.01, game="holdem") == Range("KK+")
    with pytest.raises(ValueError, match="unknown poker game"):
        Range.top(0.1, game="chess")


@pytest.mark.parametrize("item", ["top", "top15", "top0%", "top101%", "topx%", "top15%%", "top-5%"])
def test_bad_plo_top_items_say_how_to_write_one(item: str) -> None:
    with pytest.raises(ParseError, match="270,725 hands above 0 and at most 100"):
        Range(item, game="plo")


@pytest.mark.parametrize("bad", [0, -0.1, 1.5, float("nan")])
def test_plo_top_refuses_fractions_outside_zero_to_one(bad: float) -> None:
    with pytest.raises(ValueError, match="above 0 and at most 1"):
        Range.top(bad, game="plo")


def test_plo_top_item_takes_a_weight_and_mixes_with_other_items() -> None:
    top = Range.top(0.01, game="plo")
    r = Range("top1%:0.5, 7532r", game="plo")
    assert r.size == top.size + Range("7532r", game="plo").size
    assert r.total_weight == pytest.approx(top.size / 2 + Range("7532r", game="plo").size)
    # A hand the top item gives weight 0.5 and another item weight 1: both items named.
    with pytest.raises(ParseError, match=r"'top1%:0.5' and 'AAKKds'"):
        Range("top1%:0.5, AAKKds", game="plo")
    # The same weight twice is fine.
    assert Range("top1%, AAKKds", game="plo") == top


def test_unknown_symbols_still_list_top_among_the_plo_forms() -> None:
    with pytest.raises(ParseError, match="'top15%' for the strongest 15% of hands"):
        Range("AAx*", game="plo")
