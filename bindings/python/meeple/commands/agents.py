"""``meeple agents``: the agents each game takes, and what ``best`` resolves to there."""

from __future__ import annotations

import argparse
from typing import Any

from ..agents.agent import Agent
from ..game import Game, games

# What every game takes; catan adds its alpha-beta sparring bot, and a game without a
# heuristic player has no `heuristic`.
_WITH_HEURISTIC = ("catan", "holdem", "tictactoe", "triangle")


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("agents", help="list the agents of every game and what `best` is for each")
    p.add_argument("--json", action="store_true", help="print them as JSON")
    p.add_argument("--best", default="best", metavar="SPEC",
                   help="the best spec to resolve, e.g. 'best(time_ms=200)' (default: best)")
    p.set_defaults(run=run, prog=p.prog)


def describe(name: str, best: str = "best") -> dict[str, Any]:
    """One game's agents and the spec its `best` makes (the agent's own canonical spec)."""
    game = Game(name)
    agents = ["random"] + (["heuristic"] if name in _WITH_HEURISTIC else []) + ["mcts", "ismcts"]
    if name == "catan":
        agents.append("alphabeta")
    return {"game": name, "agents": agents + ["best"], "best": Agent(best, game, seed=0).spec}


def run(args: argparse.Namespace) -> int:
    rows = [describe(name, args.best) for name in games()]
    if args.json:
        import json

        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        print(f"{row['game']}: {', '.join(row['agents'])}")
        print(f"    {args.best} = {row['best']}")
    return 0
