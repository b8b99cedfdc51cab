"""The catanatron bridge on longest road where the two engines count roads differently.

catanatron leaves out of a seat's road length a road built up to an opponent's building
that stood there first; meeple (the rulebook) counts it. On a constructed board the
turn seat holds 8 points in cities and a road of 6 whose last piece runs into such a
building, while another seat holds the longest road card with 5 (catanatron's count:
5 against 5, the first keeps it). By meeple's count the turn seat would hold the card
and 10 points, which meeple's rules refuse in the middle of its turn; the bridge must
still read the position, with catanatron's holder and catanatron's lengths.
"""

from __future__ import annotations

import pytest

import meeple

pytest.importorskip(
    "catanatron",
    reason="catanatron is not installed; install the catan-peers extra (pip install 'meeple[catan-peers]') "
           "to test the bridge to it")

import networkx as nx  # noqa: E402  (catanatron's dependency)
from catanatron import Color  # noqa: E402
from catanatron.game import Game as PeerGame  # noqa: E402
from catanatron.models.board import STATIC_GRAPH  # noqa: E402
from catanatron.models.enums import ActionPrompt  # noqa: E402
from catanatron.models.player import RandomPlayer  # noqa: E402

from meeple.bridges.catanatron import Geometry, meeple_state, uncounted_roads  # noqa: E402


def constructed(opponent_first: bool):
    """The position above; with ``opponent_first`` False the opponent's settlement comes
    after the turn seat's road, so catanatron counts all 6 pieces too."""
    peer = PeerGame([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE)], seed=7)
    ps = peer.state
    board = ps.board
    turn, holder, other = ps.colors
    land = STATIC_GRAPH.subgraph(board.map.land_nodes)
    dist = dict(nx.all_pairs_shortest_path_length(land))
    start, end = next((a, b) for a in sorted(land) for b in sorted(land) if dist[a][b] == 6)
    path = nx.shortest_path(land, start, end)
    far = next(n for n in sorted(land) if min(dist[n][p] for p in path) >= 3
               and any(dist[n][m] == 5 and min(dist[m][p] for p in path) >= 2 for m in land))
    far_end = next(m for m in sorted(land) if dist[far][m] == 5 and min(dist[m][p] for p in path) >= 2)
    holder_path = nx.shortest_path(land, far, far_end)

    def road(color, nodes):
        for a, b in zip(nodes, nodes[1:]):
            board.build_road(color, (a, b))

    board.build_settlement(turn, start, initial_build_phase=True)
    board.build_settlement(holder, far, initial_build_phase=True)
    road(holder, holder_path)  # 5 pieces: the card, first at 5
    if opponent_first:
        board.build_settlement(other, end, initial_build_phase=True)
    road(turn, path)
    if not opponent_first:
        board.build_settlement(other, end, initial_build_phase=True)
    for _ in range(3):
        board.build_settlement(turn, min(n for n in board.board_buildable_ids if n not in path + holder_path),
                               initial_build_phase=True)
    for node in [n for n, (c, _) in board.buildings.items() if c == turn]:
        board.build_city(turn, node)
    for i, color in enumerate(ps.colors):
        ps.player_state[f"P{i}_HAS_ROAD"] = color == board.road_color
    ps.is_initial_build_phase = False
    ps.current_prompt = ActionPrompt.PLAY_TURN
    ps.current_turn_index = ps.current_player_index = 0
    ps.player_state["P0_HAS_ROLLED"] = True
    ps.num_turns = 20
    return ps, (path[-2], path[-1])


def test_a_road_catanatron_does_not_count_is_left_out_and_its_holder_kept():
    ps, last = constructed(opponent_first=True)
    assert ps.board.road_color == ps.colors[1] and ps.board.road_lengths[ps.colors[0]] == 5
    geo = Geometry(ps.board.map)
    assert uncounted_roads(ps, geo) == {geo.edge_of_peer[frozenset(last)]}
    state = meeple_state(ps, meeple.Game("catan(players=3,trade_budget=0)"), geo, seed=1)
    view = state.view(meeple.ALL)
    assert view["awards"]["longest_road"] == 1
    assert [p["road_length"] for p in view["players"]] == [5, 5, 0]
    assert [p["vp"] for p in view["players"]] == [8, 3, 1]
    assert not state.is_terminal


def test_a_road_built_before_the_opponents_building_counts_in_both():
    ps, _ = constructed(opponent_first=False)
    # catanatron: 6 against 5, so the card moved to the turn seat, and it holds 10.
    assert ps.board.road_color == ps.colors[0] and ps.board.road_lengths[ps.colors[0]] == 6
    geo = Geometry(ps.board.map)
    assert uncounted_roads(ps, geo) == set()
