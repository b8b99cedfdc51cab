"""``meeple equity`` and ``meeple eval``: poker equity of known hands and hand values."""

from __future__ import annotations

import argparse
import json
import sys

from .. import poker
from .args import UsageError, cards_text, int_range, seed

_GAME_HELP = "holdem (two hole cards) or plo (four hole cards, exactly two of them played) (default: holdem)"


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "equity", help="equity of poker hands: meeple equity AsKs QdQc [--board ...]",
        description="Equity of known Hold'em or PLO hands, exact or by seeded Monte Carlo. Cards are a "
                    "rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s or ♣ ♦ ♥ ♠): 'As', '10d', 'A♠'.")
    p.add_argument("hands", nargs="+", metavar="HAND_OR_RANGE",
                   help="one argument a player: a hand, its cards written together ('AsKs') or quoted "
                        "('As Ks'), or a range ('JJ+,AKs', 'AA**ds' with --game plo; see 'meeple range --help')")
    p.add_argument("--board", type=cards_text, default="", help="board cards so far, 0 to 5, as 'Qs Js 2h'")
    p.add_argument("--dead", type=cards_text, default="", help="cards out of the deck, as '2c 3d'")
    p.add_argument("--game", choices=sorted(poker.GAMES), default="holdem", help=_GAME_HELP)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every board (default when it is quick)")
    mode.add_argument("--trials", type=int_range(1, 10**10), metavar="N",
                      help="Monte Carlo with N random boards, 1 to 10**10")
    p.add_argument("--seed", type=seed, default=0, help="Monte Carlo seed, 0 to 2**64-1 (default: 0)")
    p.add_argument("--threads", type=int_range(0, 256), default=0,
                   help="threads, 0 to 256; 0: every core (results do not depend on it)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--combos", type=int_range(0, 10**6), default=0, metavar="N",
                   help="with ranges: also print each player's N best combos with their equity")
    p.add_argument("--progress", action="store_true",
                   help="show a progress bar even when stderr is not a terminal (it shows on a terminal "
                        "anyway); Ctrl-C stops at any time")
    p.set_defaults(run=run_equity, prog=p.prog)

    e = subparsers.add_parser(
        "eval", help="value and words of a poker hand: meeple eval 'As Ks Qs Js Ts'",
        description="The value (1..7462, higher wins), description and best five cards of 5 to 7 cards, "
                    "or of hole cards on a board with --board.")
    e.add_argument("cards", type=cards_text, help="5 to 7 cards, or the hole cards with --board")
    e.add_argument("--board", type=cards_text, help="board cards (3 to 5); the hand then follows --game's rules")
    e.add_argument("--game", choices=sorted(poker.GAMES), default="holdem", help=_GAME_HELP)
    e.add_argument("--json", action="store_true", help="print the result as JSON")
    e.set_defaults(run=run_eval, prog=e.prog)


def _as_given(text: str) -> str:
    """Cards in the order they were written, in the canonical form ('10s' -> 'Ts')."""
    return " ".join(str(c) for c in poker.cards(text))


def _check_hand_sizes(hands: list[str], game: str) -> None:
    """A hand of the wrong size, with a hint when the cards were given one an argument."""
    need = 2 if game == "holdem" else 4
    name = "Hold'em" if game == "holdem" else "PLO"
    sizes = [len(poker.cards(h)) for h in hands]
    for i, n in enumerate(sizes):
        if n == need:
            continue
        message = (f"hand {i} ({_as_given(hands[i]) or 'empty'}) has {n} card{'s' if n != 1 else ''}; "
                   f"a {name} hand has {need} hole cards")
        total = sum(sizes)
        if n < need and total % need == 0 and total // need >= 2:
            cards = [str(c) for h in hands for c in poker.cards(h)]
            joined = " ".join("".join(cards[k:k + need]) for k in range(0, len(cards), need))
            message += f": write each hand's cards together, one argument a hand, as in 'meeple equity {joined}'"
        raise UsageError(message)


def _is_hand(text: str) -> bool:
    try:
        poker.cards(text)
        return True
    except ValueError:
        return False


def run_equity(args: argparse.Namespace) -> int:
    if not all(_is_hand(h) for h in args.hands):
        from .ranges import run_range_equity

        return run_range_equity(args)
    _check_hand_sizes(args.hands, args.game)
    exact = True if args.exact else (False if args.trials is not None else None)
    trials = args.trials if args.trials is not None else 1_000_000
    r = poker.equity(args.hands, args.board or None, args.dead or None, exact=exact, trials=trials,
                     seed=args.seed, threads=args.threads, game=args.game,
                     progress=args.progress or sys.stderr.isatty())
    hands = [_as_given(h) for h in args.hands]
    if args.json:
        print(json.dumps({
            "game": args.game, "exact": r.exact, "count": r.count, "seed": None if r.exact else args.seed,
            "board": _as_given(args.board).split(), "dead": _as_given(args.dead).split(),
            "hands": [{"cards": h.split(), "equity": float(r.equity[i]), "win": float(r.win[i]),
                       "tie": float(r.tie[i]), "stderr": float(r.stderr[i])} for i, h in enumerate(hands)],
        }, indent=2))
        return 0
    game = "Hold'em" if args.game == "holdem" else "PLO"
    how = f"exact, {r.count:,} boards" if r.exact else f"Monte Carlo, {r.count:,} trials, seed {args.seed}"
    print(f"{game} equity ({how})")
    if args.board:
        print(f"board: {_as_given(args.board)}")
    if args.dead:
        print(f"dead:  {_as_given(args.dead)}")
    width = max(4, max(len(h) for h in hands))
    header = f"{'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
    print(header + ("" if r.exact else f"  {'± stderr':>9}"))
    for i, h in enumerate(hands):
        line = f"{h:<{width}}  {r.equity[i]:8.3%}  {r.win[i]:8.3%}  {r.tie[i]:8.3%}"
        print(line + ("" if r.exact else f"  {r.stderr[i]:9.3%}"))
    return 0


def run_eval(args: argparse.Namespace) -> int:
    if args.game == "plo" and args.board is None:
        n = len(poker.cards(args.cards))
        raise UsageError(f"a PLO hand is its 4 hole cards on a board of 3 to 5 (exactly two hole cards and three "
                         f"board cards are played), not {n} cards alone: meeple eval 'As Ks Qs Js' --board "
                         f"'Ts 9s 2c' --game plo")
    value = poker.evaluate(args.cards, args.board, game=args.game)
    best = " ".join(str(c) for c in poker.best_five(args.cards, args.board, game=args.game))
    if args.json:
        print(json.dumps({
            "cards": _as_given(args.cards).split(), "board": _as_given(args.board).split() if args.board else None,
            "game": args.game, "value": value, "category": poker.category(value),
            "description": poker.describe(value), "best_five": best.split(),
        }, indent=2))
        return 0
    shown = _as_given(args.cards) + (f" on {_as_given(args.board)}" if args.board else "")
    print(f"{shown}: {poker.describe(value)} (value {value} of {poker.NUM_VALUES})")
    print(f"best five: {best}")
    return 0
