"""``meeple range``: a poker range's combos, weight and 13x13 grid; and the range side of
``meeple equity`` (players given as ranges)."""

from __future__ import annotations

import argparse
import json
import sys

from .. import poker
from .args import cards_text

_RANKS = "AKQJT98765432"

_GRAMMAR = (
    "Hold'em: QQ, AKs, AKo, AK, JJ+, A9s+, 22-55, A5s-A2s, T9s-76s, KdQd, with ':0.5' for a weight; "
    "PLO (--game plo): 4-symbol patterns with * for any rank (AA** = at least two aces), suit qualifiers "
    "ds/ss/r, JJ**+, JT98-8765, 8765-, AsKsQhJh, ':0.5'.")


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "range", help="a poker range's combos and grid: meeple range 'JJ+,AKs' --show",
        description="Parses a poker range and prints its canonical text, its combos and total weight. " + _GRAMMAR)
    p.add_argument("range", help="the range, as 'JJ+,AKs,T9s-76s:0.5'")
    p.add_argument("--game", choices=sorted(poker.GAMES), default="holdem", help="holdem or plo (default: holdem)")
    p.add_argument("--dead", type=cards_text, default="", help="remove the combos holding these cards, as 'As Kd'")
    p.add_argument("--show", action="store_true", help="print the 13x13 grid of weights (Hold'em)")
    p.add_argument("--list", action="store_true", help="print every combo with its weight")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run_range, prog=p.prog)


def grid_text(r: poker.Range) -> str:
    """The 13x13 grid: pairs on the diagonal, suited above, offsuit below; each cell the
    class and its average weight (blank when absent)."""
    g = r.grid()
    lines = []
    for i in range(13):
        cells = []
        for j in range(13):
            hi, lo = _RANKS[min(i, j)], _RANKS[max(i, j)]
            label = hi + lo + ("" if i == j else "s" if j > i else "o")
            w = g[i, j]
            cells.append(f"{label:<3} {'' if w == 0 else '1' if w == 1 else f'{w:.2f}'.lstrip('0'):>4}")
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def run_range(args: argparse.Namespace) -> int:
    r = poker.Range(args.range, game=args.game)
    if args.dead:
        r = r.without(args.dead)
    everything = 1326 if args.game == "holdem" else 270725
    combos = r.combos()
    if args.json:
        print(json.dumps({
            "game": args.game, "text": r.text, "combos": len(combos), "total_weight": r.total_weight,
            "share_of_all": r.total_weight / everything,
            "weights": {poker.format_mask(m).replace(" ", ""): w for m, w in combos.items()} if args.list else None,
            "grid": r.grid().tolist() if args.game == "holdem" else None,
        }, indent=2))
        return 0
    print(f"{r.text or '(empty)'}")
    print(f"{len(combos):,} combos, total weight {r.total_weight:g} ({r.total_weight / everything:.2%} of all "
          f"{everything:,} {'Hold' + chr(39) + 'em' if args.game == 'holdem' else 'PLO'} hands)")
    if args.show:
        if args.game != "holdem":
            print("(no 13x13 grid for PLO ranges; --list prints the hands)")
        else:
            print(grid_text(r))
    if args.list:
        for m, w in combos.items():
            print(f"{poker.format_mask(m).replace(' ', '')} {w:g}")
    return 0


def run_range_equity(args: argparse.Namespace) -> int:
    """``meeple equity`` with ranges among the players."""
    ranges = [poker.Range(h, game=args.game) for h in args.hands]
    exact = True if args.exact else (False if args.trials is not None else None)
    trials = args.trials if args.trials is not None else 1_000_000
    r = poker.range_equity(ranges, args.board or None, args.dead or None, exact=exact, trials=trials,
                           seed=args.seed, threads=args.threads, game=args.game,
                           progress=args.progress or sys.stderr.isatty())
    texts = [x.text for x in ranges]

    def best(i: int) -> list[tuple[str, float, float]]:
        c = r.combos[i]
        rows = [(poker.format_mask(int(m)).replace(" ", ""), float(e), float(s))
                for m, e, s in zip(c.masks, c.equity, c.share) if e == e]
        rows.sort(key=lambda row: -row[1])
        return rows[:args.combos]

    if args.json:
        print(json.dumps({
            "game": args.game, "exact": r.exact, "count": r.count, "seed": None if r.exact else args.seed,
            "board": poker.format_mask(poker.mask(args.board or 0)).split(),
            "dead": poker.format_mask(poker.mask(args.dead or 0)).split(),
            "players": [{"range": t, "combos": len(x), "equity": float(r.equity[i]), "win": float(r.win[i]),
                         "tie": float(r.tie[i]), "stderr": float(r.stderr[i]),
                         "best_combos": [{"combo": c, "equity": e, "share": s} for c, e, s in best(i)]}
                        for i, (t, x) in enumerate(zip(texts, ranges))],
        }, indent=2))
        return 0
    game = "Hold'em" if args.game == "holdem" else "PLO"
    how = f"exact, {r.count:,} deals and boards" if r.exact else f"Monte Carlo, {r.count:,} trials, seed {args.seed}"
    print(f"{game} range equity ({how})")
    if args.board:
        print(f"board: {' '.join(str(c) for c in poker.cards(args.board))}")
    if args.dead:
        print(f"dead:  {' '.join(str(c) for c in poker.cards(args.dead))}")
    shown = [t if len(t) <= 40 else t[:37] + "..." for t in texts]
    width = max(5, max(len(t) for t in shown))
    header = f"{'range':<{width}}  {'combos':>7}  {'equity':>8}  {'win':>8}  {'tie':>8}"
    print(header + ("" if r.exact else f"  {'± stderr':>9}"))
    for i, t in enumerate(shown):
        line = f"{t:<{width}}  {len(ranges[i]):>7,}  {r.equity[i]:8.3%}  {r.win[i]:8.3%}  {r.tie[i]:8.3%}"
        print(line + ("" if r.exact else f"  {r.stderr[i]:9.3%}"))
    if args.combos:
        for i, t in enumerate(shown):
            print(f"best combos of {t}:")
            for c, e, s in best(i):
                print(f"  {c:<10} {e:8.3%}  (dealt {s:.3%})")
    return 0
