"""Catan positions in every phase: a position read off a state (meeple.catan.position_of)
builds the same state, byte for byte but its generator, in every phase random play
reaches; the rebuilt state plays on legally, and with explicit chance exactly as the
original. Constructed positions check what each phase's keys mean and what is refused."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple import catan

RECORD_GENERATOR = 48 + 32  # snapshot header, then the generator's 4 x u64
LIVE_PHASES = {"setup_settlement", "setup_road", "before_roll", "discard", "move_robber", "choose_victim",
               "main", "road_building", "trade_draft", "trade_answer", "trade_confirm"}
CHANCE_PHASES = {"chance_dice", "chance_development", "chance_steal"}


def state_bytes(state: meeple.State) -> bytes:
    """The game state of a snapshot, without its generator and move counter."""
    return state.snapshot()[RECORD_GENERATOR + 8:]


def choose(state: meeple.State, rng: random.Random) -> int:
    if state.active_players == (meeple.CHANCE,):
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def round_trips(spec: str, seeds: range, every: int) -> set[str]:
    """Plays random games of `spec`, rebuilding every `every`-th position from its
    document; returns the phases met."""
    game = meeple.Game(spec)
    explicit = "explicit_chance=true" in spec
    seen: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        step = 0
        while not state.is_terminal:
            phase = state.view(meeple.ALL)["phase"]
            if step % every == 0 or phase not in seen:
                seen.add(phase)
                rebuilt = game.from_position(catan.position_of(state), seed=seed + 1000)
                assert state_bytes(rebuilt) == state_bytes(state), (spec, seed, step, phase)
                assert rebuilt.legal_actions(meeple.CHANCE if state.active_players == (meeple.CHANCE,) else None) \
                    == state.legal_actions(meeple.CHANCE if state.active_players == (meeple.CHANCE,) else None)
                if explicit:
                    # No generator in play: the same actions give the same bytes.
                    twin, copy = rebuilt, game.restore(state.snapshot())
                    for _ in range(40):
                        if copy.is_terminal:
                            break
                        a = choose(copy, rng)
                        copy.apply(a)
                        twin.apply(a)
                        assert state_bytes(twin) == state_bytes(copy)
            state.apply(choose(state, rng))
            step += 1
    return seen


def test_every_phase_of_random_play_round_trips_through_a_position():
    seen = round_trips("catan", range(3), every=7)
    seen |= round_trips("catan(players=2,board=beginner)", range(2), every=7)
    assert LIVE_PHASES <= seen, LIVE_PHASES - seen


def test_explicit_chance_positions_round_trip_and_play_on_identically():
    seen = round_trips("catan(players=3,explicit_chance=true)", range(2), every=11)
    assert CHANCE_PHASES <= seen, CHANCE_PHASES - seen


def test_rebuilt_positions_play_on_to_the_end_within_the_rules():
    game = meeple.Game("catan(players=3)")
    rng = random.Random(4)
    state = game.new_state(seed=4)
    rebuilt_count = 0
    while not state.is_terminal:
        if rng.random() < 0.02:
            state = game.from_position(catan.position_of(state), seed=rng.randrange(1 << 30))
            rebuilt_count += 1
        state.apply(choose(state, rng))
        game.restore(state.snapshot())  # the library's own check of every invariant
    assert rebuilt_count > 5


BEGINNER = meeple.Game("catan(board=beginner)")
TOPOLOGY = catan.topology()


def test_a_setup_position_gives_the_turn_by_snake_order():
    # Five settlements and four roads in a 4-seat game: seats 0, 1, 2, 3, then 3 again
    # (snake order), whose second settlement (node 42) waits for its road.
    pos = {"phase": "setup_road",
           "buildings": [{"node": n, "owner": o, "kind": "settlement"}
                         for n, o in [(0, 0), (10, 1), (20, 2), (32, 3), (42, 3)]],
           "roads": [{"edge": int(TOPOLOGY["node_edges"][n][0]), "owner": o} for n, o in [(0, 0), (10, 1), (20, 2), (32, 3)]]}
    state = BEGINNER.from_position(pos)
    view = state.view(meeple.ALL)
    assert view["turn_seat"] == 3
    assert state.active_players == (3,)
    # The road must touch node 42, the settlement without its road.
    for a in state.legal_actions():
        assert 42 in TOPOLOGY["edge_nodes"][a - catan.BUILD_ROAD].tolist()
    with pytest.raises(ValueError, match="snake order"):
        BEGINNER.from_position({**pos, "turn_seat": 1})


def test_a_position_with_discards_owed_asks_the_lowest_seat_first():
    pos = {"phase": "discard", "dice": 7,
           "buildings": [{"node": 0, "owner": 0, "kind": "settlement"}],
           "resources": [[0] * 5, [3, 3, 3, 0, 0], [0] * 5, [2, 2, 2, 2, 1]],
           "discard_owed": [0, 4, 0, 4]}
    state = BEGINNER.from_position(pos)
    assert state.active_players == (1,)
    assert all(catan.DISCARD <= a < catan.DISCARD + 5 for a in state.legal_actions())
    with pytest.raises(ValueError, match="more than half"):
        BEGINNER.from_position({**pos, "discard_owed": [0, 5, 0, 4]})
    with pytest.raises(ValueError, match="discard_owed"):
        BEGINNER.from_position({**pos, "discard_owed": [0, 0, 0, 0]})


def test_a_robber_position_before_the_roll_comes_from_a_knight():
    pos = {"phase": "move_robber", "rolled": False, "knights": [1, 0, 0, 0],
           "buildings": [{"node": 0, "owner": 0, "kind": "settlement"}]}
    state = BEGINNER.from_position(pos)
    assert state.view(meeple.ALL)["development_played_this_turn"] is True
    state.apply(catan.MOVE_ROBBER + 4)
    assert state.view(meeple.ALL)["phase"] == "before_roll"
    assert state.legal_actions() == [catan.ROLL]
    with pytest.raises(ValueError, match="development_played_this_turn"):
        BEGINNER.from_position({**pos, "development_played_this_turn": False})


def test_a_victim_to_choose_and_an_open_offer_with_its_answers():
    buildings = [{"node": 8, "owner": 1, "kind": "settlement"}, {"node": 23, "owner": 2, "kind": "settlement"},
                 {"node": 41, "owner": 0, "kind": "settlement"}]
    hands = [[1, 0, 0, 0, 0], [0, 0, 2, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 1, 0]]
    state = BEGINNER.from_position({"phase": "choose_victim", "robber": 4, "buildings": buildings, "resources": hands})
    assert state.legal_actions() == [catan.STEAL + 1, catan.STEAL + 2]
    offer = {"give": [1, 0, 0, 0, 0], "want": [0, 0, 0, 1, 0], "responder": 3, "accepted": [1]}
    with pytest.raises(ValueError, match="cannot pay"):
        BEGINNER.from_position({"phase": "trade_answer", "buildings": buildings, "resources": hands, "trade": offer})
    offer = {**offer, "want": [0, 0, 1, 0, 0]}
    state = BEGINNER.from_position({"phase": "trade_answer", "buildings": buildings, "resources": hands, "trade": offer})
    assert state.active_players == (3,)
    state.apply(catan.DECLINE_OFFER)
    assert state.view(meeple.ALL)["phase"] == "trade_confirm"
    assert state.legal_actions() == [catan.CANCEL_OFFER, catan.CONFIRM_OFFER + 1]
    with pytest.raises(ValueError, match="has not answered yet"):
        BEGINNER.from_position({"phase": "trade_answer", "buildings": buildings, "resources": hands,
                                "trade": {**offer, "responder": 1, "accepted": [2]}})


def test_road_building_in_progress_ends_where_the_turn_was():
    pos = {"phase": "road_building", "free_roads": 1, "rolled": False,
           "buildings": [{"node": 8, "owner": 0, "kind": "settlement"}]}
    state = BEGINNER.from_position(pos)
    assert len(state.legal_actions()) == 3  # the three edges at node 8
    state.apply(state.legal_actions()[0])
    assert state.view(meeple.ALL)["phase"] == "before_roll"
    with pytest.raises(ValueError, match="free_roads"):
        BEGINNER.from_position({"phase": "main", "free_roads": 1})


def test_the_friendly_robber_is_a_documented_option_that_shields_small_seats():
    option = meeple.Game("catan").options["friendly_robber"]
    assert option.default == "false" and "2 or fewer public victory points" in option.meaning
    # Seat 1 has 2 points (nodes 8 and 51), seat 2 has 3 (23, 53, 3); seat 0 moves the robber.
    pos = {"phase": "move_robber",
           "buildings": [{"node": n, "owner": o, "kind": "settlement"}
                         for n, o in [(8, 1), (51, 1), (23, 2), (53, 2), (3, 2), (41, 0)]],
           "resources": [[0] * 5, [0, 0, 2, 0, 0], [0, 1, 0, 0, 0], [0] * 5]}
    friendly = meeple.Game("catan(board=beginner,friendly_robber=true)").from_position(pos)
    plain = BEGINNER.from_position(pos)
    hexes = lambda s: {a - catan.MOVE_ROBBER for a in s.legal_actions()}  # noqa: E731
    assert hexes(plain) - hexes(friendly) == {0, 1, 4, 16}  # every hex touching seat 1
    assert 18 in hexes(friendly)  # seat 2's hex, 3 points
