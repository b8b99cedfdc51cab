"""The catanatron bridge when catanatron refuses a progress card meeple's rules allow.

catanatron offers road building only to a seat holding a road's cost (brick and
lumber). On a constructed turn the seat holds a road building card, 1 brick, 4 wool and
1 grain after its roll: meeple's heuristic plays the card, catanatron does not offer it.
The bridge must then read the card as already played (the deck keeps catanatron's
count, so buying a card stays as catanatron offers it) and ask the agent again (which
trades 4 wool for lumber here), rather than replace the refused move by the end of the
turn.
"""

from __future__ import annotations

import pytest

import meeple
from meeple import catan

pytest.importorskip(
    "catanatron",
    reason="catanatron is not installed; install the catan-peers extra (pip install 'meeple[catan-peers]') "
           "to test the bridge to it")

from catanatron import ActionType, Color  # noqa: E402
from catanatron.game import Game as PeerGame  # noqa: E402
from catanatron.models.actions import generate_playable_actions  # noqa: E402
from catanatron.models.player import RandomPlayer  # noqa: E402

from meeple.agents import make_agent  # noqa: E402
from meeple.bridges.catanatron import DEV, Geometry, MeeplePlayer, meeple_action, meeple_state  # noqa: E402

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
HAND = {"WOOD": 0, "BRICK": 1, "SHEEP": 4, "WHEAT": 1, "ORE": 0}


def constructed():
    peer = PeerGame([RandomPlayer(c) for c in COLORS], seed=3)
    ps = peer.state
    while ps.is_initial_build_phase:
        peer.play_tick()
    seat = ps.current_turn_index
    for resource, count in HAND.items():
        ps.player_state[f"P{seat}_{resource}_IN_HAND"] = count
    ps.player_state[f"P{seat}_ROAD_BUILDING_IN_HAND"] = 1
    ps.player_state[f"P{seat}_HAS_ROLLED"] = True
    ps.playable_actions = generate_playable_actions(ps)
    return peer, seat


def test_a_withheld_card_is_read_as_played_and_the_deck_stays_catanatrons():
    peer, seat = constructed()
    ps = peer.state
    geo = Geometry(ps.board.map)
    game = meeple.Game("catan(players=4,trade_budget=0)")
    held = meeple_state(ps, game, geo, seed=1)
    withheld = meeple_state(ps, game, geo, seed=1, withheld=[(seat, DEV["ROAD_BUILDING"])])
    assert catan.PLAY_ROAD_BUILDING in held.legal_actions()
    assert catan.PLAY_ROAD_BUILDING not in withheld.legal_actions()
    assert withheld.view(meeple.ALL)["deck_size"] == held.view(meeple.ALL)["deck_size"]


def test_a_refused_road_building_card_is_asked_again_without_it():
    peer, seat = constructed()
    ps = peer.state
    assert ActionType.PLAY_ROAD_BUILDING not in {a.action_type for a in ps.playable_actions}
    geo = Geometry(ps.board.map)
    me = MeeplePlayer(ps.colors[seat], "heuristic", seed=1)
    chosen = me.decide(peer, ps.playable_actions)
    assert me.fallback_reasons == {"not offered: play_road_building": 1}
    # The move is the agent's own on the position with the card read as played, not the
    # end of the turn that a one-move policy would leave.
    seed = (1 * 1_000_003 + 1) & ((1 << 53) - 1)
    game = meeple.Game("catan(players=4,trade_budget=0)")
    state = meeple_state(ps, game, geo, seed, [(seat, DEV["ROAD_BUILDING"])]).determinize(seat, seed)
    expected = make_agent("heuristic", state.game, seed=seed).act(state)
    assert expected != catan.END_TURN
    assert meeple_action(chosen, ps, geo) == expected
    assert chosen in ps.playable_actions
