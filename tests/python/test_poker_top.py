"""Top-N% Hold'em ranges (``Range.top``, the ``top15%`` item): whole classes in the
order of equity against a random hand, as many as bring the combo count nearest the
target; the order checked against published equities re-derived with exact range
equity."""

from __future__ import annotations

import pytest

from meeple.errors import ParseError
from meeple.poker import Range, range_equity


def test_top_one_percent_is_aces_and_kings() -> None:
    # 1% of 1,326 is 13.3 combos: AA + KK (12) is nearest; QQ would make 18.
    assert Range.top(0.01) == Range("KK+")
    assert Range("top1%") == Range("KK+")


def test_top_fractions_grow_by_whole_classes_nearest_the_target() -> None:
    last = Range.top(0.005)
    for pct in range(1, 101):
        r = Range.top(pct / 100)
        assert Range(f"top{pct}%") == r
        # nested: a larger fraction only adds classes
        assert (last - r).size == 0
        # whole classes: every combo of a pair, suited or offsuit class, or none
        assert r.size % 2 == 0
        assert abs(r.size - pct / 100 * 1326) <= 6  # within half of the largest class
        last = r
    assert Range.top(1.0) == Range.all()


def test_top_ranges_follow_equity_against_a_random_hand() -> None:
    # The published equities against one random hand: AA 85.2%, 72o 34.6%; the top 2.5%
    # holds pairs down to 99 (72.1%), the top 5% AKs (67.0%), the top half not 72o.
    every = Range.all()
    aa = range_equity(["AA", every], exact=True, threads=2).equity[0]
    assert abs(aa - 0.852) < 0.0006
    assert Range.top(0.025) == Range("99+")  # 33.2 combos: pairs lead against a random hand
    assert (Range("AKs") - Range.top(0.05)).size == 0
    assert (Range("72o") & Range.top(0.5)).size == 0


@pytest.mark.parametrize("bad", [0, -0.1, 1.5, float("nan")])
def test_top_refuses_fractions_outside_zero_to_one(bad: float) -> None:
    with pytest.raises(ValueError, match="above 0 and at most 1"):
        Range.top(bad)


@pytest.mark.parametrize("item", ["top", "top15", "top0%", "top101%", "topx%", "top15%%"])
def test_bad_top_items_say_how_to_write_one(item: str) -> None:
    with pytest.raises(ParseError, match="'top15%'"):
        Range(item)


def test_top_item_takes_a_weight_and_mixes_with_other_items() -> None:
    r = Range("top1%:0.5,AKs")
    assert r.size == 16
    assert r.total_weight == pytest.approx(6 + 4)
