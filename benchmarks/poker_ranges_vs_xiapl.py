"""Range-vs-range equity, side by side with XiaPL (PyPI ``xiapl``) in the same process on
the same combos: heads-up exact and Monte Carlo for Hold'em and PLO ranges of a few
sizes, as ratios; then meeple's multiway Monte Carlo (3 and 6 ranges) in trials a
second, which XiaPL does not offer.

Both run on one thread and are timed in process CPU seconds, which a busy shared machine
disturbs far less than wall time. A timing is a block of calls that runs for at least
BLOCK_SECONDS (one call when a call is longer; up to hundreds for the millisecond
cases, whose single timings would be dominated by the clock's resolution and by
noise), per call; the two libraries' blocks alternate, `repeats` of each, and each
keeps its best, so a burst of load from other processes hits both alike.

On a flop (or later), XiaPL's Monte Carlo enumerates instead of sampling (1,081
boards are fewer than the trials), so that row compares it with meeple's default
(`exact=None`, which enumerates when the exact work is small: both answer exactly);
meeple's own sampling of the same million trials is timed alone, on the line below.

Usage: PYTHONPATH=build/<dir>/stage/python python benchmarks/poker_ranges_vs_xiapl.py [repeats=5]
XiaPL is optional (pip install xiapl); without it only meeple's figures are printed.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Callable

from meeple import poker
from meeple.poker import Range, range_equity

MC_TRIALS = 1_000_000


BLOCK_SECONDS = 0.05


def calls_per_block(run: Callable[[], Any]) -> int:
    """How many calls make a block of at least BLOCK_SECONDS, from a first call (and a
    second, timed warm, when the first is shorter than a block)."""
    t0 = time.process_time()
    run()
    once = time.process_time() - t0
    if once < BLOCK_SECONDS:
        t0 = time.process_time()
        run()
        once = max(time.process_time() - t0, 1e-6)
    return max(1, min(1000, math.ceil(BLOCK_SECONDS / once)))


def block_seconds(run: Callable[[], Any], calls: int) -> tuple[float, Any]:
    """CPU seconds a call over one block of `calls` calls, and the last call's result."""
    out = None
    t0 = time.process_time()
    for _ in range(calls):
        out = run()
    return (time.process_time() - t0) / calls, out


def side_by_side(runs: list[Callable[[], Any] | None], repeats: int) -> list[tuple[float, Any, int]]:
    """The best CPU seconds a call of each run (None: not timed), over `repeats` blocks
    of each, the runs' blocks alternating; with each run's result and calls a block."""
    calls = [calls_per_block(r) if r else 0 for r in runs]
    best: list[tuple[float, Any, int]] = [(float("nan"), None, c) for c in calls]
    for _ in range(repeats):
        for i, r in enumerate(runs):
            if r is None:
                continue
            t, out = block_seconds(r, calls[i])
            if not t >= best[i][0]:
                best[i] = (t, out, calls[i])
    return best


def cpu_seconds(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    t, out, _ = side_by_side([run], repeats)[0]
    return t, out


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


def fmt_seconds(t: float) -> str:
    if t != t:
        return "-"
    return f"{t * 1e3:.3f} ms" if t < 1 else f"{t:.3f} s"


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    try:
        import xiapl  # noqa: F401
        from xiapl.simulation import RangeEquityMode, SimulationOptions, calculate_range_equity
        have_xiapl = True
    except ImportError:
        print("xiapl not installed: meeple's figures only")
        have_xiapl = False
    print(f"CPU time a call, best of {repeats} alternating blocks of at least {BLOCK_SECONDS * 1e3:.0f} ms each")
    print(f"{'case':<62} {'mode':<22} {'meeple':>11} {'xiapl':>11} {'ratio':>7}  calls  equity (meeple / xiapl)")
    ratios: list[tuple[str, str, float]] = []
    for game, a, b, board in CASES:
        ra, rb = Range(a, game=game), Range(b, game=game)
        bm = poker.mask(board) if board else 0
        label = f"{game} {a} vs {b}" + (f" on {board}" if board else "")
        flop = bool(board)
        modes: list[tuple[str, bool]] = [("MC 1M", False)]
        if range_equity_exact_ok(ra, rb, board):
            modes.insert(0, ("exact", True))
        for mode, exact in modes:
            # meeple's call: exact, sampled, or on a flop its default (exact=None), which
            # enumerates as XiaPL's Monte Carlo does there.
            m_exact: bool | None = exact if not (flop and not exact) else None
            if flop and not exact:
                mode = "MC 1M asked (exact)"

            def run_m(m_exact: bool | None = m_exact) -> Any:
                return range_equity([ra, rb], board or None, exact=m_exact, trials=MC_TRIALS, seed=1, threads=1,
                                    game=game)

            run_x = None
            if have_xiapl:
                xa, xb = xiapl_range(xiapl, ra), xiapl_range(xiapl, rb)
                opt = SimulationOptions.exact() if exact else SimulationOptions.mc_seeded(MC_TRIALS, 1)
                opt.threads = 1

                def run_x(xa: Any = xa, xb: Any = xb, opt: Any = opt) -> Any:
                    return calculate_range_equity(xa, xb, bm, opt, RangeEquityMode.PerCombo)

            try:
                (t_m, r_m, n_m), (t_x, r_x, n_x) = side_by_side([run_m, run_x], repeats)
            except (RuntimeError, ValueError) as e:  # XiaPL refuses some exact runs (its cache limit)
                print(f"  xiapl refused: {e}")
                (t_m, r_m, n_m), (t_x, r_x, n_x) = side_by_side([run_m, None], repeats)
            eq_x = r_x.hero_aggregate_equity if r_x is not None else float("nan")
            ratio = t_x / t_m if t_m > 0 else float("nan")
            if ratio == ratio:
                ratios.append((label, mode, ratio))
            print(f"{label[:62]:<62} {mode:<22} {fmt_seconds(t_m):>11} {fmt_seconds(t_x):>11} {ratio:6.1f}x "
                  f"{n_m:>3}/{n_x:<3} {r_m.equity[0]:.5f} / {eq_x:.5f}")
            if flop and not exact:
                t_s, r_s = cpu_seconds(lambda: range_equity([ra, rb], board, exact=False, trials=MC_TRIALS, seed=1,
                                                            threads=1, game=game), repeats)
                print(f"{'':<62} {'  meeple sampling 1M':<22} {fmt_seconds(t_s):>11} {'':>11} {'':>7}  "
                      f"{'':7} {r_s.equity[0]:.5f} +- {r_s.stderr[0]:.5f}")
    if ratios:
        worst = min(ratios, key=lambda x: x[2])
        print(f"\nlowest ratio: {worst[2]:.2f}x ({worst[0][:60]}, {worst[1]})")
    print()
    print("multiway Monte Carlo (meeple only; one thread):")
    multi = [Range("TT+,AQs+"), Range("77-99,KQs,AJo"), Range("22-55,A5s-A2s"), Range("KJs+,QJs"),
             Range("T9s-54s"), Range("A2o+")]
    for n in (3, 6):
        t, r = cpu_seconds(lambda: range_equity(multi[:n], exact=False, trials=MC_TRIALS, seed=1, threads=1),
                           repeats)
        print(f"  {n} ranges: {MC_TRIALS / t / 1e6:.2f} M trials/s  (equity {', '.join(f'{e:.3f}' for e in r.equity)})")


def range_equity_exact_ok(a: Range, b: Range, board: str) -> bool:
    from meeple.poker.ranges import exact_work

    return exact_work([a, b], board or None, game=a.game) <= 4_000_000_000


if __name__ == "__main__":
    main()
