"""Range equity against enumeration of the combo pairs (and triples): every compatible
deal's exact equity from poker.equity, weighted by the product of the combo weights;
Monte Carlo within its standard error and bit-identical at every thread count."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from meeple import poker
from meeple.poker import Range, range_equity


def by_deals(ranges: list[Range], board: str, dead: str = "", game: str = "holdem"):
    """Aggregate and per-combo equity by enumerating every compatible deal."""
    gone = poker.mask(board or 0) | poker.mask(dead or 0)
    players = [{m: w for m, w in r.combos().items() if not m & gone} for r in ranges]
    total = 0.0
    eq = [0.0] * len(ranges)
    combo_w = [dict.fromkeys(p, 0.0) for p in players]
    combo_eq = [dict.fromkeys(p, 0.0) for p in players]
    for deal in itertools.product(*[list(p.items()) for p in players]):
        ms = [m for m, _ in deal]
        if any(a & b for a, b in itertools.combinations(ms, 2)):
            continue
        w = math.prod(x for _, x in deal)
        e = poker.equity(ms, board or None, dead or None, exact=True, game=game).equity
        total += w
        for i, m in enumerate(ms):
            eq[i] += w * e[i]
            combo_w[i][m] += w
            combo_eq[i][m] += w * e[i]
    return ([x / total for x in eq],
            [{m: combo_eq[i][m] / combo_w[i][m] for m in combo_w[i] if combo_w[i][m]} for i in range(len(ranges))],
            [{m: combo_w[i][m] / total for m in combo_w[i]} for i in range(len(ranges))])


def check_against_deals(ranges: list[Range], board: str, dead: str = "", game: str = "holdem") -> None:
    r = range_equity(ranges, board, dead or None, exact=True, game=game)
    eq, per_combo, share = by_deals(ranges, board, dead, game)
    assert r.exact
    np.testing.assert_allclose(r.equity, eq, rtol=0, atol=1e-12)
    assert abs(r.equity.sum() - 1) < 1e-12
    assert np.all(r.stderr == 0)
    for i, c in enumerate(r.combos):
        for m, e, s in zip(c.masks, c.equity, c.share):
            m = int(m)
            if m in per_combo[i]:
                assert abs(e - per_combo[i][m]) < 1e-12
                assert abs(s - share[i][m]) < 1e-12
            else:
                assert math.isnan(e) and share[i].get(m, 0) == 0


def test_heads_up_ranges_on_the_flop_equal_enumeration_of_combo_pairs() -> None:
    check_against_deals([Range("QQ,AKs,KdQd:0.5"), Range("JJ:0.25,T9s,AhKh")], "Ks 7d 2c")


def test_small_heads_up_ranges_after_the_flop_equal_enumeration_of_combo_pairs() -> None:
    # A few dozen combos a side, more pairs than 8 x the combos: the grid of counters
    # scores them when the weights are multiples of 2^-24 (1, 0.5, 0.25), the sorted
    # sweep otherwise (0.3). Rainbow, two-tone and monotone boards; flop, turn, river.
    check_against_deals([Range("JJ+,AKs,KdQd"), Range("QQ,AKo,T9s")], "Ks 7d 2c")
    check_against_deals([Range("JJ+:0.5,AKs,KdQd"), Range("QQ:0.25,AKo,T9s")], "Ks 7s 2c", dead="Ah")
    check_against_deals([Range("JJ+:0.3,AKs,KdQd"), Range("QQ,AKo,T9s")], "Ks 7s 2c", dead="Ah")
    check_against_deals([Range("TT+,AQs+,KQs"), Range("99-77,AJs,KJs:0.5,QJs")], "Ks 7s 2s 5d")
    check_against_deals([Range("TT+,AQs+,KQs"), Range("99-77,AJs,KJs:0.5,QJs")], "Ks 7s 2s 5d Jc")


def test_three_ranges_on_the_turn_equal_enumeration_of_combo_triples() -> None:
    check_against_deals([Range("AA,KQs"), Range("KK:0.5,87s"), Range("JTs,22")], "Kh 7d 2c 9s", dead="Ac")


def test_hand_against_range_with_dead_cards() -> None:
    check_against_deals([Range("AsKd"), Range("QQ+,AJs+")], "Qh Jd 4c")


def test_plo_ranges_on_the_turn_equal_enumeration() -> None:
    a = Range("AsAhKsKh,AdAcQdQc:0.5", game="plo")
    b = Range("JsTs9h8h,JdTd9c8c,7s6s5d4d", game="plo")
    check_against_deals([a, b], "2c 3h 9s Kd", game="plo")


def test_preflop_heads_up_hand_equities_agree_with_hand_equity() -> None:
    r = range_equity(["AsKs", "QdQc"], exact=True)
    h = poker.equity(["AsKs", "QdQc"], exact=True)
    np.testing.assert_allclose(r.equity, h.equity, atol=1e-12)
    np.testing.assert_allclose(r.win, h.win, atol=1e-12)
    np.testing.assert_allclose(r.tie, h.tie, atol=1e-12)


def test_monte_carlo_is_within_its_standard_error_and_identical_at_every_thread_count() -> None:
    ranges = [Range("TT+,AQs+"), Range("77-99,KQs,AJo"), Range("22-55,A5s-A2s")]
    exact = range_equity(ranges, "Kh 7d 2c", exact=True)
    runs = [range_equity(ranges, "Kh 7d 2c", exact=False, trials=60_001, seed=3, threads=t) for t in (1, 2, 3)]
    for r in runs[1:]:
        for field in ("win", "tie", "equity", "stderr"):
            assert getattr(r, field).tobytes() == getattr(runs[0], field).tobytes()
        for a, b in zip(r.combos, runs[0].combos):
            assert a.equity.tobytes() == b.equity.tobytes() and a.share.tobytes() == b.share.tobytes()
    mc = runs[0]
    assert mc.count == 60_001 and not mc.exact
    for i in range(3):
        assert 0 < mc.stderr[i] < 0.01
        assert abs(mc.equity[i] - exact.equity[i]) < 4 * mc.stderr[i]
    # Per combo: the shares are frequencies and the equities are close to exact.
    for c, e in zip(mc.combos, exact.combos):
        assert abs(c.share.sum() - 1) < 1e-12
        ok = ~np.isnan(e.equity) & (c.share > 0.01)
        assert np.all(np.abs(c.equity[ok] - e.equity[ok]) < 5 * c.stderr[ok] + 1e-9)


def test_exact_is_identical_at_every_thread_count() -> None:
    ranges = [Range("JJ+,AK"), Range("TT-88,AQs")]
    a = range_equity(ranges, "2c 7d", exact=True, threads=1)
    b = range_equity(ranges, "2c 7d", exact=True, threads=3)
    assert a.equity.tobytes() == b.equity.tobytes() and a.combos[1].equity.tobytes() == b.combos[1].equity.tobytes()


def test_exact_none_enumerates_small_spots_with_the_same_bits_as_exact() -> None:
    # exact=None enumerates when the work is small (here without asking the library how
    # big, as boards x the range sizes is small), and samples when it is not.
    ranges = [Range("JJ+,AKs,KdQd"), Range("QQ,AKo,T9s")]
    auto = range_equity(ranges, "Ks 7d 2c", exact=None, threads=1)
    exact = range_equity(ranges, "Ks 7d 2c", exact=True, threads=1)
    assert auto.exact and auto.count == exact.count
    assert auto.equity.tobytes() == exact.equity.tobytes()
    assert all(x.equity.tobytes() == y.equity.tobytes() for x, y in zip(auto.combos, exact.combos))
    wide = range_equity([Range.all(), Range.all()], exact=None, trials=1000, seed=1)
    assert not wide.exact and wide.count == 1000


def test_too_big_for_exact_says_how_big_and_suggests_monte_carlo() -> None:
    with pytest.raises(ValueError) as e:
        range_equity([Range.all(), Range.all(), Range.all()], exact=True)
    msg = str(e.value)
    assert "1326 x 1326 x 1326" in msg and "Monte Carlo" in msg and "limit" in msg


def test_six_players_monte_carlo_sums_to_one() -> None:
    ranges = [Range("22+"), Range("A2s+"), Range("KQ"), Range("T9s-54s"), Range("AsKs"), Range.all()]
    r = range_equity(ranges, exact=False, trials=20_000, seed=1)
    assert abs(r.equity.sum() - 1) < 1e-9 and r.count == 20_000


@pytest.mark.parametrize("players, board, words", [
    (["AA"], "", ["2 to 10 players"]),
    (["AsAh", "AsKs"], "", ["no deal"]),
    (["AsAh", "KK"], "Kc Kd Ks Kh", ["no combo left"]),
])
def test_bad_requests_are_clear(players, board, words) -> None:
    with pytest.raises(ValueError) as e:
        range_equity(players, board or None, exact=True)
    for w in words:
        assert w in str(e.value)


def test_mixed_games_are_refused() -> None:
    with pytest.raises(ValueError, match="one game"):
        range_equity([Range("AA"), Range("AA**", game="plo")])


def test_preflop_suit_symmetric_ranges_agree_with_hand_equities() -> None:
    # Both ranges are unchanged by renaming suits, so one board a suit class is scored.
    r = range_equity([Range("AA"), Range("KK")], exact=True)
    aces = poker.mask("AsAh")
    i = [int(m) for m in r.combos[0].masks].index(aces)
    each = [poker.equity([aces, k], exact=True).equity[0] for k in Range("KK").combos()]
    assert abs(r.combos[0].equity[i] - float(np.mean(each))) < 1e-12
    assert abs(r.equity[0] - float(np.mean(each))) < 1e-12
    assert np.allclose(r.combos[0].share, 1 / 6) and r.count == 36 * math.comb(48, 5)


def test_three_symmetric_ranges_preflop_agree_with_monte_carlo() -> None:
    ranges = [Range("AA"), Range("KK"), Range("QQ")]
    exact = range_equity(ranges, exact=True)
    mc = range_equity(ranges, exact=False, trials=100_000, seed=9)
    assert np.all(np.abs(exact.equity - mc.equity) < 4 * mc.stderr)
    assert abs(exact.equity.sum() - 1) < 1e-12


def test_preflop_heads_up_ranges_with_dead_cards_equal_enumeration_of_combo_pairs() -> None:
    # No board: deals are counted once per class under suit renamings that keep the dead
    # cards in place; lone combos and weights make the ranges asymmetric.
    check_against_deals([Range("QQ,AKs,KdQd:0.5"), Range("JJ:0.25,T9s,AhKh")], "", dead="2c 7h")
    check_against_deals([Range("AA,AKo:0.5"), Range("KK,QJs")], "")
