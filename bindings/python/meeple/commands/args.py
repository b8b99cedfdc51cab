"""Argument types of the ``meeple`` subcommands: each checks its value (type and
range) and raises ``argparse.ArgumentTypeError`` with a message that says what is
right, which argparse turns into a one-line error and exit status 2."""

from __future__ import annotations

import argparse
import os
from typing import Callable, Sequence

from ..errors import MeepleError
from ..game import Game, games

__all__ = ["UsageError", "check_output", "int_range", "float_range", "seed", "game_spec", "cards_text", "games_help"]

MAX_SEED = 2**64 - 1


class UsageError(Exception):
    """A bad combination of arguments found while running: one line, exit status 2."""


def check_output(option: str, path: str | os.PathLike[str], inputs: Sequence[str | os.PathLike[str]] = ()) -> None:
    """Refuses, before any work, a file to write that cannot be written (no such folder,
    a folder, under a file) or that is one of ``inputs`` (writing it would replace them)."""
    path = os.fspath(path)
    for given in inputs:
        if os.path.realpath(path) == os.path.realpath(given) or (
                os.path.exists(path) and os.path.exists(given) and os.path.samefile(path, given)):
            raise UsageError(f"{option} {path} is the input {os.fspath(given)}; writing it would replace the "
                             "input: give another file")
    if os.path.isdir(path):
        raise UsageError(f"{option} {path} is a folder; give a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {path}: the folder {folder} does not exist (or is a file); make it first")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{option} {path}: the folder {folder} cannot be written")


def int_range(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """An integer in [lo, hi] (no upper bound when hi is None)."""
    domain = f"from {lo:,} to {hi:,}" if hi is not None else f"at least {lo:,}"

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not an integer; give a whole number {domain}") from None
        if value < lo or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"{value:,} is out of range; give a whole number {domain}")
        return value

    parse.__name__ = "integer"  # argparse names the type in some messages
    return parse


def float_range(name: str, lo: float, hi: float, *, above_lo: bool = False, below_hi: bool = False) -> Callable[[str], float]:
    """A number in the interval from lo to hi, each end included unless ``above_lo`` or
    ``below_hi`` leaves it out; ``name`` says in messages what the number is."""
    if above_lo:
        domain = f"above {lo:g} and {'below' if below_hi else 'at most'} {hi:g}"
    else:
        domain = f"from {lo:g} {'up to (not including)' if below_hi else 'to'} {hi:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number; give a {name} {domain}") from None
        inside = (value > lo if above_lo else value >= lo) and (value < hi if below_hi else value <= hi)
        if not inside:  # NaN is never inside
            raise argparse.ArgumentTypeError(f"{text} is out of range; give a {name} {domain}")
        return value

    parse.__name__ = name
    return parse


seed = int_range(0, MAX_SEED)
seed.__name__ = "seed"


def game_spec(text: str) -> Game:
    """A game spec such as 'tictactoe' or 'catan(players=3)', made into a Game."""
    try:
        return Game(text)
    except MeepleError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def cards_text(text: str) -> str:
    """Poker cards as text ('AsKs', 'As Ks', '10s', 'A♠'), checked by the library's parser."""
    from .. import poker

    try:
        poker.cards(text)
    except (MeepleError, ValueError) as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def games_help() -> str:
    """The registered games, for help texts."""
    return ", ".join(games())
