"""Range-vs-range equity, side by side with XiaPL (PyPI ``xiapl``) in the same process on
the same combos: heads-up exact and Monte Carlo for Hold'em and PLO ranges of a few
sizes, as ratios; then meeple's multiway Monte Carlo (3 and 6 ranges) in trials a
second, which XiaPL does not offer.

Both run on one thread and are timed in process CPU seconds (the best of `repeats`),
which a busy shared machine disturbs far less than wall time.

Usage: PYTHONPATH=build/<dir>/stage/python python benchmarks/poker_ranges_vs_xiapl.py [repeats=2]
XiaPL is optional (pip install xiapl); without it only meeple's figures are printed.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable

from meeple import poker
from meeple.poker import Range, range_equity

MC_TRIALS = 1_000_000


def cpu_seconds(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.process_time()
        out = run()
        best = min(best, time.process_time() - t0)
    return best, out


def xiapl_range(xiapl: Any, r: Range) -> Any:
    from xiapl.range import Combo
    from xiapl.range import Range as XRange
    from xiapl.simulation import GameType

    combos = []
    for m, w in r.combos().items():
        c = Combo()
        c.mask, c.weight = m, w
        combos.append(c)
    return XRange(combos, GameType.Holdem if r.game == "holdem" else GameType.Plo)


CASES = [
    # (game, hero, villain, board)
    ("holdem", "QQ+,AKs", "JJ,AQs", ""),
    ("holdem", "TT+,AK", "99-77,AQ,KQs", ""),
    ("holdem", "JJ+,AKs,KdQd", "QQ,AKo,T9s", "Ks 7d 2c"),
    ("holdem", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo", "Ks 7d 2c"),
    ("plo", "AAKKds,AAQQds", "JT98ds,T987ds", "Ks 7d 2c"),
    # wide against wide after the flop: the sorted sweep's case
    ("holdem", "22+,A2+,K2s+,K9o+,Q8s+,QTo+,J8s+,JTo,T8s+,97s+,87s,76s", "55+,A8s+,A9o+,KTs+,KJo+,QTs+,JTs",
     "Ks 7d 2c"),
    ("holdem", "22+,A2+,K2s+,K9o+,Q8s+,QTo+,J8s+,JTo,T8s+,97s+,87s,76s", "55+,A8s+,A9o+,KTs+,KJo+,QTs+,JTs",
     "Ks 7d 2c 9h"),
    ("holdem", "top100%", "top100%", "Ks 7d 2c"),
]


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    try:
        import xiapl  # noqa: F401
        from xiapl.simulation import RangeEquityMode, SimulationOptions, calculate_range_equity
        have_xiapl = True
    except ImportError:
        print("xiapl not installed: meeple's figures only")
        have_xiapl = False
    print(f"{'case':<62} {'mode':<12} {'meeple s':>9} {'xiapl s':>9} {'ratio':>7}  equity (meeple / xiapl)")
    for game, a, b, board in CASES:
        ra, rb = Range(a, game=game), Range(b, game=game)
        bm = poker.mask(board) if board else 0
        label = f"{game} {a} vs {b}" + (f" on {board}" if board else "")
        modes: list[tuple[str, bool]] = [("MC 1M", False)]
        if range_equity_exact_ok(ra, rb, board):
            modes.insert(0, ("exact", True))
        for mode, exact in modes:
            t_m, r_m = cpu_seconds(lambda: range_equity([ra, rb], board or None, exact=exact, trials=MC_TRIALS,
                                                        seed=1, threads=1, game=game), repeats)
            t_x, eq_x = float("nan"), float("nan")
            if have_xiapl:
                xa, xb = xiapl_range(xiapl, ra), xiapl_range(xiapl, rb)
                opt = SimulationOptions.exact() if exact else SimulationOptions.mc_seeded(MC_TRIALS, 1)
                opt.threads = 1
                try:
                    t_x, r_x = cpu_seconds(lambda: calculate_range_equity(xa, xb, bm, opt, RangeEquityMode.PerCombo),
                                           repeats)
                    eq_x = r_x.hero_aggregate_equity
                except (RuntimeError, ValueError) as e:
                    print(f"  xiapl refused: {e}")
            ratio = t_x / t_m if t_m > 0 else float("nan")
            print(f"{label[:62]:<62} {mode:<12} {t_m:9.3f} {t_x:9.3f} {ratio:6.1f}x  "
                  f"{r_m.equity[0]:.5f} / {eq_x:.5f}")
    print()
    print("multiway Monte Carlo (meeple only; one thread):")
    multi = [Range("TT+,AQs+"), Range("77-99,KQs,AJo"), Range("22-55,A5s-A2s"), Range("KJs+,QJs"),
             Range("T9s-54s"), Range("A2o+")]
    for n in (3, 6):
        t, r = cpu_seconds(lambda: range_equity(multi[:n], exact=False, trials=MC_TRIALS, seed=1, threads=1),
                           repeats)
        print(f"  {n} ranges: {MC_TRIALS / t / 1e6:.2f} M trials/s  (equity {', '.join(f'{e:.3f}' for e in r.equity)})")


def range_equity_exact_ok(a: Range, b: Range, board: str) -> bool:
    from meeple.poker_ranges import exact_work

    return exact_work([a, b], board or None, game=a.game) <= 4_000_000_000


if __name__ == "__main__":
    main()
