"""Catan: constants, the board topology and action helpers.

The base game with player trading for 2-4 players (``Game("catan")``, options
``players``, ``vp_to_win``, ``max_turns``, ``board=random|beginner``, ``red_adjacent``,
``trade_budget``, ``explicit_chance``, ``friendly_robber``). Rules and options:
``docs/catan.md``, with the reasons of each rule in ``docs/catan-rules.md``; actions
and positions: ``docs/catan-actions.md``; observation: ``docs/catan-observation.md``::

    import meeple
    topo = meeple.catan.topology()
    topo["hex_nodes"].shape        # (19, 6)
    state = meeple.Game("catan(board=beginner)").new_state(seed=1)
    state.apply(meeple.catan.BUILD_SETTLEMENT + 8)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .game import ALL, Game, State

__all__ = [
    "ACTION_LAYOUT_VERSION", "OBSERVATION_VERSION", "RESOURCES", "DEV_CARDS",
    "NUM_HEXES", "NUM_NODES", "NUM_EDGES", "NUM_HARBORS", "NUM_ACTIONS",
    "BUILD_ROAD", "BUILD_SETTLEMENT", "BUILD_CITY", "BUY_DEVELOPMENT", "PLAY_KNIGHT",
    "PLAY_ROAD_BUILDING", "PLAY_YEAR_OF_PLENTY", "PLAY_MONOPOLY", "ROLL", "END_TURN",
    "MOVE_ROBBER", "STEAL", "DISCARD", "MARITIME_TRADE", "OFFER_GIVE", "OFFER_WANT",
    "OPEN_OFFER", "CANCEL_OFFER", "ACCEPT_OFFER", "DECLINE_OFFER", "CONFIRM_OFFER",
    "CHANCE_DICE", "CHANCE_DEVELOPMENT", "CHANCE_STEAL", "topology", "maritime_action",
    "position_of",
]

ACTION_LAYOUT_VERSION: int = 1
"""Version of the action ids below (docs/catan-actions.md)."""
OBSERVATION_VERSION: int = 2
"""Version of the observation layout (docs/catan-observation.md)."""

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")
"""Resources in the order of every hand, bank and action argument."""
DEV_CARDS: tuple[str, ...] = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
"""Development card kinds, in the order of every count."""

NUM_HEXES, NUM_NODES, NUM_EDGES, NUM_HARBORS = 19, 54, 72, 9

# First id of each kind of action; the argument is added (docs/catan-actions.md).
# tests/python/test_catan.py checks every one against the library's action names.
BUILD_ROAD = 0                                   # + edge
BUILD_SETTLEMENT = BUILD_ROAD + NUM_EDGES        # + node
BUILD_CITY = BUILD_SETTLEMENT + NUM_NODES        # + node
BUY_DEVELOPMENT = BUILD_CITY + NUM_NODES
PLAY_KNIGHT = BUY_DEVELOPMENT + 1
PLAY_ROAD_BUILDING = PLAY_KNIGHT + 1
PLAY_YEAR_OF_PLENTY = PLAY_ROAD_BUILDING + 1     # + pair index (15 unordered pairs)
PLAY_MONOPOLY = PLAY_YEAR_OF_PLENTY + 15         # + resource
ROLL = PLAY_MONOPOLY + 5
END_TURN = ROLL + 1
MOVE_ROBBER = END_TURN + 1                       # + hex
STEAL = MOVE_ROBBER + NUM_HEXES                  # + victim seat
DISCARD = STEAL + 4                              # + resource
MARITIME_TRADE = DISCARD + 5                     # + see maritime_action
OFFER_GIVE = MARITIME_TRADE + 20                 # + resource
OFFER_WANT = OFFER_GIVE + 5                      # + resource
OPEN_OFFER = OFFER_WANT + 5
CANCEL_OFFER = OPEN_OFFER + 1
ACCEPT_OFFER = CANCEL_OFFER + 1
DECLINE_OFFER = ACCEPT_OFFER + 1
CONFIRM_OFFER = DECLINE_OFFER + 1                # + accepting seat
CHANCE_DICE = CONFIRM_OFFER + 4                  # + (sum - 2)
CHANCE_DEVELOPMENT = CHANCE_DICE + 11            # + card kind
CHANCE_STEAL = CHANCE_DEVELOPMENT + 5            # + resource
NUM_ACTIONS = CHANCE_STEAL + 5


def maritime_action(give: int, get: int) -> int:
    """The id of trading ``give`` to the bank for one ``get`` (resource indices)."""
    if give == get or not (0 <= give < 5 and 0 <= get < 5):
        raise ValueError(f"give and get must be two different resources 0..4, got {give} and {get}")
    return MARITIME_TRADE + give * 4 + (get if get < give else get - 1)


@lru_cache(maxsize=1)
def _topology_json() -> dict[str, Any]:
    topology: dict[str, Any] = Game("catan").data("topology")
    return topology


def topology() -> dict[str, np.ndarray]:
    """The board's constant topology, the same for every layout, from the library's own
    tables, as int16 arrays (-1 pads nodes with fewer than three neighbours or hexes):

    ``hex_nodes`` (19, 6) nodes clockwise from the top; ``hex_edges`` (19, 6);
    ``hex_neighbors`` (19, 6); ``edge_nodes`` (72, 2); ``node_neighbors`` (54, 3);
    ``node_edges`` (54, 3); ``node_hexes`` (54, 3); ``harbor_nodes`` (9, 2);
    ``coast_edges`` (30,) clockwise; ``hex_centers`` (19, 2) and ``node_positions``
    (54, 2) drawing coordinates; ``node_adjacency`` (54, 54) bool.
    """
    data = _topology_json()
    out = {key: np.array(value, dtype=np.int16) for key, value in data.items() if isinstance(value, list)}
    adjacency = np.zeros((NUM_NODES, NUM_NODES), dtype=bool)
    for a, b in out["edge_nodes"]:
        adjacency[a, b] = adjacency[b, a] = True
    out["node_adjacency"] = adjacency
    return out


def position_of(state: State) -> dict[str, Any]:
    """The position document of a live catan ``state``, in any phase, such that
    ``state.game.from_position(position_of(state))`` is the same position (every byte
    of the state but its generator). Read from the view by ``ALL``, so it holds every
    hidden card: give it only to code that may see them. The keys are those of
    docs/catan-actions.md, "Positions"."""
    view = state.view(ALL)
    if view["terminal"]:
        raise ValueError("the game is over: a position describes a game still being played")
    board = view["board"]
    players = view["players"]
    position: dict[str, Any] = {
        "board": {"terrain": [h["terrain"] for h in board["hexes"]],
                  "numbers": [h["number"] for h in board["hexes"]],
                  "harbors": [h["type"] for h in board["harbors"]]},
        "robber": board["robber"],
        "buildings": view["buildings"],
        "roads": view["roads"],
        "resources": [[p["resources"][r] for r in RESOURCES] for p in players],
        "development": [[p["development"][k] for k in DEV_CARDS] for p in players],
        "development_new": [[p["development_new"][k] for k in DEV_CARDS] for p in players],
        "knights": [p["knights"] for p in players],
        "played": [view["played"][k] for k in DEV_CARDS],
        "awards": view["awards"],
        "phase": view["phase"],
        "turn_seat": view["turn_seat"],
        "turn": view["turn"],
        "dice": view["dice"],
        "rolled": view["rolled"],
        "development_played_this_turn": view["development_played_this_turn"],
        "compose_steps_left": view["compose_steps_left"],
        "discard_owed": [p["discard_owed"] for p in players],
    }
    if view["phase"] == "road_building":
        position["free_roads"] = view["free_roads"]
    if view["trade"] is not None:
        trade = view["trade"]
        position["trade"] = {"give": [trade["give"][r] for r in RESOURCES],
                             "want": [trade["want"][r] for r in RESOURCES]}
        if trade["responder"] is not None:
            position["trade"]["responder"] = trade["responder"]
        if trade["open"]:
            position["trade"]["accepted"] = trade["accepted"]
    if view["steal_victim"] is not None:
        position["steal_victim"] = view["steal_victim"]
    return position
