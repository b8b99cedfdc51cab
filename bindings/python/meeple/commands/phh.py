"""``meeple phh``: checks the hands of PHH hand-history files (``.phh``, ``.phhs``, or a
folder of them) by replaying each by the rules, and shows each hand: its actions street
by street, the pots and side pots, who won what, the final stacks and, with ``--equity``,
each player's all-in equity at every street where the hole cards are known. A summary
closes the run: hands by variant, replayed, not replayed (and why), bad. Exit status 1
when any hand is malformed, illegal or inconsistent (each named with its file, line and
the rule broken), else 0.

    meeple phh hands.phhs
    meeple phh hand.phh --equity --json
    meeple phh corpus/ --summary
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from decimal import Decimal
from typing import Any, Iterator

from .. import poker
from ..game import ALL
from ..poker import phh as phh_module
from .args import UsageError, int_range, seed

_STREETS = ("preflop", "flop", "turn", "river")
_GAMES = {"NT": "holdem", "PO": "plo"}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "phh", help="check hand-history files by the rules and show each hand",
        description="Reads PHH files (one hand, .phh, or several, .phhs; a folder: every such file in it), "
                    "replays each hand of no-limit Hold'em ('NT') and pot-limit Omaha ('PO') by the rules and "
                    "prints its actions by street, pots, winnings and final stacks; hands of other variants are "
                    "read and named. Every malformed, illegal or inconsistent hand is reported with its file, "
                    "line and the rule broken, and makes the exit status 1.")
    p.add_argument("files", metavar="FILE", nargs="+", help="a .phh or .phhs file, or a folder of them")
    p.add_argument("--equity", action="store_true",
                   help="each player's all-in equity at every street, where the hole cards are known")
    p.add_argument("--trials", type=int_range(1, 10**9), default=200_000,
                   help="Monte Carlo trials when exact enumeration is too big (default: 200,000)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the Monte Carlo draws (default: 0)")
    p.add_argument("--summary", action="store_true", help="print only the bad hands and the summary")
    p.add_argument("--json", action="store_true", help="one JSON object a hand, then one with the summary")
    p.set_defaults(run=run, prog=p.prog)


def _paths(names: list[str]) -> Iterator[str]:
    for name in names:
        if os.path.isdir(name):
            found = sorted(os.path.join(name, f) for f in os.listdir(name) if f.endswith((".phh", ".phhs")))
            if not found:
                raise UsageError(f"{name} holds no .phh or .phhs file")
            yield from found
        elif os.path.exists(name):
            yield name
        else:
            raise UsageError(f"no such file: {name}")


def _units(value: int, scale: int) -> str:
    """Chips counted in 1/scale units, written in the hand's own units (12.5, 200)."""
    d = Decimal(value) / scale
    return f"{d:f}" if d != d.to_integral_value() else str(int(d))


def _equity(hand: phh_module.Hand, trials: int, seed_: int) -> list[dict[str, Any]]:
    """Each street reached: the board, who is in and, where all their cards are known,
    their all-in equities."""
    n = len(hand.starting_stacks)
    holes, boards = hand.holes, hand.boards
    folded: set[int] = set()
    in_at = {"preflop": list(range(n))}
    for a in hand.actions:
        if a.verb == "db" and len(in_at) < len(_STREETS):
            in_at[_STREETS[len(in_at)]] = [p for p in range(n) if p not in folded]
        elif a.verb == "f" and a.player is not None:
            folded.add(a.player)
    rows = []
    for street, in_hand in in_at.items():
        known = [p for p in in_hand if holes[p] is not None]
        row: dict[str, Any] = {"street": street, "board": poker.format_mask(boards[street]),
                               "in": [hand.players[p] for p in in_hand], "equity": None}
        if len(known) >= 2 and len(known) == len(in_hand):
            cards = [h for h in (holes[p] for p in known) if h is not None]
            result = poker.equity(cards, boards[street], exact=None, trials=trials,
                                  seed=seed_, game=_GAMES[hand.variant])
            row["equity"] = {hand.players[p]: float(e) for p, e in zip(known, result.equity)}
            row["exact"] = bool(result.exact)
        rows.append(row)
    return rows


def check(hand: phh_module.Hand) -> tuple[dict[str, Any], Any]:
    """One hand checked: its report (``status`` "ok", "bad" with the ``problem``, or
    "not replayed" with the ``reason``) and the replayed state (None unless ok)."""
    report: dict[str, Any] = {"source": f"{hand.source}:{hand.line}", "name": hand.name, "variant": hand.variant,
                              "players": hand.players}
    if hand.error:
        return {**report, "status": "bad", "problem": hand.error}, None
    try:
        state = hand.state()
    except phh_module.PHHUnsupportedError as exc:
        return {**report, "status": "not replayed", "reason": str(exc).split(": ", 1)[1]}, None
    except phh_module.PHHError as exc:
        return {**report, "status": "bad", "problem": str(exc)}, None
    scale = hand.chip_scale
    view = state.view(ALL)
    return {**report, "status": "ok", **_replayed(hand, view, scale)}, state


def _replayed(hand: phh_module.Hand, view: dict[str, Any], scale: int) -> dict[str, Any]:
    names = hand.players
    board = view["board"]
    streets = []
    for k, street in enumerate(_STREETS):
        acts = [f"{names[a['seat']]} " + (f"raises to {_units(a['amount'], scale)}" if a["action"] == "raise"
                                           else a["action"] + (f" {_units(a['amount'], scale)}"
                                                               if a["action"] == "call" and a["amount"] else ""))
                for a in view["actions"] if a["street"] == street]
        cards = [[], board[0:3], board[3:4], board[4:5]][k]
        if acts or (cards and k):
            streets.append({"street": street, "board": "".join(cards), "actions": acts})
    # the history's hole cards, not the ones the replay drew for those it leaves unknown
    holes = [None if h is None else poker.format_mask(h) for h in hand.holes]
    return {"holes": holes, "streets": streets,
            "pots": [{"amount": _units(p["amount"], scale), "players": [names[s] for s in p["seats"]]}
                     for p in view["pots"]],
            "won": {names[p]: _units(w, scale) for p, w in enumerate(view["won"]) if w},
            "starting_stacks": [_units(s["starting_stack"], scale) for s in view["seats"]],
            "final_stacks": [_units(s["stack"], scale) for s in view["seats"]], "over": bool(view["terminal"])}


def _text(report: dict[str, Any]) -> str:
    title = report["source"] + (f" [{report['name']}]" if report["name"] else "")
    lines = [f"{title}  {report['variant'] or '?'}  {report['status']}"]
    if report["status"] == "bad":
        return "\n".join(lines + ["  " + report["problem"]])
    if report["status"] == "not replayed":
        return "\n".join(lines + ["  " + report["reason"]])
    lines.append("  " + ", ".join(f"{p} {s} {h or '??'}" for p, s, h in zip(report["players"], report["starting_stacks"],
                                                                      report["holes"])))
    for row in report["streets"]:
        lines.append(f"  {row['street']:<8}{row['board'] or '-':<8}" + ", ".join(row["actions"]))
    pots = "; ".join(f"{p['amount']} ({', '.join(p['players'])})" for p in report["pots"])
    lines.append(f"  pots    {pots or '-'}")
    lines.append("  won     " + (", ".join(f"{p} {w}" for p, w in report["won"].items()) or "-"))
    lines.append("  final   " + ", ".join(f"{p} {s}" for p, s in zip(report["players"], report["final_stacks"])))
    for row in report.get("equity", []):
        head = f"  {row['street']:<8}{row['board'] or '-':<16}"
        if row["equity"] is None:
            lines.append(head + ("(one player left)" if len(row["in"]) < 2 else "(some hole cards unknown)"))
        else:
            shares = "  ".join(f"{p} {100 * e:5.1f}%" for p, e in row["equity"].items())
            lines.append(head + shares + ("" if row["exact"] else "  (Monte Carlo)"))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    summary: dict[str, Any] = {"hands": 0, "variants": Counter(), "replayed": 0, "not_replayed": Counter(),
                               "bad": 0}
    shown = 0
    for path in _paths(args.files):
        try:
            hands = phh_module.read(path)
        except IsADirectoryError:
            raise UsageError(f"{path} is a folder; give a .phh or .phhs file") from None
        except UnicodeDecodeError:
            raise UsageError(f"{path} is not a text file; PHH files are UTF-8 TOML") from None
        if not hands:
            raise UsageError(f"{path} holds no hands")
        for hand in hands:
            report, _ = check(hand)
            summary["hands"] += 1
            summary["variants"][hand.variant or "?"] += 1
            if report["status"] == "ok":
                summary["replayed"] += 1
                if args.equity:
                    report["equity"] = _equity(hand, args.trials, args.seed)
            elif report["status"] == "bad":
                summary["bad"] += 1
            else:
                summary["not_replayed"][report["reason"]] += 1
            if args.summary and report["status"] != "bad":
                continue
            print(json.dumps(report) if args.json else ("\n" if shown and not args.summary else "") + _text(report))
            shown += 1
            sys.stdout.flush()
    summary["variants"] = dict(summary["variants"])
    summary["not_replayed"] = dict(summary["not_replayed"])
    if args.json:
        print(json.dumps({"summary": summary}))
    else:
        print(f"\n{summary['hands']} hands ("
              + ", ".join(f"{v} {c}" for v, c in sorted(summary["variants"].items(), key=lambda x: -x[1]))
              + f"): {summary['replayed']} replayed and checked, {summary['bad']} bad, "
              + f"{sum(summary['not_replayed'].values())} not replayed")
        for why, c in sorted(summary["not_replayed"].items(), key=lambda x: -x[1]):
            print(f"  {c} not replayed: {why}")
    return 1 if summary["bad"] else 0
