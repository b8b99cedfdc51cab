"""``meeple games``: every registered game with its options and defaults."""

from __future__ import annotations

import argparse

from ..game import Game, games


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("games", help="list every game with its options and defaults")
    p.add_argument("--json", action="store_true", help="print the full descriptions as JSON")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    if args.json:
        import json

        print(json.dumps([Game(name).describe() for name in games()], indent=2))
        return 0
    for name in games():
        game = Game(name)
        print(f"{name}: {game.num_players} players, {game.num_actions} actions, "
              f"observation of {game.obs_size} floats")
        options = game.options
        if not options:
            print("    (no options)")
        for opt in options.values():
            domain = ""
            if opt.choices:
                domain = " one of " + "|".join(opt.choices)
            elif opt.min is not None:
                domain = f" in [{opt.min:g}, {opt.max:g}]"
            print(f"    {opt.name}={opt.default}  ({opt.type}{domain}) {opt.meaning}")
    return 0
