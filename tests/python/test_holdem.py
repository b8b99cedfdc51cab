"""Game holdem against the rules of no-limit Hold'em and Pot-Limit Omaha, hand-worked:
each test deals chosen cards (explicit chance), plays chosen amounts, and checks what
the rules say (docs/holdem.md)."""

from __future__ import annotations

import random
import struct

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

import meeple
from meeple import holdem
from meeple.poker import holdem_raise

RANKS, SUITS = "23456789TJQKA", "cdhs"


def card(text: str) -> int:
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def table(players: int, button: int, stacks: list[int] | None = None, **options: object) -> meeple.Game:
    spec = f"players={players},button={button},explicit_chance=true,unit=chips"
    if stacks:
        spec += ",stacks=" + "/".join(map(str, stacks))
    for key, value in options.items():
        spec += f",{key}={value}"
    return meeple.Game(f"holdem({spec})")


def deal(game: meeple.Game, holes: dict[int, str], seed: int = 0) -> meeple.State:
    """A new hand with the given hole cards (seat -> "AsKd"), dealt as the deal goes:
    round the table from the seat left of the button, one card each a round."""
    state = game.new_state(seed)
    n = game.num_players
    button = state.view(meeple.ALL)["button"]
    per_seat = {seat: [text[i:i + 2] for i in range(0, len(text), 2)] for seat, text in holes.items()}
    h = len(next(iter(per_seat.values())))
    first = game.num_actions - 52
    for k in range(n * h):
        seat = (button + 1 + k % n) % n
        state.apply(first + card(per_seat[seat][k // n]), meeple.CHANCE)
    return state


def board(state: meeple.State, cards: str) -> None:
    first = state.game.num_actions - 52
    for i in range(0, len(cards), 2):
        assert state.current_player == meeple.CHANCE
        state.apply(first + card(cards[i:i + 2]), meeple.CHANCE)


def check_down(state: meeple.State, cards: str) -> None:
    """Deals the board street by street, every seat checking (or calling) in between."""
    streets = [cards[0:6], cards[6:8], cards[8:10]]
    for street in streets:
        while state.current_player not in (meeple.CHANCE, None):
            state.apply(holdem.CHECK_CALL)
        board(state, street)
    while not state.is_terminal:
        state.apply(holdem.CHECK_CALL)


def view(state: meeple.State) -> dict:
    return state.view(meeple.ALL)


def test_three_all_ins_of_different_sizes_make_two_side_pots_each_won_by_its_best_hand():
    # Seats 0..3, button 3: seat 0 small blind, seat 1 big blind, seat 2 first to act.
    game = table(4, 3, [300, 50, 100, 200])
    s = deal(game, {0: "5c4h", 1: "AsAh", 2: "KsKh", 3: "QsQh"})
    s.apply(holdem_raise(100))  # seat 2 all-in
    s.apply(holdem_raise(200))  # seat 3 all-in
    s.apply(holdem.CHECK_CALL)  # seat 0 calls 200 and keeps 100
    s.apply(holdem.CHECK_CALL)  # seat 1 calls all-in for 50
    v = view(s)
    assert v["phase"] == "dealing"  # one seat has chips left: no more betting, the board runs out
    assert [(p["amount"], p["seats"]) for p in v["pots"]] == [(200, [0, 1, 2, 3]), (150, [0, 2, 3]), (200, [0, 3])]
    board(s, "2c7d9hJd3s")
    assert s.is_terminal
    # Aces take the main pot, kings the first side pot, queens the second.
    assert holdem.payoffs(s) == [-200, 150, 50, 0]
    assert view(s)["won"] == [0, 200, 150, 200]


def test_a_split_pots_odd_chips_go_one_each_from_the_first_seat_left_of_the_button():
    # Four seats, ante 1, button 3: seat 0 folds its small blind; the three others
    # put in 3 each and tie on a royal flush board: 11 chips, 3 each and 2 odd chips,
    # which go to seats 1 and 2, the first winners left of the button.
    game = table(4, 3, ante=1)
    s = deal(game, {0: "2c3c", 1: "4d5d", 2: "6h7h", 3: "8c9d"})
    s.apply(holdem.CHECK_CALL)  # seat 2 calls 2
    s.apply(holdem.CHECK_CALL)  # seat 3 calls 2
    s.apply(holdem.FOLD)        # seat 0 (small blind) folds
    s.apply(holdem.CHECK_CALL)  # seat 1 (big blind) checks
    check_down(s, "AsKsQsJsTs")
    assert view(s)["won"] == [0, 4, 4, 3]
    assert holdem.payoffs(s) == [-2, 1, 1, 0]


def test_a_single_odd_chip_goes_to_the_first_winner_left_of_the_button():
    game = table(3, 2)  # button 2: seat 0 small blind, seat 1 big blind, seat 2 first
    s = deal(game, {0: "2c3c", 1: "4d5d", 2: "6h7h"})
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.FOLD)  # the small blind's chip stays in: pot 5 between seats 1 and 2
    check_down(s, "AsKsQsJsTs")
    assert view(s)["won"] == [0, 3, 2]


def test_an_incomplete_all_in_raise_does_not_reopen_the_betting_for_a_seat_that_acted():
    # Button 0 acts first (3 seats): raises to 10, an increment of 8. The small blind
    # goes all-in to 15, an increment of 5: short of a full raise.
    game = table(3, 0, [200, 15, 200])
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    s.apply(holdem_raise(10))
    assert holdem.legal(s)["raise_min"] == 15  # a full raise (to 18) is beyond seat 1: all-in is the least
    s.apply(holdem_raise(15))  # seat 1 all-in
    big_blind = holdem.legal(s)
    assert s.current_player == 2 and big_blind["can_raise"]  # seat 2 has not acted
    assert big_blind["raise_min"] == 23  # 15 plus the largest raise so far, 8
    s.apply(holdem.CHECK_CALL)
    opener = holdem.legal(s)
    assert s.current_player == 0
    assert opener == {"fold": True, "call": 5, "can_raise": False, "raise_min": 0, "raise_max": 0}
    assert s.legal_actions() == [holdem.FOLD, holdem.CHECK_CALL]
    before = s.snapshot()
    with pytest.raises(meeple.IllegalActionError, match="cannot bet or raise"):
        s.apply(holdem_raise(40))
    assert s.snapshot() == before


def test_a_full_raise_reopens_the_betting():
    game = table(3, 0, [200, 200, 200])
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    s.apply(holdem_raise(10))
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem_raise(18))  # the big blind raises by a full 8
    s.apply(holdem.CHECK_CALL)  # seat 0 may call ...
    assert s.current_player == 1
    assert holdem.legal(s)["can_raise"] and holdem.legal(s)["raise_min"] == 26


def test_pot_limit_raises_at_most_the_pot_after_calling():
    game = table(3, 0, variant="plo")
    s = deal(game, {0: "AsAhKsKh", 1: "QsQhJsJh", 2: "TsThTdTc"})
    # First to act faces 2 into a pot of 3: call 2 makes 5, raise 5 more: to 7.
    assert holdem.legal(s)["raise_max"] == 7
    with pytest.raises(meeple.IllegalActionError, match=r"4\.\.7"):
        s.apply(holdem_raise(8))
    s.apply(holdem_raise(7))
    # The small blind (1 in) calls 6 into a pot of 10, making 16: raise to 7 + 16 = 23.
    assert holdem.legal(s)["raise_max"] == 23
    assert holdem.legal(s)["raise_min"] == 12


def test_no_limit_raises_up_to_the_whole_stack():
    game = table(2, 0, [120, 300])
    s = deal(game, {0: "AsAh", 1: "KsKh"})
    assert s.current_player == 0  # heads-up: the button posts the small blind and acts first
    assert view(s)["seats"][0]["bet"] == 1
    assert holdem.legal(s)["raise_max"] == 120


def test_an_uncalled_bet_goes_back_to_its_owner():
    game = table(2, 0, [200, 50])
    s = deal(game, {0: "AsAh", 1: "KsKh"})
    s.apply(holdem_raise(200))  # the button shoves 200
    s.apply(holdem.CHECK_CALL)  # the big blind calls all-in for 50
    v = view(s)
    assert v["pot"] == 100 and v["seats"][0]["stack"] == 150  # 150 of the 200 came back
    board(s, "2c7d9hJd3s")
    assert holdem.payoffs(s) == [50, -50]


def test_a_fold_to_one_wins_the_pot_without_a_showdown_and_shows_no_cards():
    game = table(3, 0)
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    s.apply(holdem_raise(10))
    s.apply(holdem.FOLD)
    s.apply(holdem.FOLD)
    assert s.is_terminal
    public = s.view(meeple.PUBLIC)
    assert not public["showdown"] and [p["hole"] for p in public["seats"]] == [None, None, None]
    assert holdem.payoffs(s) == [3, -1, -2]
    assert public["board"] == []


def test_heads_up_the_big_blind_acts_first_after_the_flop():
    game = table(2, 1)
    s = deal(game, {0: "AsAh", 1: "KsKh"})
    assert s.current_player == 1  # the button (small blind) first preflop
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)
    board(s, "2c7d9h")
    assert s.current_player == 0


def test_folding_is_not_offered_when_checking_is_free():
    game = table(2, 1)
    s = deal(game, {0: "AsAh", 1: "KsKh"})
    s.apply(holdem.CHECK_CALL)
    assert s.current_player == 0 and holdem.FOLD not in s.legal_actions()


def test_the_last_river_bettor_shows_first_and_the_others_follow_clockwise():
    game = table(3, 0)
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    for _ in range(3):
        s.apply(holdem.CHECK_CALL)
    board(s, "2c7d9h")
    for _ in range(3):
        s.apply(holdem.CHECK_CALL)
    board(s, "Jd")
    for _ in range(3):
        s.apply(holdem.CHECK_CALL)
    board(s, "3s")
    s.apply(holdem.CHECK_CALL)  # seat 1
    s.apply(holdem_raise(6))    # seat 2 bets
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)
    assert view(s)["showdown_order"] == [2, 0, 1]
    shows = [line.strip(" ',") for line in holdem.to_phh(s).splitlines() if " sm " in line]
    assert shows == ["p2 sm QsQh", "p3 sm AsAh", "p1 sm KsKh"]  # p1 is seat 1, left of the button


def test_raise_sizes_of_the_action_space_are_pot_fractions_clipped_to_the_legal_range():
    game = meeple.Game("holdem(players=2,button=0,bet_sizes=min/0.5/1/3/max,unit=chips)")
    s = game.new_state(1)
    names = [game.action_name(a) for a in s.legal_actions()]
    # Pot 3, call 1: half the pot after calling (2) reaches the minimum and is left
    # to `min`; the pot (4) raises to 6; 3 pots to 14; max is the stack.
    assert names == ["fold", "check_call", "raise(min)", "raise(1pot)", "raise(3pot)", "raise(max)"]
    s.apply(holdem.FIRST_RAISE + 2)  # raise(1pot), the third size
    assert view(s)["seats"][0]["bet"] == 6


def test_bad_options_are_refused_with_what_is_right():
    with pytest.raises(meeple.InvalidArgumentError, match="do not cover the ante and the big blind"):
        meeple.Game("holdem(stack=2)")
    with pytest.raises(meeple.InvalidArgumentError, match="larger than big_blind"):
        meeple.Game("holdem(small_blind=5,big_blind=2)")
    with pytest.raises(meeple.InvalidArgumentError, match="lists 2 stacks for 3 players"):
        meeple.Game("holdem(players=3,stacks=100/100)")
    with pytest.raises(meeple.InvalidArgumentError, match="not a seat"):
        meeple.Game("holdem(players=3,button=5)")
    with pytest.raises(meeple.InvalidArgumentError, match="pot fraction"):
        meeple.Game("holdem(bet_sizes=min/huge)")
    with pytest.raises(meeple.InvalidArgumentError):
        meeple.Game("holdem(players=11)")


def test_bad_actions_change_nothing():
    game = table(3, 0)
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    before = s.snapshot()
    with pytest.raises(meeple.NotActiveError):
        s.apply(holdem.CHECK_CALL, player=1)  # out of turn
    with pytest.raises(meeple.NotActiveError):
        holdem.raise_to(s, 10, player=2)
    with pytest.raises(meeple.IllegalActionError, match="4..200"):
        s.apply(holdem_raise(3))
    with pytest.raises(meeple.IllegalActionError, match="4..200"):
        s.apply(holdem_raise(201))
    with pytest.raises(TypeError):
        s.apply(holdem_raise(10.5))  # type: ignore[arg-type]
    with pytest.raises(meeple.IllegalActionError):
        s.apply(game.num_actions - 1)  # a card is not a seat's action
    assert s.snapshot() == before
    with pytest.raises(ValueError, match="game holdem"):
        holdem.raise_to(meeple.Game("tictactoe").new_state(), 10)
    dealing = game.new_state(0)
    with pytest.raises(meeple.NotActiveError, match="deals cards"):
        holdem.raise_to(dealing, 10)


def test_returns_are_in_big_blinds_by_default_and_in_chips_on_request():
    for unit, scale in (("big_blinds", 0.5), ("chips", 1.0)):
        game = meeple.Game(f"holdem(players=2,button=0,big_blind=2,unit={unit})")
        s = game.new_state(3)
        s.apply(holdem.FOLD)
        assert list(s.returns) == [-1 * scale, 1 * scale]
        assert list(s.step_reward) == list(s.returns)


def test_the_observation_shows_each_seat_only_what_it_may_see():
    game = table(3, 0)
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh"})
    fields = {f.name: f for f in game.obs_fields}
    assert list(fields) == ["holes", "board", "street", "button", "acting", "folded", "all_in", "stacks", "bets",
                            "contributed", "pot", "to_call", "raise_range", "history", "payoffs"]
    def holes(viewer: int) -> np.ndarray:
        f = fields["holes"]
        return s.observation(viewer)[f.offset:f.offset + f.size].reshape(f.shape)
    seat1 = holes(1)
    assert seat1[0, card("Ks")] == 1 and seat1[0].sum() == 2 and seat1[1:].sum() == 0
    assert holes(meeple.PUBLIC).sum() == 0
    assert holes(meeple.ALL).sum() == 6
    s.apply(holdem_raise(10))
    obs = s.observation(1)
    h = fields["history"]
    row = obs[h.offset:h.offset + h.size].reshape(h.shape)[0]
    assert row[2] == 1  # seat 0 is two places after seat 1
    assert row[3 + 2] == 1 and row[3 + 3] == 1 and row[-1] == 5.0  # a raise, preflop, to 5 big blinds
    rr = fields["raise_range"]
    assert list(obs[rr.offset:rr.offset + 2]) == [18 / 2, 200 / 2]  # seat 1 to act


def test_determinize_redraws_only_the_unseen_hole_cards():
    game = meeple.Game("holdem(players=4)")
    rng = random.Random(1)
    for seed in range(30):
        s = game.new_state(seed)
        while not s.is_terminal and rng.random() < 0.8:
            s.apply(rng.choice(s.legal_actions()))
        pov = rng.randrange(4)
        d = s.determinize(pov, seed)
        a, b = s.view(meeple.ALL), d.view(meeple.ALL)
        assert a["board"] == b["board"] and a["actions"] == b["actions"]
        used = set(b["board"])
        for seat in range(4):
            assert not used & set(b["seats"][seat]["hole"])
            used |= set(b["seats"][seat]["hole"])
            if seat == pov or (a["showdown"] and not a["seats"][seat]["folded"]):
                assert a["seats"][seat]["hole"] == b["seats"][seat]["hole"]
        assert s.view(pov) == d.view(pov)


def test_random_hands_keep_every_invariant_through_snapshots():
    rng = random.Random(5)
    for spec in ["holdem(players=6,ante=1,stacks=10/40/100/200/300/35)",
                 "holdem(players=5,variant=plo,explicit_chance=true,stack=60)",
                 "holdem(players=2,bet_sizes=min/0.25/0.33/0.75/1.5/max)"]:
        game = meeple.Game(spec)
        for seed in range(60):
            s = game.new_state(seed)
            total = sum(p["stack"] + p["contributed"] for p in s.view(meeple.ALL)["seats"])
            while not s.is_terminal:
                back = game.restore(s.snapshot())  # restore runs the invariant checker
                assert back == s
                s.apply(rng.choice(s.legal_actions()))
            v = s.view(meeple.ALL)
            assert sum(p["stack"] for p in v["seats"]) == total
            assert sum(v["payoffs"]) == 0 and sum(v["won"]) == v["pot"]


STATE = 48 + 32 + 8  # the snapshot header, the generator, the move number
DEALT, HOLE, BOARD = 336, 2392, 2432  # offsets in the state (holdem.hpp's State)


@pytest.mark.parametrize("forge, reason", [
    (lambda d: d.__setitem__(STATE + HOLE + 4, d[STATE + HOLE]), "dealt twice"),          # seat 1 holds seat 0's card
    (lambda d: struct.pack_into("<Q", d, STATE + DEALT, 1), "dealt-card mask"),
    (lambda d: (d.__setitem__(STATE + BOARD, 51),  # a river card on a preflop table, in the mask too
                struct.pack_into("<Q", d, STATE + DEALT, struct.unpack_from("<Q", d, STATE + DEALT)[0] | 1 << 51)),
     "the board does not match the street"),
    (lambda d: d.__setitem__(STATE + HOLE + 2, 7), "out of place"),                        # a third hole card in Hold'em
])
def test_forged_cards_are_refused(forge, reason):
    game = meeple.Game("holdem(players=2)")
    data = bytearray(game.new_state(1).snapshot())
    forge(data)
    from test_snapshot_forgery import reseal
    with pytest.raises(meeple.ParseError, match=reason):
        game.restore(reseal(data))


def test_a_forged_snapshot_with_chips_from_nowhere_is_refused():
    game = meeple.Game("holdem(players=2)")
    data = bytearray(game.new_state(1).snapshot())
    header, rng_and_move = 48, 32 + 8
    offset = header + rng_and_move  # State.stack[0], an int64
    (stack,) = struct.unpack_from("<q", data, offset)
    struct.pack_into("<q", data, offset, stack + 1000)
    from test_snapshot_forgery import reseal
    with pytest.raises(meeple.ParseError, match="not conserved"):
        game.restore(reseal(data))


def test_enumerate_outcomes_lists_the_river_card_and_refuses_a_flop():
    game = meeple.Game("holdem(players=2,button=0)")
    s = game.new_state(2)
    s.apply(holdem.CHECK_CALL)
    with pytest.raises(meeple.InvalidArgumentError, match="explicit_chance"):
        s.enumerate_outcomes(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)  # the flop checks through: the turn card comes
    s.apply(holdem.CHECK_CALL)
    outcomes = s.enumerate_outcomes(holdem.CHECK_CALL)  # the turn closes: the river
    assert len(outcomes) == 52 - 4 - 4 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    boards = {tuple(o.view(meeple.ALL)["board"]) for o, _ in outcomes}
    assert len(boards) == 44


def test_search_and_agents_play_holdem():
    game = meeple.Game("holdem(players=3)")
    s = game.new_state(4)
    for spec in ["random", "mcts(iterations=50)", "ismcts(iterations=50)"]:
        agent = meeple.agents.Agent(spec, game, seed=1)
        assert agent.act(s) in s.legal_actions()


def test_random_hands_keep_the_generic_invariants():
    # The laws every game keeps (test_random_play.py): masks match legal actions, an
    # illegal action changes no byte, observations are finite for every viewer.
    from test_random_play import play_random

    for spec in ["holdem(players=3,ante=1)", "holdem(players=4,variant=plo,explicit_chance=true,stack=40)"]:
        game = meeple.Game(spec)
        for seed in range(12):
            state, actions = play_random(game, seed)
            assert state.move_number == len(actions)
            assert abs(state.returns.sum()) < 1e-9


def test_same_seed_and_actions_give_the_same_bytes():
    game = meeple.Game("holdem(players=5)")
    for seed in range(20):
        rng = random.Random(seed)
        a, b = game.new_state(seed), game.new_state(seed)
        assert a.snapshot() == b.snapshot()
        while not a.is_terminal:
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
            assert a.snapshot() == b.snapshot()


def test_a_written_hand_history_replays_to_the_same_hand():
    rng = random.Random(3)
    for spec in ["holdem(players=4,ante=2,stacks=30/200/90/400)", "holdem(players=3,variant=plo)",
                 "holdem(players=2)"]:
        game = meeple.Game(spec)
        for seed in range(25):
            s = game.new_state(seed)
            while not s.is_terminal:
                s.apply(rng.choice(s.legal_actions()))
            replayed = holdem.from_phh(holdem.to_phh(s))
            a, b = s.view(meeple.ALL), replayed.view(meeple.ALL)
            # The replay numbers seats from the left of the button: seat i is p{i+1}.
            order = [(a["button"] + 1 + i) % a["players"] for i in range(a["players"])]
            assert b["board"] == a["board"] and b["showdown"] == a["showdown"]
            assert [a["seats"][seat]["hole"] for seat in order] == [p["hole"] for p in b["seats"]]
            assert [a["payoffs"][seat] for seat in order] == b["payoffs"]
            assert [(order.index(x["seat"]), x["action"], x["amount"]) for x in a["actions"]] == \
                   [(x["seat"], x["action"], x["amount"]) for x in b["actions"]]


PHH = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 500, 800]
actions = [
  'd dh p1 ????',
  'd dh p2 ????',
  'd dh p3 AcAd',
  'p3 cbr 30',
  'p1 f',
  'p2 cc',
  'd db Ks7d2c',
  'p2 cc',
  'p3 cbr 40',
  'p2 cbr 470',
  'p3 cc',
  'd db 3h',
  'd db 9s',
  'p2 sm KdKh',
  'p3 sm AcAd',
]
"""


def test_a_real_hand_with_unknown_cards_replays_taking_the_shown_ones():
    s = holdem.from_phh(PHH, seed=4)
    v = s.view(meeple.ALL)
    assert s.is_terminal and v["seats"][1]["hole"] == ["Kd", "Kh"] and v["seats"][2]["hole"] == ["Ac", "Ad"]
    assert holdem.payoffs(s) == [-5, 505, -500]  # the kings make a set on the board and beat the aces
    assert v["seats"][0]["hole"] and not set(v["seats"][0]["hole"]) & {"Kd", "Kh", "Ac", "Ad", "Ks", "7d", "2c"}


@pytest.mark.parametrize("change, message", [
    (("'NT'", "'FR'"), "variant 'FR' is not supported"),
    (("blinds_or_straddles = [5, 10, 0]", "blinds_or_straddles = [5, 10, 600]"),
     "do not cover the largest ante and blind or straddle"),
    (("min_bet = 10", "min_bet = 0"), "min_bet 0"),
    (("antes = [0, 0, 0]", "antes = [0, 0]"), "antes lists 2 values for 3 players"),
    (("'NT'", "'FT'"), "no 'small_bet' field"),
    (("'p1 f'", "'p2 f'"), "PHH action 5 'p2 f'"),
    (("'p3 cbr 30'", "'p3 cbr 15'"), "outside the legal range"),
    (("'p3 cbr 30'", "'p3 raise 30'"), "not a PHH action"),
    (("AcAd", "AcXd"), "bad card"),
    (("min_bet = 10", "min_bet = "), "TOML"),
])
def test_a_bad_hand_history_is_refused_with_what_is_wrong(change, message):
    with pytest.raises(ValueError, match=message):
        holdem.from_phh(PHH.replace(*change))


def test_the_heuristic_wins_chips_from_random_play():
    game = meeple.Game("holdem(players=2)")
    hero, villain = meeple.agents.Agent("heuristic", game, seed=1), meeple.agents.Agent("random", game, seed=2)
    total = 0.0
    hands = 300
    for seed in range(hands):
        s = game.new_state(seed)
        seat = seed % 2  # both positions, in turn
        while not s.is_terminal:
            agent = hero if s.current_player == seat else villain
            s.apply(agent.act(s))
        total += s.returns[seat]
    assert total / hands > 2.0, total / hands  # big blinds a hand


def test_mangled_hand_histories_raise_value_errors_and_nothing_else():
    rng = random.Random(11)
    alphabet = "0123456789[]'=,\n pfccbrdhsm?AKQJTs"
    for _ in range(1500):
        text = list(PHH)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text))
            text[i] = rng.choice(alphabet) if rng.random() < 0.7 else ""
        try:
            holdem.from_phh("".join(text), seed=1)
        except (ValueError, IndexError):  # IndexError: OutOfRangeError, a seat beyond the table
            pass


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    # Button 3: seat 2 opens to 10 (a raise of 8). Seat 3 goes all-in to 14 and seat 0
    # to 18: two short raises of 4 that together make a full raise of 8.
    game = table(4, 3, [18, 200, 200, 14])
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh", 3: "JsJh"})
    s.apply(holdem_raise(10))
    s.apply(holdem_raise(14))
    s.apply(holdem_raise(18))
    s.apply(holdem.CHECK_CALL)  # the big blind calls 18
    assert s.current_player == 2
    assert holdem.legal(s)["can_raise"] and holdem.legal(s)["raise_min"] == 26


def test_one_short_all_in_leaves_the_opener_only_call_or_fold():
    game = table(4, 3, [200, 200, 200, 14])
    s = deal(game, {0: "AsAh", 1: "KsKh", 2: "QsQh", 3: "JsJh"})
    s.apply(holdem_raise(10))
    s.apply(holdem_raise(14))  # seat 3 all-in: 4 more, short of 8
    s.apply(holdem.CHECK_CALL)
    s.apply(holdem.CHECK_CALL)
    assert s.current_player == 2
    assert holdem.legal(s) == {"fold": True, "call": 4, "can_raise": False, "raise_min": 0, "raise_max": 0}


@settings(max_examples=150, deadline=None)
@given(players=st.integers(-1, 12), stacks=st.text(alphabet="0123456789/-x", max_size=16),
       sizes=st.text(alphabet="0123456789./minaxl", max_size=16), blinds=st.tuples(st.integers(-1, 50), st.integers(-1, 50)))
def test_any_holdem_options_make_a_game_or_a_meeple_error(players, stacks, sizes, blinds):
    spec = f"holdem(players={players},stacks={stacks},bet_sizes={sizes},small_blind={blinds[0]},big_blind={blinds[1]})"
    try:
        game = meeple.Game(spec)
    except meeple.MeepleError:
        return
    s = game.new_state(1)
    rng = random.Random(1)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))


@settings(max_examples=200, deadline=None)
@given(position=st.integers(0, 2999), value=st.integers(0, 255))
def test_a_flipped_byte_in_a_holdem_snapshot_is_refused_or_plays_on(position, value):
    game = meeple.Game("holdem(players=3)")
    s = game.new_state(2)
    s.apply(holdem.CHECK_CALL)
    data = bytearray(s.snapshot())
    data[position % len(data)] = value
    from test_snapshot_forgery import reseal
    try:
        back = game.restore(reseal(data))
    except meeple.MeepleError:
        return
    rng = random.Random(1)
    while not back.is_terminal:
        back.apply(rng.choice(back.legal_actions()))
        game.restore(back.snapshot())  # every later state passes the invariant check too
