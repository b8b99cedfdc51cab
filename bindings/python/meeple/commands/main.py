"""The ``meeple`` command's entry point and parser; the subcommands are the modules beside it.

Every argument is checked by argparse (types and ranges, ``meeple.commands.args``):
a bad one ends the command with one line on stderr and status 2. A failure of the
library while working prints its message and exits with 1. A closed output pipe
(``meeple demo | head -1``) stops the command with one line on stderr that says so and
status 2 (a script under ``set -o pipefail`` learns why it failed); Ctrl-C ends with
status 130. No traceback reaches the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys

from .._ffi import VERSION
from . import agents, arena, convert, datagen, demo, games, phh, play, poker, ranges, selfplay, train, view, web
from .args import UsageError
from ..errors import InvalidArgumentError, MeepleError, OutOfRangeError, ParseError

# Each module adds its subcommand with register(subparsers); add a line to add one.
COMMANDS = [games, agents, demo, poker, ranges, phh, arena, convert, view, play, datagen, train, selfplay, web]


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``meeple demo: error: ...``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="meeple", description="fast, deterministic game engines")
    parser.add_argument("--version", action="version", version=f"meeple {VERSION}",
                        help="print the library's version and exit")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=Parser)
    for module in COMMANDS:
        module.register(sub)
    return parser


def _quiet_stdout() -> None:
    """After a broken pipe: send what is left to /dev/null, so that the interpreter's
    final flush does not report the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _say(line: str) -> None:
    """One line on stderr, unless stderr is the closed pipe too (``2>&1 | head``)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Runs the command line ``argv`` (default: ``sys.argv[1:]``) and returns its exit
    status: 0 done, 1 the library failed, 2 a bad argument (or the output pipe
    closed), 130 interrupted."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version and argument errors
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()  # inside the try: a pipe closed before the last write is caught too
        return status
    except (UsageError, InvalidArgumentError, OutOfRangeError, ParseError) as e:
        # The library checks what argparse cannot (cards shared between hands, counts):
        # a bad argument all the same.
        print(f"{getattr(args, 'prog', 'meeple')}: error: {e}", file=sys.stderr)
        return 2
    except MeepleError as e:
        print(f"meeple: error: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        _quiet_stdout()
        _say(f"{getattr(args, 'prog', 'meeple')}: stopped: the output pipe was closed by its reader "
             f"(as 'head' does) before the command finished writing; the rest was not written")
        return 2
    except KeyboardInterrupt:  # long calls stop within milliseconds of Ctrl-C
        print("meeple: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
