"""The ``meeple`` command. Subcommands live in ``meeple.commands``, one module each."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .commands import arena, demo, games, poker
from .errors import MeepleError

# Each module adds its subcommand with register(subparsers); add a line to add one.
COMMANDS = [games, demo, poker, arena]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meeple", description="fast, deterministic game engines")
    parser.add_argument("--version", action="version", version=f"meeple {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except MeepleError as e:
        print(f"meeple: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
