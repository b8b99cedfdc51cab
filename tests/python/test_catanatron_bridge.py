"""The catanatron bridge (meeple.bridges.catanatron): catanatron's positions read into
meeple and meeple's moves played back (the ``catan-peers`` extra; skipped when
catanatron is absent).

Random catanatron games are stopped at decisions of every kind; each position is read
into a meeple state, written back as meeple's position document, and compared with
catanatron's own facts; every move catanatron offers must be legal in meeple (less the
documented departures), and a meeple player seated in catanatron's game only ever plays
moves catanatron offers.
"""

from __future__ import annotations

import random

import pytest

import meeple
from meeple import catan

pytest.importorskip(
    "catanatron",
    reason="catanatron is not installed; install the catan-peers extra (pip install 'meeple[catan-peers]') "
           "to test the bridge to it")

from catanatron import Color  # noqa: E402
from catanatron.game import Game as PeerGame  # noqa: E402
from catanatron.models.player import RandomPlayer  # noqa: E402

from meeple.bridges.catanatron import (  # noqa: E402
    PEER_DEV, PEER_RESOURCE, Geometry, MeeplePlayer, meeple_action, meeple_state, position, uncounted_roads)

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def peer_facts(ps, geo: Geometry) -> dict:
    seat_of = {c: i for i, c in enumerate(ps.colors)}
    players = len(ps.colors)
    return {
        "buildings": sorted((geo.node_of_peer[n], seat_of[c], k.lower()) for n, (c, k) in ps.board.buildings.items()),
        "roads": sorted({(geo.edge_of_peer[frozenset(e)], seat_of[c]) for e, c in ps.board.roads.items()}),
        "resources": [[ps.player_state[f"P{s}_{PEER_RESOURCE[r]}_IN_HAND"] for r in range(5)] for s in range(players)],
        "development": [[ps.player_state[f"P{s}_{PEER_DEV[k]}_IN_HAND"] for k in range(5)] for s in range(players)],
        "knights": [ps.player_state[f"P{s}_PLAYED_KNIGHT"] for s in range(players)],
        "robber": geo.hex_of_coord[ps.board.robber_coordinate],
        "bank": [ps.resource_freqdeck[[1, 0, 2, 3, 4][r]] for r in range(5)],
    }


def meeple_facts(state: meeple.State) -> dict:
    view = state.view(meeple.ALL)
    return {
        "buildings": sorted((b["node"], b["owner"], b["kind"]) for b in view["buildings"]),
        "roads": sorted((r["edge"], r["owner"]) for r in view["roads"]),
        "resources": [[p["resources"][r] for r in catan.RESOURCES] for p in view["players"]],
        "development": [[p["development"][k] + p["development_new"][k] for k in catan.DEV_CARDS]
                        for p in view["players"]],
        "knights": [p["knights"] for p in view["players"]],
        "robber": view["board"]["robber"],
        "bank": [view["bank"][r] for r in catan.RESOURCES],
    }


@pytest.mark.parametrize("players", [4, 3, 2])
def test_catanatron_positions_read_into_meeple_and_back(players):
    kinds = set()
    for seed in range(3):
        peer = PeerGame([RandomPlayer(c) for c in COLORS[:players]], seed=100 * players + seed)
        geo = Geometry(peer.state.board.map)
        game = meeple.Game(f"catan(players={players},trade_budget=0)")
        rng = random.Random(seed)
        for _ in range(3000):
            ps = peer.state
            if peer.winning_color() is not None:
                break
            if ps.current_prompt.name in ("DISCARD",) or rng.random() < 0.7:
                peer.play_tick()
                continue
            doc = position(ps, geo)
            state = meeple_state(ps, game, geo, seed)
            kinds.add(doc["phase"])
            facts, expected = meeple_facts(state), peer_facts(ps, geo)
            left_out = uncounted_roads(ps, geo)
            if facts["roads"] != expected["roads"] and left_out:
                # A position meeple accepts only without the roads catanatron leaves out of
                # its lengths (meeple_state's fallback): exactly those are missing.
                expected["roads"] = [r for r in expected["roads"] if r[0] not in left_out]
                doc = dict(doc, roads=[r for r in doc["roads"] if r["edge"] not in left_out])
            assert facts == expected
            # The document meeple writes back holds what it read.
            back = catan.position_of(state)
            for key in ("buildings", "roads"):
                assert sorted(map(repr, back[key])) == sorted(map(repr, doc[key])), key
            for key in ("resources", "knights", "robber", "phase"):
                assert back[key] == doc[key], key
            view = state.view(meeple.ALL)
            assert view["acting"] == [ps.color_to_index[ps.current_color()]]
            legal = set(state.legal_actions())
            for action in ps.playable_actions:
                key = meeple_action(action, ps, geo)
                if isinstance(key, int):
                    assert key in legal, (doc["phase"], game.action_name(key))
                elif key[0] == "robber":
                    assert catan.MOVE_ROBBER + key[1] in legal
                else:
                    assert key[0] == "year_of_plenty_one"  # catanatron's departure, docs/catan-rules.md
            peer.play_tick()
    assert {"setup_settlement", "setup_road", "before_roll", "main"} <= kinds


def test_a_meeple_player_in_catanatron_plays_only_offered_moves_and_wins_against_random():
    wins = 0
    for g in range(1, 5):  # catanatron draws a seed of its own for seed 0
        seat = g % 4
        me = MeeplePlayer(COLORS[seat], "heuristic", seed=g)
        offered = []
        original = me.decide

        def decide(game, actions, original=original, offered=offered):
            chosen = original(game, actions)
            offered.append(chosen in list(actions))
            return chosen

        me.decide = decide
        peer = PeerGame([me if i == seat else RandomPlayer(c) for i, c in enumerate(COLORS)], seed=g)
        # catanatron's moves in an order that is the same in every process (its order of
        # maritime trades is not), so that the game of a seed is one game.
        sorted_moves = lambda player, game, moves: player.decide(game, sorted(moves, key=repr))  # noqa: E731
        wins += peer.play(decide_fn=sorted_moves) == me.color
        assert offered and all(offered)
        # The one move meeple allows and catanatron refuses here: a road building card for
        # a seat that could not pay for a road (catanatron's departure, docs/catan-rules.md).
        assert set(me.fallback_reasons) <= {"not offered: play_road_building"}, me.fallback_reasons
    assert wins >= 3


def test_the_bridge_refuses_an_agent_that_does_not_exist():
    with pytest.raises(ValueError, match="unknown agent 'minimax'"):
        MeeplePlayer(COLORS[0], "minimax", seed=0)
