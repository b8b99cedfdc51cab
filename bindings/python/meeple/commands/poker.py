"""``meeple equity`` and ``meeple eval``: poker equity of known hands and hand values."""

from __future__ import annotations

import argparse

from .. import poker


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "equity", help="equity of poker hands: meeple equity AsKs QdQc [--board ...]",
        description="Equity of known Hold'em or PLO hands, exact or by seeded Monte Carlo.")
    p.add_argument("hands", nargs="+", help="one argument a hand, as 'AsKs' or 'As Ks'")
    p.add_argument("--board", default="", help="board cards so far, as 'Qs Js 2h'")
    p.add_argument("--dead", default="", help="cards out of the deck")
    p.add_argument("--game", choices=sorted(poker.GAMES), default="holdem")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every board")
    mode.add_argument("--trials", type=int, help="Monte Carlo with this many boards")
    p.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    p.add_argument("--threads", type=int, default=0, help="0: every core (results do not depend on it)")
    p.add_argument("--progress", action="store_true", help="show a progress bar (Ctrl-C stops at any time)")
    p.set_defaults(run=run_equity)

    e = subparsers.add_parser(
        "eval", help="value and words of a poker hand: meeple eval 'As Ks Qs Js Ts'",
        description="The value (1..7462, higher wins) and description of 5 to 7 cards, or of hole "
                    "cards on a board with --board.")
    e.add_argument("cards", help="5 to 7 cards, or the hole cards with --board")
    e.add_argument("--board", help="board cards (3 to 5); the hand then follows --game's rules")
    e.add_argument("--game", choices=sorted(poker.GAMES), default="holdem")
    e.set_defaults(run=run_eval)


def run_equity(args: argparse.Namespace) -> int:
    exact = True if args.exact else (False if args.trials is not None else None)
    trials = args.trials if args.trials is not None else 1_000_000
    r = poker.equity(args.hands, args.board or None, args.dead or None, exact=exact, trials=trials,
                     seed=args.seed, threads=args.threads, game=args.game, progress=args.progress)
    game = "Hold'em" if args.game == "holdem" else "PLO"
    how = f"exact, {r.count:,} boards" if r.exact else f"Monte Carlo, {r.count:,} trials, seed {args.seed}"
    print(f"{game} equity ({how})")
    if args.board:
        print(f"board: {poker.format_mask(args.board)}")
    if args.dead:
        print(f"dead:  {poker.format_mask(args.dead)}")
    width = max(len(poker.format_mask(h)) for h in args.hands)
    header = f"{'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
    print(header + ("" if r.exact else f"  {'± stderr':>9}"))
    for i, h in enumerate(args.hands):
        line = f"{poker.format_mask(h):<{width}}  {r.equity[i]:8.3%}  {r.win[i]:8.3%}  {r.tie[i]:8.3%}"
        print(line + ("" if r.exact else f"  {r.stderr[i]:9.3%}"))
    return 0


def run_eval(args: argparse.Namespace) -> int:
    value = poker.evaluate(args.cards, args.board, game=args.game)
    shown = poker.format_mask(args.cards) + (f" on {poker.format_mask(args.board)}" if args.board else "")
    print(f"{shown}: {poker.describe(value)} (value {value} of {poker.NUM_VALUES})")
    return 0
