"""Hand histories in the open PHH format for analysis: ``meeple.poker.phh``.

Files: a ``.phh`` file holds one hand (TOML keys at the top level); a ``.phhs`` file
several, each a TOML table (``[1]``, ``[2]``, ... or any names), in file order.
:func:`read` / :func:`iter_hands` give :class:`Hand` records that keep where they came
from (file, line, table name).

Reading never refuses a file for one hand: every hand of every PHH variant (Hold'em,
Omaha, stud, razz, draw games) is read into a :class:`Hand` with typed fields (variant,
players, stacks, blinds, antes, :class:`Action` records with their file lines, board, hole
cards, finishing stacks and winnings when given). A hand whose fields are malformed (a
player ``p9`` at a 6-seat table, a card dealt twice, an amount that is no number) keeps
its :attr:`Hand.error`, a line naming the file, the line and the rule; a table whose
TOML does not parse is such a hand too, and the file's other hands read as usual.

:meth:`Hand.state` replays a hand of no-limit Hold'em (``NT``), fixed-limit Hold'em
(``FT``) or Pot-Limit Omaha (``PO``), with its antes (big-blind, button, by player) and
straddles, into a state of game ``holdem`` (through :func:`meeple.holdem.from_phh_data`, which
checks every action by the rules); a hand of another variant, or one holdem does not
model, raises :class:`PHHUnsupportedError` saying which variant and why
(:attr:`Hand.unsupported` says it without replaying). :func:`write` writes states or
hands back, one per table when there are several.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Iterable, Iterator, Union

from ..game import ALL, State
from ..per_game.holdem import PHHUnsupported, amount, from_phh_data, to_phh
from .cards import mask

__all__ = ["Action", "Hand", "PHHError", "PHHUnsupportedError", "VARIANTS", "loads", "dumps", "read", "iter_hands",
           "write"]

_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(?:#.*)?$")
_CARDS = re.compile(r"^(?:[2-9TJQKA][cdhs]|\?\?)+$", re.ASCII)
_PLAYER = re.compile(r"^p([1-9][0-9]{0,2})$", re.ASCII)

VARIANTS = {
    "NT": "no-limit Texas Hold'em", "FT": "fixed-limit Texas Hold'em", "NS": "no-limit short-deck Hold'em",
    "PO": "pot-limit Omaha", "FO/8": "fixed-limit Omaha hi-lo", "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud hi-lo", "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven single draw", "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
}
"""The PHH variant codes and what each is."""
_PLAYED = {"NT", "FT", "PO"}  # the variants game holdem replays
_BOARD = {"NT": 2, "FT": 2, "NS": 2, "PO": 4, "FO/8": 4}  # board games: hole cards a player
_DRAW = {"N2L1D", "F2L3D", "FB"}  # discards may be dealt again: no check for a repeated card
_VERBS = {"f": "fold", "cc": "check or call", "cbr": "bet or raise", "sm": "show or muck", "pb": "bring-in",
          "sd": "stand pat or discard"}


class PHHError(ValueError):
    """A malformed or unsupported hand history; the message starts with ``file:line:``."""


class PHHUnsupportedError(PHHError):
    """A hand history that reads well but that game holdem does not replay: another
    variant, a stack short of its forced bets, ... The message says which and why."""


def _toml() -> Any:
    try:
        return importlib.import_module("tomllib")  # Python 3.11+
    except ImportError:
        try:
            return importlib.import_module("tomli")
        except ImportError:
            raise ImportError("reading PHH (TOML) needs Python 3.11 or later, or `pip install tomli`") from None


@dataclass(frozen=True)
class Action:
    """One PHH action: ``text`` as written, the file ``line`` it is on, ``player`` (0 for
    ``p1``; None for the dealer ``d``), ``verb`` (``dh`` deal hole, ``db`` deal board,
    ``f``, ``cc``, ``cbr``, ``sm``, ``pb``, ``sd``), ``cards`` (``"??"`` for one unknown)
    and ``amount`` (a ``cbr``'s total wager on the street)."""

    text: str
    line: int
    player: int | None
    verb: str
    cards: tuple[str, ...] = ()
    amount: Decimal | None = None


class _Bad(ValueError):
    """A malformed field of one hand: the line it is on and the rule."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Hand:
    """One hand history: its TOML ``text``, the parsed ``data``, where it came from
    (``source`` file or ``"<string>"``, ``line`` of its first line, ``name`` of its table
    in a ``.phhs`` file, else None), and its typed fields, filled by the reading.

    ``error`` is None for a well-formed hand, else ``"file:line: what is wrong"``; the
    typed fields of such a hand are what could be read (empty when nothing could)."""

    text: str
    data: dict[str, Any] = field(repr=False)
    source: str = "<string>"
    line: int = 1
    name: str | None = None
    variant: str = field(default="", init=False)
    starting_stacks: tuple[Decimal, ...] = field(default=(), init=False, repr=False)
    blinds_or_straddles: tuple[Decimal, ...] = field(default=(), init=False, repr=False)
    antes: tuple[Decimal, ...] = field(default=(), init=False, repr=False)
    min_bet: Decimal | None = field(default=None, init=False, repr=False)
    small_bet: Decimal | None = field(default=None, init=False, repr=False)
    big_bet: Decimal | None = field(default=None, init=False, repr=False)
    actions: tuple[Action, ...] = field(default=(), init=False, repr=False)
    finishing_stacks: tuple[Decimal, ...] | None = field(default=None, init=False, repr=False)
    winnings: tuple[Decimal, ...] | None = field(default=None, init=False, repr=False)
    error: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        try:
            _fill(self)
        except _Bad as bad:
            object.__setattr__(self, "error", f"{self.source}:{bad.line}: {bad}")

    @property
    def variant_name(self) -> str:
        """What the variant code means (``"no-limit Texas Hold'em"``)."""
        return VARIANTS.get(self.variant, f"unknown variant {self.variant!r}")

    @property
    def players(self) -> list[str]:
        """The players' names when the history gives them, else ``p1``, ``p2``, ..."""
        n = len(self.starting_stacks)
        names = self.data.get("players")
        return [str(p) for p in names] if isinstance(names, list) and len(names) == n else [f"p{i + 1}" for i in range(n)]

    @property
    def hole_cards(self) -> list[tuple[str, ...]]:
        """Each player's cards dealt to them (``d dh``), in deal order, ``"??"`` for one unknown."""
        out: list[list[str]] = [[] for _ in self.starting_stacks]
        for a in self.actions:
            if a.verb == "dh" and a.player is not None:
                out[a.player] += a.cards
        return [tuple(c) for c in out]

    @property
    def board(self) -> tuple[str, ...]:
        """The board cards dealt (``d db``), in order."""
        return tuple(c for a in self.actions if a.verb == "db" for c in a.cards)

    @property
    def holes(self) -> list[int | None]:
        """Each player's hole cards as a card mask, from the deal or the showdown; None
        when the history leaves them unknown (and for a hand of a variant without a board)."""
        out: list[int | None] = [None] * len(self.starting_stacks)
        for a in self.actions:
            if a.player is not None and a.verb in ("dh", "sm") and a.cards and "??" not in a.cards:
                out[a.player] = mask("".join(a.cards))
        return out

    @property
    def boards(self) -> dict[str, int]:
        """The board as a card mask at each street reached: ``preflop`` (0), ``flop``,
        ``turn``, ``river``."""
        streets = ["preflop", "flop", "turn", "river"]
        out = {"preflop": 0}
        board = 0
        for a in self.actions:
            if a.verb == "db" and len(out) < len(streets):
                board |= mask("".join(a.cards))
                out[streets[len(out)]] = board
        return out

    @property
    def chip_scale(self) -> int:
        """The smallest power of ten that makes every amount of the hand (stacks, blinds,
        antes, bets, finishing stacks) a whole number: 1 for a hand in whole chips, 100
        for one in dollars and cents (``starting_stacks = [1259450.25, 678473.5]``).
        :meth:`state` counts chips in units of 1/chip_scale."""
        values = [*self.starting_stacks, *self.blinds_or_straddles, *self.antes, *(self.finishing_stacks or ())]
        values += [a.amount for a in self.actions if a.amount is not None]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet) if v is not None]
        digits = max((-int(v.normalize().as_tuple().exponent) for v in values if v), default=0)
        return int(10 ** min(max(digits, 0), 9))  # amount() allows 9 decimal places at most

    @property
    def unsupported(self) -> str | None:
        """Why game holdem cannot replay this hand as a variant (``"PHH variant 'FR'
        (fixed-limit razz) ..."``), or None for a variant it plays. A hand of a played
        variant may still be refused by :meth:`state` (a stack short of its forced bets,
        a muck that wins)."""
        if self.error or self.variant in _PLAYED:
            return None
        return (f"PHH variant {self.variant!r} ({self.variant_name}) is not supported; meeple reads "
                + ", ".join(f"'{k}' ({VARIANTS[k]})" for k in ("NT", "FT")) + " and 'PO' (pot-limit Omaha)")

    def state(self, seed: int = 0) -> State:
        """The hand replayed into a state of game holdem (``meeple.holdem.from_phh``), chips
        counted in units of 1/:attr:`chip_scale` (whole chips for most hands, cents for a
        hand in dollars and cents). Raises :class:`PHHError` naming the file and line of a
        malformed field, an illegal action or finishing stacks the rules do not pay, and :class:`PHHUnsupportedError` saying why
        the hand is not one holdem plays (another variant, a stack short of its forced bets)."""
        if self.error:
            raise PHHError(self.error)
        if self.unsupported:
            raise PHHUnsupportedError(f"{self.source}:{self.line}: {self.unsupported}")
        scale = self.chip_scale
        try:
            state = from_phh_data(self.data, seed, chip_scale=scale)
        except PHHUnsupported as exc:
            raise PHHUnsupportedError(f"{self.source}:{self._line_of(str(exc))}: {exc}") from None
        except ValueError as exc:
            raise PHHError(f"{self.source}:{self._line_of(str(exc))}: {exc}") from None
        if self.finishing_stacks is not None and state.is_terminal:
            final = [s["stack"] for s in state.view(ALL)["seats"]]
            if final != [int(v * scale) for v in self.finishing_stacks]:
                paid = ", ".join(str(Decimal(v) / scale) for v in final)
                raise PHHError(f"{self.source}:{_key_line(self, 'finishing_stacks')}: finishing_stacks are "
                               f"[{', '.join(str(v) for v in self.finishing_stacks)}], but the rules pay [{paid}]")
        return state

    def _line_of(self, message: str) -> int:
        """The file line of the action a replay error names ('PHH action N ...')."""
        m = re.search(r"PHH action (\d+) ", message)
        if m and 0 < int(m.group(1)) <= len(self.actions):
            return self.actions[int(m.group(1)) - 1].line
        return self.line


def _key_line(hand: Hand, key: str) -> int:
    """The file line where ``key = ...`` is written in the hand's text."""
    for k, text_line in enumerate(hand.text.splitlines()):
        if re.match(rf"\s*{re.escape(key)}\s*=", text_line):
            return hand.line + k
    return hand.line


def _amounts(hand: Hand, key: str, n: int | None, default: object = None) -> tuple[Decimal, ...]:
    value = hand.data.get(key, default)
    line = _key_line(hand, key)
    if value is None:
        raise _Bad(line, f"the hand has no '{key}' field, which PHH requires")
    if n is not None and not isinstance(value, list) and key == "antes":
        value = [value] * n  # one ante for every player, as older files write it
    if not isinstance(value, list):
        raise _Bad(line, f"'{key}' is {value!r}; PHH writes a list of amounts, one a player, as [200, 200]")
    if n is not None and len(value) != n:
        raise _Bad(line, f"'{key}' lists {len(value)} amounts for {n} players (starting_stacks lists {n}); "
                         "PHH gives every player one")
    try:
        return tuple(amount(v, f"{key} entry") for v in value)
    except ValueError as exc:
        raise _Bad(line, str(exc)) from None


def _fill(hand: Hand) -> None:
    """Reads the typed fields of ``hand`` from its data, checking each (raises _Bad)."""
    data = hand.data
    put = object.__setattr__
    if "variant" not in data:
        raise _Bad(hand.line, "the hand has no 'variant' field, which PHH requires")
    variant = data["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise _Bad(_key_line(hand, "variant"), f"PHH variant {variant!r} is unknown; PHH variants are "
                   + ", ".join(f"'{k}'" for k in VARIANTS))
    put(hand, "variant", variant)
    stacks = _amounts(hand, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 23:
        raise _Bad(_key_line(hand, "starting_stacks"), f"starting_stacks lists {n} players; a hand has 2 or more")
    put(hand, "starting_stacks", stacks)
    if variant in _BOARD or variant == "N2L1D":
        put(hand, "blinds_or_straddles", _amounts(hand, "blinds_or_straddles", n))
    put(hand, "antes", _amounts(hand, "antes", n, [0] * n))
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in data:
            put(hand, key, _one(hand, key))
    for key in ("finishing_stacks", "winnings"):
        if key in data:
            put(hand, key, _amounts(hand, key, n))
    names = data.get("players")
    if names is not None and (not isinstance(names, list) or len(names) != n):
        raise _Bad(_key_line(hand, "players"), f"'players' must list {n} names, one for each starting stack")
    seat_count = data.get("seat_count")
    if seat_count is not None and (not isinstance(seat_count, int) or isinstance(seat_count, bool)
                                   or not n <= seat_count <= 23):
        raise _Bad(_key_line(hand, "seat_count"), f"seat_count {seat_count!r}: a table of {n} players has at least "
                   f"{n} seats")
    put(hand, "actions", _actions(hand, n))


def _one(hand: Hand, key: str) -> Decimal:
    try:
        return amount(hand.data[key], key)
    except ValueError as exc:
        raise _Bad(_key_line(hand, key), str(exc)) from None


def _actions(hand: Hand, n: int) -> tuple[Action, ...]:
    raw = hand.data.get("actions")
    start = _key_line(hand, "actions")
    if raw is None:
        raise _Bad(hand.line, "the hand has no 'actions' field, which PHH requires")
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise _Bad(start, "'actions' must be a list of strings, as ['d dh p1 AsKs', 'p1 cbr 300']")
    lines = hand.text.splitlines()
    at = max(0, start - hand.line)
    out: list[Action] = []
    seen: dict[str, int] = {}
    board_cards = 0
    for number, text in enumerate(raw, 1):
        for k in range(at, len(lines)):  # the action's line: the next one holding its text
            if text in lines[k]:
                at = k
                break
        line = hand.line + at
        action = _action(text, line, number, n)
        if action is None:
            continue  # a comment alone
        if action.verb == "db":
            board_cards += len(action.cards)
            if hand.variant not in _BOARD:
                raise _Bad(line, f"action {number} {text!r} deals a board card; {hand.variant_name} has no board")
            if board_cards > 5:
                raise _Bad(line, f"action {number} {text!r} deals board card {board_cards}; a board has 5 at most "
                                 "(flop, turn, river)")
        if action.verb == "dh" and hand.variant in _BOARD and len(action.cards) != _BOARD[hand.variant]:
            raise _Bad(line, f"action {number} {text!r} deals {len(action.cards)} hole cards; a player of "
                             f"{hand.variant_name} gets {_BOARD[hand.variant]}")
        if action.verb in ("dh", "db") and hand.variant not in _DRAW:
            for card in action.cards:
                if card != "??" and card in seen:
                    raise _Bad(line, f"action {number} {text!r} deals {card} again (dealt at line {seen[card]}); "
                                     "a deck has one of each card")
                seen[card] = line
        out.append(action)
    return tuple(out)


def _action(text: str, line: int, number: int, n: int) -> Action | None:
    """One action string read by the PHH grammar, or None for a comment alone."""
    words = text.split("#", 1)[0].split()
    where = f"action {number} {text!r}"
    if not words:
        return None
    if words[0] == "d":
        if len(words) >= 2 and words[1] == "dh":
            if len(words) != 4:
                raise _Bad(line, f"{where}: a hole-card deal is 'd dh PLAYER CARDS', as 'd dh p1 AsKs'")
            player = _player(words[2], line, where, n)
            return Action(text, line, player, "dh", _cards(words[3], line, where))
        if len(words) >= 2 and words[1] == "db":
            if len(words) != 3:
                raise _Bad(line, f"{where}: a board deal is 'd db CARDS', as 'd db Th9c2d'")
            cards = _cards(words[2], line, where)
            if "??" in cards:
                raise _Bad(line, f"{where}: board cards are dealt face up; '??' is for hidden hole cards")
            return Action(text, line, None, "db", cards)
        raise _Bad(line, f"{where}: the dealer 'd' deals hole cards ('d dh p1 AsKs') or the board ('d db Th9c2d')")
    player = _player(words[0], line, where, n)
    verb = words[1] if len(words) > 1 else ""
    if verb not in _VERBS:
        raise _Bad(line, f"{where}: {verb or 'nothing'!r} is not a player's action; PHH's are "
                   + ", ".join(f"'{k}' ({v})" for k, v in _VERBS.items()))
    rest = words[2:]
    if verb in ("f", "cc", "pb") and rest:
        raise _Bad(line, f"{where}: '{verb}' takes nothing after it")
    if verb == "cbr":
        if len(rest) != 1:
            raise _Bad(line, f"{where}: a bet or raise names the amount the wager reaches, as 'p1 cbr 300'")
        try:
            return Action(text, line, player, verb, amount=amount(rest[0], "the amount"))
        except ValueError as exc:
            raise _Bad(line, f"{where}: {exc}") from None
    if len(rest) > 1:
        raise _Bad(line, f"{where}: '{verb}' takes one run of cards at most, as 'p1 {verb} AsKs'")
    if verb == "sm" and rest == ["-"]:
        return Action(text, line, player, verb)  # a muck
    return Action(text, line, player, verb, _cards(rest[0], line, where) if rest else ())


def _player(word: str, line: int, where: str, n: int) -> int:
    m = _PLAYER.match(word)
    if not m:
        raise _Bad(line, f"{where}: {word!r} is no player; PHH names them p1, p2, ... (or 'd', the dealer)")
    p = int(m.group(1))
    if not 1 <= p <= n:
        raise _Bad(line, f"{where}: p{p} is not at this table; starting_stacks lists {n} players, p1 to p{n}")
    return p - 1


def _cards(word: str, line: int, where: str) -> tuple[str, ...]:
    if not _CARDS.match(word):
        raise _Bad(line, f"{where}: {word!r} is not a run of cards; write a rank of 23456789TJQKA and a suit of "
                         "cdhs for each, run together, as 'AsKd' ('??' for one unknown)")
    cards = tuple(word[i:i + 2] for i in range(0, len(word), 2))
    known = [c for c in cards if c != "??"]
    twice = next((c for i, c in enumerate(known) if c in known[:i]), None)
    if twice is not None:
        raise _Bad(line, f"{where}: card {twice} appears twice in {word!r}; each card is dealt once")
    return cards


def _parse(toml: Any, text: str) -> tuple[dict[str, Any] | None, str | None, int]:
    """TOML text parsed, or None with the error and its line (1-based)."""
    try:
        return toml.loads(text), None, 0
    except toml.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        return None, f"not PHH (TOML): {exc}", int(m.group(1)) if m else 1
    except (ValueError, RecursionError) as exc:  # an integer of thousands of digits, deep nesting
        return None, f"not PHH (TOML): {str(exc)[:200]}", 1


def _broken(text: str, source: str, line: int, name: str | None, message: str, at: int) -> Hand:
    hand = Hand(text, {}, source, line, name)  # no fields: only the error
    object.__setattr__(hand, "error", f"{source}:{line + at - 1}: {message}")
    return hand


def loads(text: str, source: str = "<string>") -> list[Hand]:
    """The hands of PHH text: one (top-level keys) or several (one table each). A hand
    that is malformed is read with its :attr:`Hand.error`; the others read as usual."""
    toml = _toml()
    data, problem, at = _parse(toml, text)
    lines = text.splitlines(keepends=True)
    starts = [(i, m.group(1).strip()) for i, ln in enumerate(lines) if (m := _HEADER.match(ln))]
    if data is not None and ("variant" in data or not data or not all(isinstance(v, dict) for v in data.values())):
        return [Hand(text, data, source, 1, None)]
    if data is None and not starts:
        return [_broken(text, source, 1, None, problem or "", at)]
    hands = []
    for k, (i, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        key = name.strip("\"'")
        body = "".join(lines[i + 1:end])
        if data is not None:
            if key in data and isinstance(data[key], dict):
                hands.append(Hand(body, data[key], source, i + 2, key))
            continue
        one, problem, at = _parse(toml, body)  # the file does not parse: each table alone
        if one is None:
            hands.append(_broken(body, source, i + 2, key, problem or "", at))
        else:
            hands.append(Hand(body, one, source, i + 2, key))
    return hands


def iter_hands(path: Union[str, os.PathLike[str]]) -> Iterator[Hand]:
    """The hands of a ``.phh`` or ``.phhs`` file, in file order."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    yield from loads(text, os.fspath(path))


def read(path: Union[str, os.PathLike[str]]) -> list[Hand]:
    """Every hand of a ``.phh`` or ``.phhs`` file."""
    return list(iter_hands(path))


def dumps(state: Union[State, Hand], chip_scale: int = 1) -> str:
    """A state of game holdem as PHH text (``meeple.holdem.to_phh``), amounts divided by
    ``chip_scale`` (100 writes a state that counts cents in dollars and cents). A
    :class:`Hand` is replayed and written back in its own units, with its players'
    names, the hole cards it leaves unknown still unknown."""
    if isinstance(state, Hand):
        hidden = tuple(p for p, h in enumerate(state.holes) if h is None)
        return to_phh(state.state(), chip_scale=state.chip_scale, players=state.players if "players" in state.data
                      else None, hidden=hidden)
    return to_phh(state, chip_scale=chip_scale)


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
