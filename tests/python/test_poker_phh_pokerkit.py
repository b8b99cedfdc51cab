"""PHH hands that PokerKit (the PHH reference implementation) produces read the same in
meeple and in PokerKit, and what meeple writes back PokerKit reads to the same hand:
the example hands PokerKit ships (the PHH paper's hands in its tests), and hands its
state machine plays from 2 to 9 seats, no-limit and fixed-limit Hold'em and Pot-Limit
Omaha, with antes (uniform, big-blind, button, by player, trimmed or dead), straddles,
short and deep stacks, all-ins, folds and showdowns. "The same" is the hand's
content as each library's rules see it: the players, their starting and finishing
stacks, the blinds and ante, every action with its amount, every known hole card and
the board at each street. Hands meeple's game does not model (other variants, a stack
short of the ante and the big blind) are refused with an error that names what is not
supported. Skipped when PokerKit is missing."""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
from decimal import Decimal
from typing import Any

import pytest

from meeple.game import ALL
from meeple.poker import mask, phh


def _pokerkit(require_peer: Any) -> Any:
    return require_peer("pokerkit", extra="poker-peers")


def shipped_examples(pk: Any) -> list[str]:
    """The PHH texts in PokerKit's own tests: the hands of the PHH paper (Dwan-Ivey,
    Antonius-Blom, Xuan-Phua, and draw and badugi hands)."""
    import pokerkit.tests.test_papers as papers

    out = []
    for node in ast.walk(ast.parse(inspect.getsource(papers))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "variant =" in node.value:
            out.append(textwrap.dedent(node.value))
    return out


def played_hand(pk: Any, rng: random.Random, variant: str, players: int, *, ante: int = 0,
                blinds: tuple[int, ...] | None = None, antes: Any = None, min_bet: int | None = None,
                stacks: list[int] | None = None, trimming: bool = False) -> str:
    """A hand PokerKit's state machine plays (dealing, burning, showdown and pushing
    automated; random folds, calls, bets and raises from the minimum to all-in), as the
    PHH text PokerKit writes. ``variant`` NT, PO or FT (fixed-limit: the small bet is the
    big blind, the big bet twice it)."""
    sb = rng.choice([1, 2, 5, 50])
    bb = 2 * sb
    blinds = blinds or (sb, bb)
    most_ante = max((antes.values() if isinstance(antes, dict) else antes) or [0]) if antes is not None else ante
    floor = max(blinds) + most_ante + 1  # meeple seats stacks that cover every forced bet
    stacks = stacks or [rng.choice([floor, 3 * bb + floor, 20 * bb + floor, 100 * bb, rng.randint(floor, 200 * sb)])
                        for _ in range(players)]
    raw_antes = ante if antes is None else antes
    if variant == "FT":
        game = pk.FixedLimitTexasHoldem(tuple(pk.Automation), trimming, raw_antes, blinds, bb, 2 * bb)
    else:
        game_type = pk.NoLimitTexasHoldem if variant == "NT" else pk.PotLimitOmahaHoldem
        game = game_type(tuple(pk.Automation), trimming, raw_antes, blinds, bb if min_bet is None else min_bet)
    state = game(stacks, players)
    while state.status:
        r = rng.random()
        if state.can_complete_bet_or_raise_to() and r < 0.35:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
        elif state.can_fold() and r < 0.5:
            state.fold()
        else:
            state.check_or_call()
    text = str(pk.HandHistory.from_game_state(game, state).dumps())
    # PokerKit 0.7.7 writes ante_trimming_status = false whatever the game's status was
    return text.replace("ante_trimming_status = false", "ante_trimming_status = true") if trimming else text


def pokerkit_reading(pk: Any, text: str, scale: int = 1) -> dict[str, Any]:
    """What PokerKit makes of a PHH text, amounts in units of 1/scale."""
    from pokerkit.state import BoardDealing, CheckingOrCalling, CompletionBettingOrRaisingTo, Folding, HoleDealing

    hh = pk.HandHistory.loads(text)
    final = list(hh)[-1]
    n = len(hh.starting_stacks)

    def units(v: Any) -> int:
        d = Decimal(str(v)) * scale
        assert d == d.to_integral_value()
        return int(d)

    holes: list[int | None] = [0] * n
    board: list[int] = []
    actions = []
    for op in final.operations:
        if isinstance(op, HoleDealing):
            cards = "".join(map(repr, op.cards))
            holes[op.player_index] = None if "?" in cards or holes[op.player_index] is None else (
                holes[op.player_index] | mask(cards))
        elif isinstance(op, BoardDealing):
            board += [mask(repr(c)) for c in op.cards]
        elif isinstance(op, Folding):
            actions.append((op.player_index, "f", 0))
        elif isinstance(op, CheckingOrCalling):
            actions.append((op.player_index, "cc", units(op.amount)))
        elif isinstance(op, CompletionBettingOrRaisingTo):
            actions.append((op.player_index, "cbr", units(op.amount)))
    return {
        "players": list(hh.players) if hh.players else [f"p{i + 1}" for i in range(n)],
        "starting": [units(v) for v in hh.starting_stacks],
        "finishing": [units(v) for v in final.stacks],
        "actions": actions,
        "holes": holes,
        "boards": [sum(board[:k]) for k in (3, 4, 5) if len(board) >= k],
    }


def meeple_reading(hand: phh.Hand) -> dict[str, Any]:
    """What meeple makes of it: the hand replayed by holdem's rules."""
    view = hand.state().view(ALL)
    seats = view["seats"]
    board = [mask(c) for c in view["board"]]
    return {
        "players": hand.players,
        "starting": [s["starting_stack"] for s in seats],
        "finishing": [s["stack"] for s in seats],
        "actions": [(a["seat"], {"fold": "f", "raise": "cbr"}.get(a["action"], "cc"), a["amount"])
                    for a in view["actions"]],
        "holes": [mask("".join(s["hole"])) for s in seats],
        "boards": [sum(board[:k]) for k in (3, 4, 5) if len(board) >= k],
        "pots": len(view["pots"]),
        "winners": sum(1 for w in view["won"] if w > 0),
    }


def assert_same_finishing_stacks(mine: dict[str, Any], theirs: list[int], text: str) -> None:
    """Equal, but for the odd chips of a split pot: meeple splits the main pot and each
    side pot on its own (the odd chip to the first winner left of the button); PokerKit
    first merges the pots that the same players win. At most one chip a pot differs."""
    if mine["finishing"] == theirs:
        return
    diff = [a - b for a, b in zip(mine["finishing"], theirs)]
    assert mine["winners"] >= 2 and sum(diff) == 0 and max(map(abs, diff)) <= mine["pots"], (
        f"finishing stacks differ: {mine['finishing']} against PokerKit's {theirs}:\n{text}")


def assert_same_hand(mine: dict[str, Any], theirs: dict[str, Any], text: str) -> None:
    for key in ("players", "starting", "actions", "boards"):
        assert mine[key] == theirs[key], f"{key} differ:\n{text}"
    assert_same_finishing_stacks(mine, theirs["finishing"], text)
    for p, (a, b) in enumerate(zip(mine["holes"], theirs["holes"])):
        # a hand PokerKit leaves unknown ('????') meeple deals from the unseen cards
        assert b is None or a == b, f"p{p + 1}'s hole cards differ:\n{text}"
    # meeple's own record of the file: holes and boards by street, without the replay
    (hand,) = phh.loads(text)
    known = [b for b in theirs["holes"] if b is not None]
    assert [h for h, b in zip(hand.holes, theirs["holes"]) if b is not None] == known
    assert [hand.boards[s] for s in ("flop", "turn", "river") if s in hand.boards] == theirs["boards"]


def check_both_ways(pk: Any, text: str) -> None:
    """PokerKit wrote `text`: meeple reads it as PokerKit does; meeple writes it, and
    PokerKit and meeple read that back to the same hand."""
    (hand,) = phh.loads(text, "pokerkit")
    scale = hand.chip_scale
    theirs = pokerkit_reading(pk, text, scale)
    assert_same_hand(meeple_reading(hand), theirs, text)
    written = phh.dumps(hand.state())
    again = pokerkit_reading(pk, written)  # meeple writes amounts in units of 1/scale
    for key in ("starting", "actions", "boards"):
        assert again[key] == theirs[key], f"{key} differ when PokerKit reads what meeple wrote:\n{written}"
    assert again["finishing"] == theirs["finishing"]  # the same rules, so the same odd chips
    assert all(b is None or a == b for a, b in zip(again["holes"], theirs["holes"]))
    (back,) = phh.loads(written)
    assert meeple_reading(back)["actions"] == theirs["actions"]


def test_the_phh_paper_hands_pokerkit_ships_read_the_same_in_both(require_peer) -> None:
    pk = _pokerkit(require_peer)
    texts = shipped_examples(pk)
    variants = [str(pk.HandHistory.loads(t).variant) for t in texts]
    assert "NT" in variants and "PO" in variants
    for text, variant in zip(texts, variants):
        if variant in ("NT", "FT", "PO"):
            check_both_ways(pk, text)
        else:
            (hand,) = phh.loads(text)  # read, with its typed fields, and refused for replay
            assert hand.error is None and hand.variant == variant
            with pytest.raises(phh.PHHUnsupportedError, match=rf"PHH variant '{variant}' \(.*\) is not supported; "
                                                              "meeple reads 'NT'"):
                hand.state()


def test_a_hand_in_dollars_and_cents_replays_in_cents(require_peer) -> None:
    # Antonius-Blom (PHH paper): stacks 1259450.25 and 678473.5; the winner ends with
    # 1937923.75, which meeple counts as 193792375 cents.
    pk = _pokerkit(require_peer)
    (text,) = [t for t in shipped_examples(pk) if "variant = \"PO\"" in t]
    (hand,) = phh.loads(text)
    assert hand.chip_scale == 100
    assert [s["stack"] for s in hand.state().view(ALL)["seats"]] == [193792375, 0]
    from meeple import holdem

    with pytest.raises(ValueError, match=r"starting stack 1259450.25 is not a whole number .* chip_scale=100"):
        holdem.from_phh(text)


@pytest.mark.parametrize("variant", ["NT", "PO"])
def test_hands_pokerkit_plays_read_the_same_in_both(require_peer, variant: str) -> None:
    pk = _pokerkit(require_peer)
    rng = random.Random(20261201 + len(variant))
    for i in range(40):
        text = played_hand(pk, rng, variant, 2 + i % 8, ante=rng.choice([0, 0, 1, 3]))
        check_both_ways(pk, text)


@pytest.mark.parametrize("variant", ["NT", "PO", "FT"])
@pytest.mark.parametrize("kind", ["straddle", "double_straddle", "straddle_alone", "bb_ante", "button_ante",
                                  "antes_by_player", "antes_trimmed", "min_bet"])
def test_hands_with_straddles_and_antes_by_player_read_the_same_in_both(require_peer, variant: str, kind: str) -> None:
    # Big-blind and button antes, antes that differ by player (dead money, or trimmed to
    # the second largest as PHH's ante_trimming_status says), one or two straddles, a
    # straddle without blinds, a minimum bet above the big blind: each replays by
    # holdem's rules to PokerKit's hand, at 3 to 9 seats.
    pk = _pokerkit(require_peer)
    rng = random.Random(f"{variant}-{kind}")
    lost = 0
    for i in range(24):
        n = 3 + i % 7
        args: dict[str, Any] = {}
        if kind == "straddle":
            args["blinds"] = (1, 2, 4)
        elif kind == "double_straddle":
            args["blinds"] = (1, 2, 4, 8)
        elif kind == "straddle_alone":
            args["blinds"] = (0, 0, 4)
        elif kind == "bb_ante":
            args["antes"] = {1: rng.choice([1, 2, 6])}
        elif kind == "button_ante":
            args["antes"] = {-1: rng.choice([1, 3])}
        elif kind in ("antes_by_player", "antes_trimmed"):
            args["antes"] = [rng.choice([0, 1, 2, 5]) for _ in range(n)]
            args["trimming"] = kind == "antes_trimmed"
        elif variant == "FT":
            continue  # fixed-limit has no min_bet
        else:
            args["min_bet"] = 8
        try:
            text = played_hand(pk, rng, variant, n, **args)
            theirs = pokerkit_reading(pk, text)
            conserved = sum(theirs["finishing"]) == sum(theirs["starting"])
        except AssertionError:  # PokerKit's own state machine fails in the hand
            conserved = False
        if not conserved:
            # PokerKit 0.7.7 burns chips ("due to non-standard folds") or fails an
            # assertion in some hands with trimmed antes that differ; meeple conserves them.
            assert kind == "antes_trimmed"
            lost += 1
            continue
        check_both_ways(pk, text)
    assert lost <= 8


def test_fixed_limit_hands_pokerkit_plays_read_the_same_in_both(require_peer) -> None:
    pk = _pokerkit(require_peer)
    rng = random.Random(20261202)
    for i in range(60):
        text = played_hand(pk, rng, "FT", 2 + i % 8, ante=rng.choice([0, 0, 1, 3]))
        check_both_ways(pk, text)
    # every street capped: four bets and raises, then calls only
    game = pk.FixedLimitTexasHoldem(tuple(pk.Automation), False, 0, (1, 2), 2, 4)
    state = game([1000, 1000, 1000], 3)
    while state.status:
        if state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to()
        else:
            state.check_or_call()
    text = str(pk.HandHistory.from_game_state(game, state).dumps())
    assert text.count("cbr") == 16
    check_both_ways(pk, text)


def test_a_stack_short_of_its_forced_bets_is_read_but_refused_for_replay_saying_why(require_peer) -> None:
    pk = _pokerkit(require_peer)
    rng = random.Random(7)
    for n in range(3, 9):
        text = played_hand(pk, rng, "NT", n, stacks=[200] * (n - 1) + [1])
        (hand,) = phh.loads(text)
        # The record itself reads as PokerKit reads it.
        theirs = pokerkit_reading(pk, text)
        assert [h for h, b in zip(hand.holes, theirs["holes"]) if b is not None] == [
            b for b in theirs["holes"] if b is not None]
        assert [hand.boards[s] for s in ("flop", "turn", "river") if s in hand.boards] == theirs["boards"]
        with pytest.raises(phh.PHHUnsupportedError, match="do not cover the ante and the big blind"):
            hand.state()


def test_variants_meeple_does_not_play_are_refused_naming_the_variant(require_peer) -> None:
    pk = _pokerkit(require_peer)
    game = pk.NoLimitShortDeckHoldem(tuple(pk.Automation), False, 1, (0, 2), 2)
    state = game([100, 100, 100], 3)
    while state.status:
        state.check_or_call()
    text = str(pk.HandHistory.from_game_state(game, state).dumps())
    (hand,) = phh.loads(text)
    assert hand.variant == "NS" and hand.starting_stacks == (100, 100, 100) and hand.error is None
    with pytest.raises(phh.PHHUnsupportedError, match=r"PHH variant 'NS' \(no-limit short-deck Hold'em\) is not "
                                                      r"supported; meeple reads 'NT' .*, 'FT' .* and 'PO'"):
        hand.state()


COMMENTED = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs # hero', 'd dh p2 ????', 'd dh p3 {p3}', '# a comment alone',
           'p3 cc', 'p1 cc', 'p2 {p2}', 'd db Ah7h2s', 'p1 cbr 10', 'p2 f', 'p3 cc',
           'd db 3c', 'p1 cc', 'p3 cc', 'd db 4d', 'p1 cc', 'p3 cc', 'p1 sm AsKs', 'p3 sm']
"""


def test_commentary_and_a_losing_hand_mucked_as_pokerkit_writes_them_read_the_same(require_peer) -> None:
    pk = _pokerkit(require_peer)
    text = COMMENTED.format(p2="cc", p3="9c8d")
    check_both_ways(pk, text)
    (hand,) = phh.loads(text)
    assert hand.holes == [mask("AsKs"), None, mask("9c8d")]
    assert pokerkit_reading(pk, text)["finishing"] == [114, 98, 88]


def test_a_winning_hand_mucked_at_the_showdown_is_refused_for_replay(require_peer) -> None:
    # PHH lets p3 muck two pair and forfeit the pot (PokerKit pays p1); holdem shows
    # every hand at the showdown, so it says it cannot replay this one.
    pk = _pokerkit(require_peer)
    text = COMMENTED.format(p2="cc", p3="7c2d")
    assert pokerkit_reading(pk, text)["finishing"] == [114, 98, 88]
    (hand,) = phh.loads(text)
    with pytest.raises(phh.PHHError, match="p3 mucks at the showdown but holds a winning hand"):
        hand.state()


@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")
def test_a_fold_where_a_check_is_free_is_refused_for_replay_saying_so(require_peer) -> None:
    # The big blind folds when everyone has only called: PHH and PokerKit take it (with
    # a warning), holdem has no such fold.
    pk = _pokerkit(require_peer)
    text = COMMENTED.format(p2="f", p3="9c8d").replace("'p2 f', 'p3 cc',", "'p3 cc',")
    assert pokerkit_reading(pk, text)["finishing"] == [114, 98, 88]
    (hand,) = phh.loads(text)
    with pytest.raises(phh.PHHError, match="p2 folds where a check costs nothing"):
        hand.state()
