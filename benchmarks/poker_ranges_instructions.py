"""One heads-up exact range-equity spot run N times by meeple or XiaPL (or neither), for
counting instructions under callgrind where a shared machine makes timing too noisy.
The per-call count is the difference between two values of N, for example:

    PY=$(python -c 'import sys; print(sys.executable)')   # the real interpreter, not a shim
    PYTHONPATH=build/test/stage/python valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        $PY benchmarks/poker_ranges_instructions.py meeple 10
    ... meeple 30, xiapl 10, xiapl 30; per call = (Ir(30) - Ir(10)) / 20

Usage: poker_ranges_instructions.py {meeple,xiapl,none} N [case]
case: wide (the default: 222 x 50 combos on Ks 7d 2c), small (29 x 22 combos on the same
flop) or plo (AAKKds,AAQQds vs JT98ds,T987ds on the same flop).
"""

from __future__ import annotations

import sys

from meeple import poker
from meeple.poker import Range, range_equity

CASES = {
    "wide": ("holdem", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo"),
    "small": ("holdem", "JJ+,AKs,KdQd", "QQ,AKo,T9s"),
    "plo": ("plo", "AAKKds,AAQQds", "JT98ds,T987ds"),
}
BOARD = "Ks 7d 2c"


def main() -> None:
    which, n = sys.argv[1], int(sys.argv[2])
    game, hero, villain = CASES[sys.argv[3] if len(sys.argv) > 3 else "wide"]
    a, b = Range(hero, game=game), Range(villain, game=game)
    if which == "xiapl":
        from xiapl.range import Combo
        from xiapl.range import Range as XRange
        from xiapl.simulation import GameType, RangeEquityMode, SimulationOptions, calculate_range_equity

        def xrange(r: Range) -> XRange:
            combos = []
            for m, w in r.combos().items():
                c = Combo()
                c.mask, c.weight = m, w
                combos.append(c)
            return XRange(combos, GameType.Holdem if game == "holdem" else GameType.Plo)

        xa, xb, opt = xrange(a), xrange(b), SimulationOptions.exact()
        opt.threads = 1
        for _ in range(n):
            calculate_range_equity(xa, xb, poker.mask(BOARD), opt, RangeEquityMode.PerCombo)
    elif which == "meeple":
        for _ in range(n):
            range_equity([a, b], BOARD, exact=True, threads=1, game=game)


if __name__ == "__main__":
    main()
