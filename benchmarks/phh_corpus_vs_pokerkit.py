"""Real hand histories, read, replayed by the rules and checked: how many hands of a PHH
corpus meeple replays to the final stacks PokerKit computes, and the hands a second of
each (read the file, replay every hand, check the result), side by side in one run.

meeple: `meeple.poker.phh.read` of every file, `Hand.state()` of every hand of a variant
game holdem plays (which checks each action and the history's finishing stacks), the
final stacks read from the state. PokerKit (PyPI): `HandHistory.loads` of each hand's
text and its states iterated to the last, every variant (PokerKit plays them all).

Usage: python benchmarks/phh_corpus_vs_pokerkit.py CORPUS_FOLDER [--pokerkit-hands N]
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import time
from decimal import Decimal

from meeple.game import ALL
from meeple.per_game.holdem import from_phh
from meeple.poker import phh


def meeple_pass(files: list[pathlib.Path]) -> tuple[list[phh.Hand], dict[tuple[str, int], list[Decimal]], float]:
    t0 = time.perf_counter()
    hands = [h for f in files for h in phh.read(f)]
    final = {}
    for h in hands:
        if h.error or h.unsupported:
            continue
        scale = h.chip_scale
        state = h.state()
        final[(h.source, h.line)] = [Decimal(s["stack"]) / scale for s in state.view(ALL)["seats"]]
    return hands, final, time.perf_counter() - t0


def whole_chips(hand: phh.Hand) -> list[Decimal]:
    """The final stacks when the hand is replayed in whole chips (chip_scale 1)."""
    state = from_phh(hand.text, chip_scale=1)
    return [Decimal(s["stack"]) for s in state.view(ALL)["seats"]]


def pokerkit_pass(hands: list[phh.Hand]) -> tuple[dict[tuple[str, int], list[Decimal] | str], float]:
    import pokerkit

    t0 = time.perf_counter()
    final: dict[tuple[str, int], list[Decimal] | str] = {}
    for h in hands:
        try:
            states = list(pokerkit.HandHistory.loads(h.text))
        except ValueError as exc:  # a history PokerKit cannot play
            final[(h.source, h.line)] = f"PokerKit refuses it: {exc}"
            continue
        final[(h.source, h.line)] = [Decimal(str(v)) for v in states[-1].stacks]
    return final, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=pathlib.Path, help="a folder of .phhs files")
    ap.add_argument("--pokerkit-hands", type=int, default=0, help="PokerKit on the first N hands only (0: all)")
    args = ap.parse_args()
    files = sorted(args.corpus.glob("*.phh*"))
    hands, mine, t_mine = meeple_pass(files)
    by_variant = collections.Counter(h.variant for h in hands)
    print(f"{len(hands)} hands in {len(files)} files: " + ", ".join(f"{v} {c}" for v, c in by_variant.most_common()))
    print(f"meeple: {len(hands)} read, {len(mine)} replayed and checked in {t_mine:.2f} s: "
          f"{len(hands) / t_mine:,.0f} hands/s")
    subset = hands[:args.pokerkit_hands] if args.pokerkit_hands else hands
    theirs, t_theirs = pokerkit_pass(subset)
    print(f"PokerKit: {len(subset)} read and played in {t_theirs:.2f} s: {len(subset) / t_theirs:,.0f} hands/s")
    same = collections.Counter()
    for h in subset:
        k = (h.source, h.line)
        if isinstance(theirs[k], str):
            same[(h.variant, theirs[k] + (" (meeple replays it)" if k in mine else ""))] += 1
            if k in mine:
                print(f"  {h.source}:{h.line}: {theirs[k]}")
        elif k not in mine:
            same[(h.variant, "read and named, not replayed")] += 1
        elif mine[k] == theirs[k]:
            same[(h.variant, "same final stacks as PokerKit")] += 1
        elif whole_chips(h) == theirs[k]:
            # The history splits a pot's odd chip in halves (finishing_stacks 10112.5), so
            # meeple replays in tenths of a chip; PokerKit counts whole chips, as the stacks
            # are written, and gives the odd chip to one seat. The same rules in whole chips.
            same[(h.variant, "same as PokerKit in whole chips (the history halves an odd chip)")] += 1
        else:
            same[(h.variant, "final stacks DIFFER from PokerKit")] += 1
    for (variant, verdict), count in sorted(same.items(), key=str):
        print(f"  {variant}: {count} {verdict}")


if __name__ == "__main__":
    main()
