"""``meeple phh``: the hands of a PHH hand-history file (``.phh`` or ``.phhs``) with
each hand's players, board and the all-in equities of the players still in at each
street, from the hole cards the history shows.

    meeple phh hands.phhs
    meeple phh hand.phh --json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .. import poker
from ..poker import phh as phh_module
from .args import UsageError, int_range, seed

_STREETS = ("preflop", "flop", "turn", "river")
_GAMES = {"NT": "holdem", "PO": "plo"}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "phh", help="a hand-history file's hands with the all-in equities at each street",
        description="Reads a PHH file (one hand, .phh, or several, .phhs; no-limit Hold'em 'NT' "
                    "and pot-limit Omaha 'PO') and prints each hand's players, hole cards, board "
                    "and, at each street it reached, the all-in equity of every player still in "
                    "whose cards the history shows (exact when small enough, else seeded Monte Carlo).")
    p.add_argument("file", metavar="FILE", help="a .phh or .phhs file")
    p.add_argument("--trials", type=int_range(1, 10**9), default=200_000,
                   help="Monte Carlo trials when exact enumeration is too big (default: 200,000)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the Monte Carlo draws (default: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object a hand")
    p.set_defaults(run=run, prog=p.prog)


def _in_at_each_street(hand: phh_module.Hand) -> dict[str, list[int]]:
    """The seats not yet folded when each street the hand reached began."""
    n = len(hand.data["starting_stacks"])
    folded: set[int] = set()
    out = {"preflop": list(range(n))}
    for action in hand.data["actions"]:
        parts = str(action).split()
        if len(parts) >= 2 and parts[0] == "d" and parts[1] == "db" and len(out) < len(_STREETS):
            out[_STREETS[len(out)]] = [p for p in range(n) if p not in folded]
        elif len(parts) >= 2 and parts[1] == "f" and parts[0].startswith("p") and parts[0][1:].isdigit():
            folded.add(int(parts[0][1:]) - 1)
    return out


def hand_report(hand: phh_module.Hand, trials: int, seed_: int) -> dict[str, Any]:
    """Players, hole cards, board and per-street equities of one hand, as plain data."""
    holes = hand.holes
    boards = hand.boards
    game = _GAMES[hand.variant]
    streets = []
    for street, in_hand in _in_at_each_street(hand).items():
        known = [p for p in in_hand if holes[p] is not None]
        cards = [h for h in (holes[p] for p in known) if h is not None]
        row: dict[str, Any] = {"street": street, "board": poker.format_mask(boards[street]),
                               "in": [hand.players[p] for p in in_hand], "equity": None}
        if len(known) >= 2 and len(known) == len(in_hand):
            result = poker.equity(cards, boards[street], exact=None, trials=trials,
                                  seed=seed_, game=game)
            row["equity"] = {hand.players[p]: float(e) for p, e in zip(known, result.equity)}
            row["exact"] = bool(result.exact)
        streets.append(row)
    return {"source": f"{hand.source}:{hand.line}", "name": hand.name, "variant": hand.variant,
            "players": hand.players,
            "holes": [None if h is None else poker.format_mask(h) for h in holes], "streets": streets}


def _text(report: dict[str, Any]) -> str:
    title = report["source"] + (f" [{report['name']}]" if report["name"] else "")
    lines = [f"{title}  {report['variant']}"]
    lines.append("  " + ", ".join(f"{p} {h or '??'}" for p, h in zip(report["players"], report["holes"])))
    for row in report["streets"]:
        head = f"  {row['street']:<8}{row['board'] or '-':<16}"
        if row["equity"] is None:
            unknown = len(row["in"]) < 2 and "one player left" or "some hole cards unknown"
            lines.append(head + f"({unknown})")
        else:
            shares = "  ".join(f"{p} {100 * e:5.1f}%" for p, e in row["equity"].items())
            lines.append(head + shares + ("" if row["exact"] else "  (Monte Carlo)"))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        hands = phh_module.read(args.file)
    except FileNotFoundError:
        raise UsageError(f"no such file: {args.file}") from None
    except IsADirectoryError:
        raise UsageError(f"{args.file} is a folder; give a .phh or .phhs file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not a text file; PHH files are UTF-8 TOML") from None
    except phh_module.PHHError as exc:
        raise UsageError(str(exc)) from None
    if not hands:
        raise UsageError(f"{args.file} holds no hands")
    for k, hand in enumerate(hands):
        report = hand_report(hand, args.trials, args.seed)
        if args.json:
            print(json.dumps(report))
        else:
            print(("\n" if k else "") + _text(report))
        sys.stdout.flush()
    return 0
