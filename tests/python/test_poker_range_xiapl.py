"""Heads-up range equity against XiaPL (PyPI ``xiapl``, in the ``poker-peers`` extra), an
independent equity library: exact aggregate and per-combo equities on small spots,
weighted ranges, flush boards, a hand against a range. Skipped when xiapl is not
installed (fails instead under --require-peers, as in CI)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from meeple import poker
from meeple.poker import Range, range_equity

SPOTS = [
    # (hero, villain, board): wide enough for the sorted sweep, small for the pair counters
    ("22+,A2s+,KTs+,ATo+:0.5", "TT+,AQs+,AKo:0.25", "Ks 7d 2c"),
    ("QQ,AKs,KdQd:0.5", "JJ:0.25,T9s,AhKh", "Ks 7d 2c 9h"),
    ("T9s+,98s,A5s-A2s", "AA-TT,KQs,AhJh", "Ah 7h 2h"),
    ("AsKd", "QQ+,AJs+,76s", "Qh Jd 4c"),
    ("77-22,A9o+", "top10%", "8h 8d 3s 5c 9h"),
]


def xiapl_range(xrange: Any, xsim: Any, r: Range) -> Any:
    combos = []
    for m, w in r.combos().items():
        c = xrange.Combo()
        c.mask, c.weight = m, w
        combos.append(c)
    return xrange.Range(combos, xsim.GameType.Holdem)


@pytest.mark.parametrize("hero, villain, board", SPOTS)
def test_exact_range_equity_agrees_with_xiapl(require_peer, hero: str, villain: str, board: str) -> None:
    require_peer("xiapl", extra="poker-peers")
    xrange = require_peer("xiapl.range", extra="poker-peers")
    xsim = require_peer("xiapl.simulation", extra="poker-peers")
    a, b = Range(hero), Range(villain)
    ours = range_equity([a, b], board, exact=True, threads=2)
    opt = xsim.SimulationOptions.exact()
    opt.threads = 1
    theirs = xsim.calculate_range_equity(xiapl_range(xrange, xsim, a), xiapl_range(xrange, xsim, b), poker.mask(board),
                                         opt, xsim.RangeEquityMode.PerCombo)
    assert theirs.exact
    assert ours.equity[0] == pytest.approx(theirs.hero_aggregate_equity, abs=1e-9)
    assert ours.equity[1] == pytest.approx(theirs.villain_aggregate_equity, abs=1e-9)
    for player, entries in ((0, theirs.hero), (1, theirs.villain)):
        per_combo = {int(m): e for m, e in zip(ours.combos[player].masks, ours.combos[player].equity)}
        compared = 0
        for entry in entries:
            mine = per_combo[int(entry.combo_mask)]
            if math.isnan(mine):  # never dealt: blocked by the board
                continue
            assert mine == pytest.approx(entry.equity, abs=1e-9), poker.format_mask(int(entry.combo_mask))
            compared += 1
        assert compared > 0
