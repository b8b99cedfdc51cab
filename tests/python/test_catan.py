"""Catan through the Python binding: determinism, snapshots, hidden information (one
test per hidden field, in the observation and in the view), determinize, exact chance,
the topology and the action constants against the library."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import meeple
from meeple import catan


def field(state: meeple.State, viewer: int, name: str) -> np.ndarray:
    """One named block of the observation, in its shape."""
    f = next(f for f in state.game.obs_fields if f.name == name)
    obs = state.observation(viewer)
    shape = tuple(d for d in f.shape if d)
    return obs[f.offset:f.offset + f.size].reshape(shape)


def play_random(state: meeple.State, steps: int, rng: random.Random) -> list[int]:
    actions = []
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.active_players == (meeple.CHANCE,):
            outcomes = state.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(state.legal_actions())
        state.apply(a)
        actions.append(a)
    return actions


def play_until(state: meeple.State, rng: random.Random, predicate, limit: int = 20000) -> None:
    for _ in range(limit):
        if predicate(state):
            return
        assert not state.is_terminal
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("random play never reached the wanted position")


def test_same_seed_and_actions_give_the_same_bytes():
    game = meeple.Game("catan")
    a, b = game.new_state(seed=5), game.new_state(seed=5)
    actions = play_random(a, 2000, random.Random(1))
    for x in actions:
        b.apply(x)
    assert a.snapshot() == b.snapshot()
    assert game.new_state(seed=6).snapshot() != game.new_state(seed=5).snapshot()


def test_snapshot_round_trip_plays_on_identically():
    game = meeple.Game("catan(players=3)")
    state = game.new_state(seed=2)
    play_random(state, 700, random.Random(2))
    back = game.restore(state.snapshot())
    assert back == state
    rng1, rng2 = random.Random(3), random.Random(3)
    play_random(state, 300, rng1)
    play_random(back, 300, rng2)
    assert back.snapshot() == state.snapshot()
    assert len(state.snapshot()) < 512


def test_opponents_resources_are_hidden():
    state = meeple.Game("catan").new_state(seed=3)
    play_until(state, random.Random(4), lambda s: all(p["hand_size"] > 0 for p in s.view(meeple.ALL)["players"]))
    for viewer in range(4):
        players = state.view(viewer)["players"]
        for p in players:
            assert (p["resources"] is None) == (p["seat"] != viewer)
        rows = field(state, viewer, "resources")
        assert rows[0].sum() == players[viewer]["hand_size"]
        assert not rows[1:].any()
    assert all(p["resources"] is None for p in state.view(meeple.PUBLIC)["players"])
    assert not field(state, meeple.PUBLIC, "resources").any()
    assert field(state, meeple.ALL, "resources").sum() == sum(p["hand_size"] for p in state.view(meeple.ALL)["players"])


def test_opponents_development_cards_are_hidden():
    state = meeple.Game("catan").new_state(seed=4)
    play_until(state, random.Random(5),
               lambda s: sum(p["development_count"] for p in s.view(meeple.ALL)["players"]) >= 2)
    everyone = state.view(meeple.ALL)["players"]
    for viewer in range(4):
        for p in state.view(viewer)["players"]:
            assert (p["development"] is None) == (p["seat"] != viewer)
            assert (p["vp"] is None) == (p["seat"] != viewer)
            assert p["development_count"] == everyone[p["seat"]]["development_count"]
        assert not field(state, viewer, "dev_cards")[1:].any()
        assert not field(state, viewer, "dev_new")[1:].any()


def test_deck_content_is_hidden_only_its_size_shows():
    state = meeple.Game("catan").new_state(seed=5)
    play_random(state, 400, random.Random(6))
    for viewer in (0, meeple.PUBLIC, meeple.ALL):
        view = state.view(viewer)
        assert "deck" not in view
        assert view["deck_size"] == 25 - sum(p["development_count"] for p in state.view(meeple.ALL)["players"]) \
            - sum(view["played"].values())
    # Two states that differ only in which cards are left in the deck look alike.
    a = meeple.Game("catan").new_state(seed=7)
    play_until(a, random.Random(8), lambda s: s.view(meeple.ALL)["deck_size"] < 25 and s.current_player is not None)
    seat = next(p["seat"] for p in a.view(meeple.ALL)["players"] if p["development_count"] > 0)
    other = (seat + 1) % 4
    b = a.determinize(other, 11)
    assert np.array_equal(a.observation(other), b.observation(other))


def test_an_unopened_offer_shows_only_to_its_author():
    state = meeple.Game("catan(board=beginner)").new_state(seed=6)
    rng = random.Random(9)
    play_until(state, rng, lambda s: s.view(meeple.ALL)["phase"] == "main"
               and any(s.is_legal(catan.OFFER_GIVE + r) for r in range(5)))
    author = state.current_player
    give = next(r for r in range(5) if state.is_legal(catan.OFFER_GIVE + r))
    state.apply(catan.OFFER_GIVE + give)
    state.apply(catan.OFFER_WANT + (give + 1) % 5)
    for viewer in range(4):
        trade = state.view(viewer)["trade"]
        assert trade["author"] == author and trade["open"] is False
        if viewer == author:
            assert trade["give"][catan.RESOURCES[give]] == 1
            assert field(state, viewer, "offer_give")[give] == 1
        else:
            assert trade["give"] is None and trade["want"] is None
            assert not field(state, viewer, "offer_give").any()
            assert not field(state, viewer, "offer_want").any()
    state.apply(catan.OPEN_OFFER)
    for viewer in range(4):
        assert state.view(viewer)["trade"]["give"][catan.RESOURCES[give]] == 1


def test_legal_actions_show_only_to_the_acting_seat():
    state = meeple.Game("catan").new_state(seed=8)
    play_random(state, 300, random.Random(10))
    actor = state.current_player
    assert state.view(actor)["legal_actions"]
    assert state.view((actor + 1) % 4)["legal_actions"] is None


def test_determinize_keeps_the_pov_observation_float_for_float():
    game = meeple.Game("catan")
    state = game.new_state(seed=9)
    rng = random.Random(11)
    redrawn = 0
    for step in range(40):
        play_random(state, 60, rng)
        if state.is_terminal:
            break
        for pov in range(4):
            d = state.determinize(pov, seed=step * 4 + pov)
            assert np.array_equal(state.observation(pov), d.observation(pov))
            redrawn += d.view(meeple.ALL)["players"] != state.view(meeple.ALL)["players"]
    assert redrawn > 0


def test_roll_outcomes_are_two_dice_and_include_the_sampled_step():
    state = meeple.Game("catan(board=beginner)").new_state(seed=10)
    play_until(state, random.Random(12), lambda s: s.view(meeple.ALL)["phase"] == "before_roll")
    outcomes = state.enumerate_outcomes(catan.ROLL)
    assert [round(p * 36) for _, p in outcomes] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    sampled = state.clone()
    sampled.apply(catan.ROLL)
    assert sum(s == sampled for s, _ in outcomes) == 1
    assert [s.view(meeple.ALL)["dice"] for s, _ in outcomes] == list(range(2, 13))
    # An action without chance has one successor: the step itself.
    end = state.clone()
    end.apply(catan.ROLL)
    if end.is_legal(catan.END_TURN):
        (only, p), = end.enumerate_outcomes(catan.END_TURN)
        end.apply(catan.END_TURN)
        assert p == 1.0 and only == end


def test_explicit_chance_makes_the_chance_player_roll():
    state = meeple.Game("catan(explicit_chance=true)").new_state(seed=11)
    play_until(state, random.Random(13), lambda s: s.view(meeple.ALL)["phase"] == "before_roll")
    state.apply(catan.ROLL)
    assert state.active_players == (meeple.CHANCE,)
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [catan.CHANCE_DICE + k for k in range(11)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply(catan.CHANCE_DICE + 5, meeple.CHANCE)
    assert state.view(meeple.ALL)["dice"] == 7


def test_topology_comes_from_the_library_tables():
    topo = catan.topology()
    assert topo["hex_nodes"].shape == (19, 6)
    assert topo["edge_nodes"].shape == (72, 2)
    assert topo["harbor_nodes"].shape == (9, 2)
    assert topo["node_adjacency"].sum() == 2 * 72
    assert np.array_equal(topo["node_adjacency"], topo["node_adjacency"].T)
    for h in range(19):
        ring = topo["hex_nodes"][h]
        assert len(set(ring.tolist())) == 6
        for i in range(6):
            assert topo["node_adjacency"][ring[i], ring[(i + 1) % 6]]
    # The harbors of a view (another path through the library) sit on the same nodes.
    view = meeple.Game("catan(board=beginner)").new_state().view()
    assert [h["nodes"] for h in view["board"]["harbors"]] == topo["harbor_nodes"].tolist()
    with pytest.raises(meeple.InvalidArgumentError):
        meeple.Game("catan").data("layout")


def test_action_constants_match_the_library_names():
    game = meeple.Game("catan")
    versions = game.data("versions")
    assert versions["actions"] == catan.ACTION_LAYOUT_VERSION
    assert versions["observation"] == catan.OBSERVATION_VERSION
    assert versions["state"] == game.describe()["state_version"]
    assert game.num_actions == catan.NUM_ACTIONS
    expected = {
        catan.BUILD_ROAD + 17: "build_road(edge=17)",
        catan.BUILD_SETTLEMENT + 3: "build_settlement(node=3)",
        catan.BUILD_CITY + 53: "build_city(node=53)",
        catan.BUY_DEVELOPMENT: "buy_development",
        catan.PLAY_KNIGHT: "play_knight",
        catan.PLAY_ROAD_BUILDING: "play_road_building",
        catan.PLAY_YEAR_OF_PLENTY: "play_year_of_plenty(brick,brick)",
        catan.PLAY_MONOPOLY + 4: "play_monopoly(ore)",
        catan.ROLL: "roll",
        catan.END_TURN: "end_turn",
        catan.MOVE_ROBBER + 18: "move_robber(hex=18)",
        catan.STEAL + 3: "steal(seat=3)",
        catan.DISCARD + 2: "discard(wool)",
        catan.maritime_action(2, 4): "maritime_trade(give=wool,get=ore)",
        catan.OFFER_GIVE: "offer_give(brick)",
        catan.OFFER_WANT + 4: "offer_want(ore)",
        catan.OPEN_OFFER: "open_offer",
        catan.CANCEL_OFFER: "cancel_offer",
        catan.ACCEPT_OFFER: "accept_offer",
        catan.DECLINE_OFFER: "decline_offer",
        catan.CONFIRM_OFFER + 2: "confirm_offer(seat=2)",
        catan.CHANCE_DICE: "chance_dice(sum=2)",
        catan.CHANCE_DEVELOPMENT + 1: "chance_development(victory_point)",
        catan.CHANCE_STEAL + 4: "chance_steal(ore)",
    }
    for action, name in expected.items():
        assert game.action_name(action) == name


def test_bad_options_raise_clear_errors():
    with pytest.raises(meeple.InvalidArgumentError, match="players"):
        meeple.Game("catan(players=5)")
    with pytest.raises(meeple.InvalidArgumentError, match="board"):
        meeple.Game("catan(board=square)")


def test_render_draws_the_board_and_the_seats():
    state = meeple.Game("catan(board=beginner)").new_state(seed=1)
    play_random(state, 200, random.Random(14))
    text = state.render()
    assert "seat 3:" in text and "bank: brick " in text
    # terrains spelled out, in the hexes of the beginner board
    for terrain in ("brick", "lumber", "wool", "grain", "ore", "desert"):
        assert terrain in text.split("nodes:")[0]
    assert "resources: brick " in text and "development cards: " in text


def test_render_labels_buildings_and_roads_by_seat():
    game = meeple.Game("catan(board=beginner)")
    state = game.from_position({
        "buildings": [{"node": 0, "owner": 2, "kind": "settlement"}, {"node": 10, "owner": 1, "kind": "city"}],
        "roads": [{"edge": 0, "owner": 2}],
        "phase": "main", "dice": 6,
    })
    board = state.render().split("nodes:")[0]
    assert board.count("S2") == 1 and board.count("C1") == 1 and board.count("r2") == 1
    assert "S0" not in board and "r0" not in board and "r1" not in board


def test_positions_build_a_state_and_refuse_broken_rules():
    game = meeple.Game("catan(board=beginner)")
    state = game.from_position({
        "buildings": [{"node": 0, "owner": 0, "kind": "settlement"}],
        "roads": [{"edge": 0, "owner": 0}],
        "resources": [[1, 1, 0, 0, 0], [0] * 5, [0] * 5, [0] * 5],
        "phase": "main", "dice": 6,
    })
    view = state.view(meeple.ALL)
    assert view["phase"] == "main" and view["buildings"] == [{"node": 0, "owner": 0, "kind": "settlement"}]
    assert view["bank"]["brick"] == 18
    assert state.is_legal(catan.BUILD_ROAD + 1)
    with pytest.raises(meeple.InvalidArgumentError, match="distance"):
        game.from_position({"buildings": [{"node": 0, "owner": 0, "kind": "settlement"},
                                          {"node": 4, "owner": 1, "kind": "settlement"}]})


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_MIDGAME = None


def _midgame_snapshot() -> bytes:
    global _MIDGAME
    if _MIDGAME is None:
        state = meeple.Game("catan").new_state(seed=21)
        play_random(state, 900, random.Random(21))
        _MIDGAME = state.snapshot()
    return _MIDGAME


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 255))
def test_a_changed_byte_in_a_snapshot_is_refused_or_plays_on(position, value):
    game = meeple.Game("catan")
    data = bytearray(_midgame_snapshot())
    data[position % len(data)] = value
    try:
        state = game.restore(bytes(data))
    except meeple.MeepleError:
        return
    # Accepted: the state keeps its invariants through more random play (restore checks
    # them again at every snapshot round trip).
    rng = random.Random(position)
    for _ in range(100):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        game.restore(state.snapshot())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 80) | st.sampled_from(["main", "city", "ore", "generic", "x"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["buildings", "roads", "node", "edge", "owner", "kind", "resources", "knights",
                         "robber", "phase", "turn_seat", "dice", "board"]), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_position_json_makes_a_state_or_a_meeple_error(position):
    game = meeple.Game("catan")
    try:
        state = game.from_position(json.dumps(position))  # any JSON, not only objects
    except meeple.MeepleError:
        return
    assert game.restore(state.snapshot()) == state
