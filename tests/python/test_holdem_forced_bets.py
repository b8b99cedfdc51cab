"""Game holdem's forced bets and fixed-limit betting from Python: the view names them,
PHH writes and replays them (by position, as PHH lists them), and bad values are refused
naming the rule. The rules themselves are tested in tests/cpp/test_holdem_forced_bets.cpp
and against PokerKit in test_holdem_differential.py and test_poker_phh_pokerkit.py."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple import holdem


def played(spec: str, seed: int = 3):
    game = meeple.Game(spec)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        player = state.current_player
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


def test_the_view_names_the_betting_and_each_seats_ante_and_blind() -> None:
    state = meeple.Game("holdem(players=4,button=3,blinds=1/2/4,big_blind_ante=3,betting=limit)").new_state(1)
    v = state.view(meeple.ALL)
    assert (v["betting"], v["small_bet"], v["big_bet"], v["raise_cap"], v["ante_trimming"]) == ("limit", 2, 4, 4, False)
    assert [(s["ante"], s["blind"]) for s in v["seats"]] == [(0, 1), (3, 2), (0, 4), (0, 0)]
    assert v["to_act"] == 3 and v["legal"]["raise_min"] == v["legal"]["raise_max"] == 6
    assert state.render().startswith("LHE, preflop")
    assert state.game.action_name(2) == "raise(min)" and state.game.num_actions == 2 + 1 + 52


@pytest.mark.parametrize("spec, lines", [
    ("holdem(players=3,betting=limit,small_bet=4,big_bet=8,big_blind=4,small_blind=2)",
     ["variant = 'FT'", "small_bet = 4", "big_bet = 8", "blinds_or_straddles = [2, 4, 0]"]),
    ("holdem(players=4,blinds=1/2/4)", ["variant = 'NT'", "blinds_or_straddles = [1, 2, 4, 0]", "min_bet = 2"]),
    ("holdem(players=3,big_blind_ante=5)", ["antes = [0, 5, 0]", "ante_trimming_status = false"]),
    ("holdem(players=3,antes=1/5/3,ante_trimming=true)", ["antes = [1, 3, 3]", "ante_trimming_status = true"]),
    ("holdem(players=2,button_ante=3)", ["antes = [3, 0]", "blinds_or_straddles = [1, 2]"]),
    ("holdem(players=5,variant=plo,blinds=0/0/4,big_blind=4,stack=300)", ["variant = 'PO'", "min_bet = 4"]),
])
def test_hands_with_forced_bets_write_as_phh_and_replay_to_the_same_stacks(spec: str, lines: list[str]) -> None:
    for seed in range(8):
        state = played(spec, seed)
        text = holdem.to_phh(state)
        for line in lines:
            assert line in text.splitlines(), (line, text)
        back = holdem.from_phh(text)
        view = state.view(meeple.ALL)
        order = [(view["button"] + 1 + i) % view["players"] for i in range(view["players"])]
        assert [s["stack"] for s in back.view(meeple.ALL)["seats"]] == [view["seats"][p]["stack"] for p in order]


@pytest.mark.parametrize("spec, words", [
    ("holdem(betting=pot_limit)", "PHH has no variant for pot-limit nlhe"),
    ("holdem(variant=plo,betting=limit)", "PHH has no variant for limit plo"),
    ("holdem(raise_cap=2)", "PHH has no field for raise_cap 2"),
    ("holdem(betting=limit,raise_cap=0)", "PHH has no field for raise_cap 0"),
])
def test_a_game_phh_cannot_state_is_refused_when_written(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        holdem.to_phh(played(spec))


@pytest.mark.parametrize("spec, words", [
    ("holdem(betting=limit,bet_sizes=min/1/max)", "bet_sizes is min"),
    ("holdem(big_bet=8)", "set betting=limit"),
    ("holdem(players=3,blinds=1/2/4/8)", "lists 4 amounts for 3 players"),
    ("holdem(antes=0/-1)", "antes entry '-1' \\(position 1\\)"),
    ("holdem(ante=1,antes=1/1)", "not both"),
    ("holdem(small_blind=5,big_blind=10,blinds=5/10)", "give blinds alone"),
    ("holdem(players=3,stack=50,blinds=1/2/50)", "do not cover the largest ante and blind or straddle"),
    ("holdem(raise_cap=300)", "raise_cap"),
])
def test_bad_forced_bet_options_are_refused_naming_the_rule(spec: str, words: str) -> None:
    with pytest.raises(meeple.InvalidArgumentError, match=words):
        meeple.Game(spec)
