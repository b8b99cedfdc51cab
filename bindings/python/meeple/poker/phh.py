"""Hand histories in the open PHH format for analysis: ``meeple.poker.phh``.

Files: a ``.phh`` file holds one hand (TOML keys at the top level); a ``.phhs`` file
several, each a TOML table (``[1]``, ``[2]``, ... or any names), in file order.
:func:`read` / :func:`iter_hands` give :class:`Hand` records that keep where they came
from (file, line, table name), so an error names the file and line of the bad entry;
:func:`write` writes states or hands back, one per table when there are several.

A :class:`Hand` turns into a state of game ``holdem`` with :meth:`Hand.state` (through
:func:`meeple.holdem.from_phh`, which checks every action by the rules: no second
parser), and a state into PHH with :func:`dumps` (:func:`meeple.holdem.to_phh`). Only
no-limit Hold'em (``NT``) and Pot-Limit Omaha (``PO``) are read; other variants are
refused naming the variant. For equity, :attr:`Hand.holes` gives each player's hole
cards as a mask (None when unknown) and :attr:`Hand.boards` the board at each street.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Union

from ..game import State
from ..per_game.holdem import from_phh, to_phh
from .cards import mask

__all__ = ["Hand", "PHHError", "loads", "dumps", "read", "iter_hands", "write"]

_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(?:#.*)?$")
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_VARIANTS = {"NT": "no-limit Texas Hold'em", "PO": "Pot-Limit Omaha"}


class PHHError(ValueError):
    """A malformed or unsupported hand history; the message starts with ``file:line:``."""


def _toml() -> Any:
    try:
        return importlib.import_module("tomllib")  # Python 3.11+
    except ImportError:
        try:
            return importlib.import_module("tomli")
        except ImportError:
            raise ImportError("reading PHH (TOML) needs Python 3.11 or later, or `pip install tomli`") from None


@dataclass(frozen=True)
class Hand:
    """One hand history: its TOML ``text``, the parsed ``data``, and where it came from
    (``source`` file or ``"<string>"``, ``line`` of its first line, ``name`` of its
    table in a ``.phhs`` file, else None)."""

    text: str
    data: dict[str, Any] = field(repr=False)
    source: str = "<string>"
    line: int = 1
    name: str | None = None

    @property
    def variant(self) -> str:
        """The PHH variant code (``"NT"``, ``"PO"``)."""
        return str(self.data["variant"])

    @property
    def players(self) -> list[str]:
        """The players' names when the history gives them, else ``p1``, ``p2``, ..."""
        n = len(self.data["starting_stacks"])
        names = self.data.get("players")
        return [str(p) for p in names] if isinstance(names, list) and len(names) == n else [f"p{i + 1}" for i in range(n)]

    @property
    def holes(self) -> list[int | None]:
        """Each player's hole cards as a card mask, from the deal or the showdown; None
        when the history leaves them unknown."""

        n = len(self.data["starting_stacks"])
        out: list[int | None] = [None] * n
        for action in self.data["actions"]:
            parts = str(action).split("#")[0].split()  # no comment
            if len(parts) >= 3 and ((parts[0] == "d" and parts[1] == "dh") or (parts[1] == "sm" and parts[2] != "-")):
                who, cards = (parts[2], parts[3]) if parts[0] == "d" else (parts[0], parts[2])
                if who.startswith("p") and who[1:].isdigit() and "?" not in cards and 0 < int(who[1:]) <= n:
                    out[int(who[1:]) - 1] = mask(cards)
        return out

    @property
    def boards(self) -> dict[str, int]:
        """The board as a card mask at each street reached: ``preflop`` (0), ``flop``,
        ``turn``, ``river``."""

        streets = ["preflop", "flop", "turn", "river"]
        out = {"preflop": 0}
        board = 0
        for action in self.data["actions"]:
            parts = str(action).split("#")[0].split()  # no comment
            if len(parts) >= 3 and parts[0] == "d" and parts[1] == "db":
                board |= mask(parts[2])
                out[streets[len(out)]] = board
        return out

    @property
    def chip_scale(self) -> int:
        """The smallest power of ten that makes every amount of the hand (stacks, blinds,
        antes, bets, finishing stacks) a whole number: 1 for a hand in whole chips, 100
        for one in dollars and cents (``starting_stacks = [1259450.25, 678473.5]``).
        :meth:`state` counts chips in units of 1/chip_scale."""
        from decimal import Decimal, InvalidOperation

        values: list[object] = []
        for key in ("starting_stacks", "blinds_or_straddles", "antes", "finishing_stacks"):
            v = self.data.get(key, [])
            values += v if isinstance(v, list) else [v]
        values.append(self.data.get("min_bet", 0))
        for action in self.data["actions"]:
            parts = str(action).split("#")[0].split()
            if len(parts) == 3 and parts[1] == "cbr":
                values.append(parts[2])
        digits = 0
        for v in values:
            try:
                d = Decimal(str(v))
            except InvalidOperation:
                continue  # state() reports it
            if d.is_finite():
                digits = max(digits, -int(d.normalize().as_tuple().exponent))
        return int(10 ** min(digits, 9))

    def state(self, seed: int = 0) -> State:
        """The hand replayed into a state of game holdem (``meeple.holdem.from_phh``), chips
        counted in units of 1/:attr:`chip_scale` (whole chips for most hands, cents for a
        hand in dollars and cents). Raises :class:`PHHError` naming the file and line of a
        bad action, or saying why the hand is not one holdem plays (a straddle, unequal
        antes, a stack short of the ante and the big blind)."""
        try:
            return from_phh(self.text, seed, chip_scale=self.chip_scale)
        except ValueError as exc:
            raise PHHError(f"{self.source}:{self._line_of(str(exc))}: {exc}") from None

    def _line_of(self, message: str) -> int:
        """The file line of the action a replay error names ('PHH action N ...')."""
        m = re.search(r"PHH action (\d+) '([^']*)'", message) or re.search(r"action (\d+) '([^']*)'", message)
        if m:
            needle = m.group(2)
            for k, text_line in enumerate(self.text.splitlines()):
                if needle and needle in text_line:
                    return self.line + k
        return self.line


def _check(hand: Hand) -> Hand:
    for key in ("variant", "starting_stacks", "actions"):
        if key not in hand.data:
            raise PHHError(f"{hand.source}:{hand.line}: the hand has no '{key}' field, which PHH requires")
    if hand.variant not in _VARIANTS:
        raise PHHError(f"{hand.source}:{hand.line}: PHH variant {hand.variant!r} is not supported; meeple reads "
                       + " and ".join(f"'{k}' ({v})" for k, v in _VARIANTS.items()))
    if not isinstance(hand.data["actions"], list):
        raise PHHError(f"{hand.source}:{hand.line}: 'actions' is not a list of strings")
    return hand


def loads(text: str, source: str = "<string>") -> list[Hand]:
    """The hands of PHH text: one (top-level keys) or several (one table each)."""
    toml = _toml()
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise PHHError(f"{source}:{m.group(1) if m else 1}: not PHH (TOML): {exc}") from None
    if "variant" in data or not data or not all(isinstance(v, dict) for v in data.values()):
        return [_check(Hand(text, data, source, 1, None))]
    lines = text.splitlines(keepends=True)
    starts = [(i, m.group(1).strip()) for i, ln in enumerate(lines) if (m := _HEADER.match(ln))]
    hands = []
    for k, (i, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        key = name.strip("\"'")
        if key not in data:
            continue
        body = "".join(lines[i + 1:end])
        hands.append(_check(Hand(body, data[key], source, i + 2, key)))
    return hands


def iter_hands(path: Union[str, os.PathLike[str]]) -> Iterator[Hand]:
    """The hands of a ``.phh`` or ``.phhs`` file, in file order."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    yield from loads(text, os.fspath(path))


def read(path: Union[str, os.PathLike[str]]) -> list[Hand]:
    """Every hand of a ``.phh`` or ``.phhs`` file."""
    return list(iter_hands(path))


def dumps(state: State) -> str:
    """A state of game holdem as PHH text (``meeple.holdem.to_phh``)."""
    return to_phh(state)


def write(path: Union[str, os.PathLike[str]], hands: Iterable[Union[State, Hand, str]]) -> int:
    """Writes hands (states, :class:`Hand` records or PHH texts) to ``path``: a single
    hand as a ``.phh`` file, several as tables ``[1]``, ``[2]``, ... of a ``.phhs`` file.
    Returns the number written."""
    texts = [h.text if isinstance(h, Hand) else h if isinstance(h, str) else dumps(h) for h in hands]
    with open(path, "w", encoding="utf-8") as f:
        if len(texts) == 1 and not os.fspath(path).endswith(".phhs"):
            f.write(texts[0])
        else:
            f.write("\n".join(f"[{i}]\n{t}" for i, t in enumerate(texts, 1)))
    return len(texts)
