"""Poker as a game: game ``holdem`` (no-limit Hold'em, Pot-Limit Omaha) in Python.

The game itself is ``meeple.Game("holdem(players=6,variant=plo,...)")`` like every
other game (docs/holdem.md). This module adds what only poker needs:

- :func:`raise_to` and :func:`holdem_raise`: a bet or raise of any whole amount, beyond
  the raise sizes of the flat action space (``meeple_holdem_raise_to`` in the C ABI);
- :func:`legal`, :func:`payoffs`: the legal range and the result in chips, read from
  the state's view;
- :func:`to_phh` and :func:`from_phh`: a hand as a Poker Hand History (PHH) text, and a
  PHH hand of no-limit Hold'em (``NT``), fixed-limit Hold'em (``FT``) or Pot-Limit
  Omaha (``PO``) replayed into a state, for analysis of real hands.

Seats and PHH players: PHH numbers players from the first seat left of the button
(``p1``) round to the button (the last player). :func:`to_phh` writes seat
``(button + 1 + i) % players`` as ``p{i+1}``; :func:`from_phh` makes a game whose seat
``i`` is ``p{i+1}``, so the button is the last seat.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .._ffi import check, lib
from ..game import ALL, CHANCE, Game, State

__all__ = ["HoldemRaise", "holdem_raise", "raise_to", "legal", "payoffs", "to_phh", "from_phh", "from_phh_data", "PHHUnsupported",
           "FOLD", "CHECK_CALL", "FIRST_RAISE", "MAX_AMOUNT_DIGITS"]

FOLD = 0
"""Action id of a fold (legal only when facing a bet)."""
CHECK_CALL = 1
"""Action id of a check or a call."""
FIRST_RAISE = 2
"""Action id of the first raise size of the game's ``bet_sizes``; sizes follow in order."""

_ACTING = lib.MEEPLE_ACTING_PLAYER

MAX_AMOUNT_DIGITS = 18
"""A PHH amount has at most this many digits before the point and 9 after: holdem counts
chips in 64-bit integers, and a bound checked before any conversion keeps a forged
amount ('1e999999') from costing seconds of CPU."""


class PHHUnsupported(ValueError):
    """A well-formed hand history that holdem does not model (another variant, a stack
    short of its forced bets, ...): not an illegal hand, one meeple cannot replay."""
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _card_id(text: str) -> int:
    if len(text) != 2 or text[0] not in _RANKS or text[1] not in _SUITS:
        raise ValueError(f"bad card {text!r} in a hand history: write a rank of {_RANKS} and a suit of {_SUITS}, "
                         "as 'As' or 'Td'")
    return _SUITS.index(text[1]) * 13 + _RANKS.index(text[0])


def _split_cards(text: str) -> list[str]:
    if len(text) % 2:
        raise ValueError(f"bad cards {text!r} in a hand history: write them run together, as 'AsKd'")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def _check_holdem(state: State) -> None:
    if state.game.name != "holdem":
        raise ValueError(f"this needs a state of game holdem; this one is of {state.game.spec}")


def raise_to(state: State, to: int, player: int | None = None) -> None:
    """Bets or raises to a wager of ``to`` chips on this street (the total the wager
    reaches, as a PHH ``cbr``) for ``player`` (default: the seat to act). Checked: an
    amount outside the legal range raises ``IllegalActionError`` naming the range, and
    the state stays exactly as it was."""
    if not isinstance(to, int) or isinstance(to, bool):
        raise TypeError(f"a raise amount is a whole number of chips, got {to!r}")
    if not -2**63 <= to < 2**63:
        raise ValueError(f"a raise to {to} chips is beyond any stack")
    check(lib.meeple_holdem_raise_to(state._ptr, _ACTING if player is None else player, to))


@dataclass(frozen=True)
class HoldemRaise:
    """An exact-amount bet or raise, to pass to ``State.apply`` like an action id:
    ``state.apply(meeple.poker.holdem_raise(300))``."""

    amount: int

    def _meeple_apply(self, state: State, player: int | None) -> None:
        raise_to(state, self.amount, player)


def holdem_raise(amount: int) -> HoldemRaise:
    """A bet or raise to ``amount`` chips (this street's wager), as an action for
    ``State.apply`` in game holdem."""
    return HoldemRaise(amount)


def legal(state: State) -> dict[str, Any] | None:
    """What the seat to act may do: ``{"fold": bool, "call": chips, "can_raise": bool,
    "raise_min": chips, "raise_max": chips}``, or None while dealing or once over."""
    _check_holdem(state)
    found: dict[str, Any] | None = state.view(ALL)["legal"]
    return found


def payoffs(state: State) -> list[int]:
    """Chips won or lost by each seat (zeros until the hand is over)."""
    _check_holdem(state)
    return list(state.view(ALL)["payoffs"])


# ---- PHH ---------------------------------------------------------------------------

def _options(spec: str) -> dict[str, str]:
    inner = spec[spec.index("(") + 1:-1]
    return dict(part.split("=", 1) for part in inner.split(","))


def to_phh(state: State, *, chip_scale: int = 1, players: list[str] | None = None,
           hidden: tuple[int, ...] = ()) -> str:
    """The hand of ``state`` as Poker Hand History text (TOML), every card shown: the
    hole cards (``d dh``), the betting (``f``, ``cc``, ``cbr``), the board (``d db``)
    and, at a showdown, the hands shown in showdown order (``sm``). Any state can be
    written; a finished hand gives a complete history.

    ``chip_scale`` writes amounts in the hand's own units: a state replayed with
    ``from_phh(text, chip_scale=100)`` counts cents, and ``chip_scale=100`` writes it back
    in dollars and cents. ``players`` names the PHH players (p1 first); ``hidden`` lists
    PHH players (0 for p1) whose hole cards are written unknown (``????``), as a history
    that never showed them had them."""
    _check_holdem(state)
    if isinstance(chip_scale, bool) or not isinstance(chip_scale, int) or not 1 <= chip_scale <= 10**9:
        raise ValueError(f"chip_scale is {chip_scale!r}; give a whole number from 1 to 10^9, as 100 for cents")

    def units(chips: int) -> str:
        d = Decimal(chips) / chip_scale
        return str(int(d)) if d == d.to_integral_value() else f"{d.normalize():f}"

    view = state.view(ALL)
    n = view["players"]
    button = view["button"]
    order = [(button + 1 + i) % n for i in range(n)]  # PHH player i+1 is seat order[i]
    player_of = {seat: i + 1 for i, seat in enumerate(order)}
    seats = view["seats"]
    # Antes and blinds go by position from the small blind's seat: p1 first, except
    # heads-up, where p2 (the button) posts the small blind; PokerKit reads them so.
    first = button if n == 2 else (button + 1) % n
    by_position = [seats[(first + k) % n] for k in range(n)]
    blinds = [s["blind"] for s in by_position]
    antes = [s["ante"] for s in by_position]
    betting = view["betting"]
    code = {("nlhe", "no_limit"): "NT", ("plo", "pot_limit"): "PO", ("nlhe", "limit"): "FT"}.get(
        (view["variant"], betting))
    if code is None:
        raise ValueError(f"PHH has no variant for {betting.replace('_', '-')} {view['variant']}; it writes no-limit "
                         "Hold'em (NT), fixed-limit Hold'em (FT) and Pot-Limit Omaha (PO)")
    if view["raise_cap"] != (4 if code == "FT" else 0):
        raise ValueError(f"PHH has no field for raise_cap {view['raise_cap']}; its {code} hands cap "
                         + ("a street at 4 bets and raises" if code == "FT" else "nothing"))
    actions: list[str] = []
    if all(seats[seat]["hole"] for seat in order):
        for seat in order:
            cards = "".join(seats[seat]["hole"])
            actions.append(f"d dh p{player_of[seat]} {'??' * (len(cards) // 2) if player_of[seat] - 1 in hidden else cards}")
    board = view["board"]
    streets = ["preflop", "flop", "turn", "river"]
    board_at = {1: board[0:3], 2: board[3:4], 3: board[4:5]}
    for street_index, street in enumerate(streets):
        if street_index and len(board_at[street_index]) == (3 if street_index == 1 else 1):
            actions.append(f"d db {''.join(board_at[street_index])}")
        for a in view["actions"]:
            if a["street"] != street:
                continue
            who = f"p{player_of[a['seat']]}"
            if a["action"] == "fold":
                actions.append(f"{who} f")
            elif a["action"] == "raise":
                actions.append(f"{who} cbr {units(a['amount'])}")
            else:
                actions.append(f"{who} cc")
    for seat in view["showdown_order"]:
        p = player_of[seat]  # a hidden hand shown at the showdown lost and was mucked
        actions.append(f"p{p} sm" if p - 1 in hidden else f"p{p} sm {''.join(seats[seat]['hole'])}")

    def ints(values: list[int]) -> str:
        return "[" + ", ".join(units(v) for v in values) + "]"

    lines = [
        f"variant = '{code}'",
        f"ante_trimming_status = {'true' if view['ante_trimming'] or len(set(antes)) == 1 else 'false'}",
        f"antes = {ints(antes)}",
        f"blinds_or_straddles = {ints(blinds)}",
        *([f"small_bet = {units(view['small_bet'])}", f"big_bet = {units(view['big_bet'])}"] if code == "FT"
          else [f"min_bet = {units(view['big_blind'])}"]),
        f"starting_stacks = {ints([seats[seat]['starting_stack'] for seat in order])}",
        "actions = [",
        *[f"  '{a}'," for a in actions],
        "]",
        f"seats = {ints([seat + 1 for seat in order])}",
        f"seat_count = {n}",
    ]
    if players is not None:
        if len(players) != n:
            raise ValueError(f"players names {len(players)} players; the hand has {n}")
        lines.append("players = [" + ", ".join(json.dumps(str(p)) for p in players) + "]")
    if view["terminal"]:
        lines.append(f"finishing_stacks = {ints([seats[seat]['stack'] for seat in order])}")
    return "\n".join(lines) + "\n"


# An action, or nothing but a comment ('# Flop', which PokerKit writes for commentary).
_ACTION = re.compile(r"^(?:d (dh) p([0-9]+) (\S+)|d (db) (\S+)|p([0-9]+) (f|cc|cbr|sm)(?: (\S+))?)?\s*(?:#.*)?$",
                     re.ASCII)


def from_phh(text: str, seed: int = 0, *, chip_scale: int = 1) -> State:
    """Replays a PHH hand of no-limit Hold'em (variant ``NT``) or Pot-Limit Omaha
    (``PO``) into a state of game holdem (explicit chance, chips as the unit), seat
    ``i`` being player ``p{i+1}`` and the button the last seat. Hole cards a history
    leaves unknown (``????``) are taken from the player's showdown line when there is
    one, else drawn, with ``seed``, from the cards nobody is seen to hold. Every action
    is checked by the rules: an illegal or out-of-turn action raises, naming the line.
    Antes by player (a big-blind ante, a button ante) with PHH's
    ``ante_trimming_status``, straddles (``blinds_or_straddles = [1, 2, 4]``), a
    ``min_bet`` other than the big blind, and fixed-limit Hold'em (``FT``, its
    ``small_bet`` and ``big_bet``) replay; other variants and a stack that does not cover
    its ante and blind or straddle are refused with a :class:`PHHUnsupported` that says
    so.

    holdem counts whole chips: every amount (stacks, blinds, antes, bets) is multiplied
    by ``chip_scale`` and must then be a whole number, so a history in dollars and cents
    (``starting_stacks = [1259450.25, 678473.5]``) replays with ``chip_scale=100``, the
    state counting cents. An amount that is not whole raises a ``ValueError`` naming it
    and the scale that would do (:attr:`meeple.poker.phh.Hand.chip_scale` finds it)."""
    try:
        toml = importlib.import_module("tomllib")  # Python 3.11+
    except ImportError:
        try:
            toml = importlib.import_module("tomli")  # the same reader, from PyPI
        except ImportError:
            raise ImportError("reading PHH (TOML) needs Python 3.11 or later, or `pip install tomli`") from None
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        raise ValueError(f"not a PHH hand history (TOML): {exc}") from None
    return from_phh_data(data, seed, chip_scale=chip_scale)


def from_phh_data(data: dict[str, Any], seed: int = 0, *, chip_scale: int = 1) -> State:
    """As :func:`from_phh`, from the hand's TOML already parsed into a dict (a table of a
    ``.phhs`` file), so a file read once is not parsed again for each hand."""
    try:
        return _replay(data, seed, chip_scale)
    except (TypeError, AttributeError) as exc:  # a field of the wrong type (a number for a list, ...)
        raise ValueError(f"malformed PHH hand history: a field has the wrong type ({exc})") from None


def amount(value: object, what: str) -> Decimal:
    """A PHH amount (a number, or the text of one) as an exact Decimal, bounded before
    anything converts it: finite, at most MAX_AMOUNT_DIGITS digits before the point and
    9 after, not negative."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{what} {value!r} is not an amount of chips (a number, as 200 or 12.5)")
    text = str(value)
    if len(text) > 64:
        raise ValueError(f"{what} {text[:20]}... ({len(text)} characters) is not an amount of chips")
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{what} {value!r} is not an amount of chips (a number, as 200 or 12.5)") from None
    if not d.is_finite():
        raise ValueError(f"{what} is {value}; an amount of chips is a finite number")
    if d < 0:
        raise ValueError(f"{what} {value} is negative; an amount of chips is 0 or more")
    if d and d.adjusted() >= MAX_AMOUNT_DIGITS:
        raise ValueError(f"{what} {value} is beyond any stack: amounts have at most {MAX_AMOUNT_DIGITS} digits "
                         "before the point")
    if d and d.as_tuple().exponent < -9:  # type: ignore[operator]
        raise ValueError(f"{what} {value} has more than 9 decimal places; amounts are counted to 1/10^9 at most")
    return d


def _chips(value: object, scale: int, what: str) -> int:
    """A PHH amount in units of 1/scale chips, checked whole and within 64 bits."""
    d = amount(value, what)
    units = d * scale
    if units != units.to_integral_value():
        need = int(10 ** max(0, -int(d.normalize().as_tuple().exponent)))
        raise ValueError(f"{what} {value} is not a whole number of chips at chip_scale={scale}; holdem counts "
                         f"whole chips: replay with chip_scale={max(need, scale)} (amounts in 1/{max(need, scale)} "
                         "chips)")
    if units.adjusted() >= 18:
        raise ValueError(f"{what} {value} at chip_scale={scale} is beyond the 10^18 units holdem counts")
    return int(units)


def _replay(data: dict[str, Any], seed: int, scale: int = 1) -> State:
    if isinstance(scale, bool) or not isinstance(scale, int) or not 1 <= scale <= 10**9:
        raise ValueError(f"chip_scale is {scale!r}; give a whole number from 1 to 10^9, as 100 for cents")
    code = str(data.get("variant"))
    bet_keys = ("small_bet", "big_bet") if code == "FT" else ("min_bet",)
    for key in ("variant", "blinds_or_straddles", *bet_keys, "starting_stacks", "actions"):
        if key not in data:
            raise ValueError(f"the hand history has no '{key}' field, which PHH requires")
    variant, betting = {"NT": ("nlhe", "no_limit"), "PO": ("plo", "pot_limit"), "FT": ("nlhe", "limit")}.get(
        code, (None, None))
    if variant is None:
        raise PHHUnsupported(f"PHH variant {data['variant']!r} is not supported; holdem replays 'NT' (no-limit "
                             "Texas Hold'em), 'FT' (fixed-limit Texas Hold'em) and 'PO' (Pot-Limit Omaha)")
    stacks = [_chips(v, scale, "starting stack") for v in data["starting_stacks"]]
    n = len(stacks)
    if not 2 <= n <= 10:
        raise ValueError(f"the hand has {n} players; holdem seats 2 to 10")
    blinds = [_chips(v, scale, "blind") for v in data["blinds_or_straddles"]]
    if len(blinds) != n:
        raise ValueError(f"blinds_or_straddles lists {len(blinds)} values for {n} players")
    antes = data.get("antes", [0] * n)
    antes = [_chips(a, scale, "ante") for a in (antes if isinstance(antes, list) else [antes] * n)]
    if len(antes) != n:
        raise ValueError(f"antes lists {len(antes)} values for {n} players")
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ValueError(f"ante_trimming_status is {trimming!r}; PHH writes true or false")
    # PHH lists blinds and antes by position from the small blind's seat (heads-up the
    # button, p2), which is holdem's order of the `blinds` and `antes` options.
    opts = [f"players={n}", f"variant={variant}", f"stacks={'/'.join(map(str, stacks))}"]
    standard = not any(blinds[2:]) and blinds[0] <= blinds[1]
    if code == "FT":
        small_bet, big_bet = (_chips(data[k], scale, k) for k in ("small_bet", "big_bet"))
        unit = blinds[1] if standard and blinds[1] else max(small_bet, 1)
        opts += ["betting=limit", f"small_bet={small_bet}", f"big_bet={big_bet}"]
    else:
        unit = _chips(data["min_bet"], scale, "min_bet")
        if unit == 0:
            raise PHHUnsupported("min_bet 0: holdem's smallest bet is at least one chip")
    if standard and unit == blinds[1]:
        opts += [f"small_blind={blinds[0]}", f"big_blind={blinds[1]}"]
    else:
        opts += [f"big_blind={unit}", f"blinds={'/'.join(map(str, blinds))}"]
    if len(set(antes)) == 1:
        opts.append(f"ante={antes[0]}")  # trimmed or not, equal antes are the same
    else:
        opts.append(f"antes={'/'.join(map(str, antes))}")
        if trimming:
            opts.append("ante_trimming=true")
    spec = f"holdem({','.join(opts)},button={n - 1},explicit_chance=true,unit=chips)"
    try:
        game = Game(spec)
    except ValueError as exc:  # a stack short of the ante and the big blind, ...
        raise PHHUnsupported(str(exc)) from None
    hole_count = 4 if variant == "plo" else 2

    parsed = []
    for number, line in enumerate(data["actions"], 1):
        m = _ACTION.match(str(line).strip())
        if not m:
            raise ValueError(f"action {number} {line!r} is not a PHH action of a hold'em hand "
                             "('d dh p1 AsKs', 'd db Th9c2d', 'p1 f', 'p1 cc', 'p1 cbr 300', 'p1 sm AsKs')")
        parsed.append((number, line, m))

    holes: list[list[str] | None] = [None] * n
    shown: list[list[str] | None] = [None] * n
    for number, line, m in parsed:
        # 'p1 sm' and 'p1 sm -' muck: no cards shown.
        if m.group(1) or (m.group(6) and m.group(7) == "sm" and m.group(8) and m.group(8) != "-"):
            p = int(m.group(2) or m.group(6)) - 1
            if not 0 <= p < n:
                raise ValueError(f"action {number} {line!r} names a player beyond p{n}")
            cards = _split_cards(m.group(3) or m.group(8))
            if len(cards) != hole_count:
                raise ValueError(f"action {number} {line!r}: a {data['variant']} hand has {hole_count} hole cards")
            (holes if m.group(1) else shown)[p] = cards
    seen: set[str] = set()
    for p in range(n):
        dealt, showed = holes[p], shown[p]
        known = dealt if dealt is not None and "??" not in dealt else showed
        holes[p] = known if known is not None and "??" not in known else None
        seen.update(holes[p] or [])
    for _, _, m in parsed:
        if m.group(4):
            seen.update(_split_cards(m.group(5)))
    for card in seen:
        _card_id(card)
    unseen = [r + s for s in _SUITS for r in _RANKS if r + s not in seen]
    random.Random(seed).shuffle(unseen)
    full: list[list[str]] = []
    for p in range(n):
        full.append(holes[p] or [unseen.pop() for _ in range(hole_count)])

    state = game.new_state(seed)
    first_deal = game.num_actions - 52
    for k in range(n * hole_count):
        card = full[k % n][k // n]  # the deal goes round from p1, one card each
        state.apply(first_deal + _card_id(card), CHANCE)
    for number, line, m in parsed:
        try:
            if m.group(4):
                for card in _split_cards(m.group(5)):
                    state.apply(first_deal + _card_id(card), CHANCE)
            elif m.group(6):
                p, verb = int(m.group(6)) - 1, m.group(7)
                if not 0 <= p < n:
                    raise ValueError(f"it names a player beyond p{n}")
                if verb == "f":
                    if state.current_player == p and FOLD not in state.legal_actions(p):
                        raise PHHUnsupported(f"p{p + 1} folds where a check costs nothing; PHH (and PokerKit) allow it, "
                                         "holdem does not (a player who owes nothing checks), so it cannot replay "
                                         "this hand")
                    state.apply(FOLD, p)
                elif verb == "cc":
                    state.apply(CHECK_CALL, p)
                elif verb == "cbr":
                    if m.group(8) is None:
                        raise ValueError("cbr needs an amount of chips")
                    raise_to(state, _chips(m.group(8), scale, "the amount"), p)
        except Exception as exc:
            raise type(exc)(f"PHH action {number} {line!r}: {exc}") from None
    # holdem shows every hand still in at the showdown; a player who mucks ('p3 sm')
    # a hand that wins forfeits in PHH, which holdem does not model.
    mucked = {int(m.group(6)) - 1 for _, _, m in parsed if m.group(7) == "sm" and not m.group(8)}
    if mucked and state.is_terminal:
        view = state.view(ALL)
        winners = sorted(p for p in mucked if 0 <= p < n and view["showdown"] and view["won"][p] > 0)
        if winners:
            raise PHHUnsupported(f"p{winners[0] + 1} mucks at the showdown but holds a winning hand; holdem shows every "
                             "hand still in at the showdown, so it cannot replay a winning hand forfeited")
    return state
