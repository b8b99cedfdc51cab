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

from ..game import ALL, Game, State

__all__ = [
    "ACTION_LAYOUT_VERSION", "OBSERVATION_VERSION", "RESOURCES", "DEV_CARDS",
    "NUM_HEXES", "NUM_NODES", "NUM_EDGES", "NUM_HARBORS", "NUM_ACTIONS",
    "BUILD_ROAD", "BUILD_SETTLEMENT", "BUILD_CITY", "BUY_DEVELOPMENT", "PLAY_KNIGHT",
    "PLAY_ROAD_BUILDING", "PLAY_YEAR_OF_PLENTY", "PLAY_MONOPOLY", "ROLL", "END_TURN",
    "MOVE_ROBBER", "STEAL", "DISCARD", "MARITIME_TRADE", "OFFER_GIVE", "OFFER_WANT",
    "OPEN_OFFER", "CANCEL_OFFER", "ACCEPT_OFFER", "DECLINE_OFFER", "CONFIRM_OFFER",
    "CHANCE_DICE", "CHANCE_DEVELOPMENT", "CHANCE_STEAL", "topology", "maritime_action",
    "position_of", "FEATURE_VERSION", "features", "feature_fields", "symmetries", "map_position",
    "feature_permutation", "rotate_seats",
]

ACTION_LAYOUT_VERSION: int = 1
"""Version of the action ids below (docs/catan-actions.md)."""
OBSERVATION_VERSION: int = 2
"""Version of the observation layout (docs/catan-observation.md)."""
FEATURE_VERSION: int = 1
"""Version of the feature vector layout (docs/catan-features.md)."""

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


@lru_cache(maxsize=1)
def _feature_info() -> dict[str, Any]:
    info: dict[str, Any] = Game("catan").features_info()
    if info["features_version"] != FEATURE_VERSION:
        raise RuntimeError(f"the library writes catan features version {info['features_version']}; "
                           f"this package reads version {FEATURE_VERSION}: install matching versions")
    return info


def feature_fields() -> dict[str, tuple[int, int, tuple[int, ...]]]:
    """The feature vector's fields (docs/catan-features.md) by name, in layout order:
    ``(offset, size, shape)``, the same for every player count. A field's values are
    ``vec[offset:offset + size].reshape(shape)``; per-seat rows start with the seat
    whose view it is."""
    return {f["name"]: (f["offset"], f["size"], tuple(f["shape"])) for f in _feature_info()["fields"]}


def features(state: State, seat: int, omniscient: bool = False) -> np.ndarray:
    """The feature vector of a catan ``state`` from ``seat``'s side, ``float32[F]``
    (``F`` the sum of ``feature_fields()`` sizes): only what that seat may know, or
    everything (the other seats' cards and the deck) with ``omniscient=True``. For
    many states at once, ``Batch.features`` writes ``float32[n, F]`` in one call."""
    if state.game.name != "catan":
        raise ValueError(f"features() takes a catan state, not one of {state.game.name!r}")
    return state.features(seat, omniscient=omniscient)


@lru_cache(maxsize=1)
def _symmetries() -> dict[str, np.ndarray]:
    data = Game("catan").data("symmetries")
    out = {key: np.array(data[key], dtype=np.int16) for key in ("rotation", "hex", "node", "edge", "harbor", "action")}
    out["mirrored"] = np.array(data["mirrored"], dtype=bool)
    out["keeps_harbors"] = np.array(data["keeps_harbors"], dtype=bool)
    for value in out.values():
        value.flags.writeable = False
    return out


def symmetries() -> dict[str, np.ndarray]:
    """The 12 symmetries of the board (docs/catan-features.md, "Symmetries"), as
    read-only arrays with one row per symmetry k (rotation ``k % 6`` steps of 60
    degrees clockwise after a left-right mirror when ``k >= 6``; k = 0 is the identity):
    ``hex`` (12, 19), ``node`` (12, 54), ``edge`` (12, 72), ``action`` (12,
    NUM_ACTIONS): where each hex, node, edge or action goes (int16); ``harbor`` (12, 9),
    -1 in the rows of the 6 symmetries that move harbors off the frame's harbor places;
    ``rotation``, ``mirrored`` and ``keeps_harbors`` (12,)."""
    return _symmetries()


def map_position(position: dict[str, Any], k: int) -> dict[str, Any]:
    """The image of a position document (``position_of``, docs/catan-actions.md) under
    symmetry ``k``: terrain, numbers, robber, buildings and roads moved, and the harbor
    types too where symmetry k keeps the harbor places; cards, seats and the turn
    unchanged. A symmetry that does not keep harbor places leaves the harbor types on
    their places (the board then differs in its maritime rates only)."""
    sym = symmetries()
    if not isinstance(k, (int, np.integer)) or not 0 <= int(k) < 12:
        raise ValueError(f"k must be a symmetry 0..11, got {k!r}")
    k = int(k)
    hexes, nodes, edges = sym["hex"][k], sym["node"][k], sym["edge"][k]
    out = dict(position)
    if "board" in position:
        board = dict(position["board"])
        for key in ("terrain", "numbers"):
            if key in board:
                moved: list[Any] = [None] * NUM_HEXES
                for h, value in enumerate(board[key]):
                    moved[hexes[h]] = value
                board[key] = moved
        if "harbors" in board and sym["keeps_harbors"][k]:
            harbors: list[Any] = [None] * NUM_HARBORS
            for h, value in enumerate(board["harbors"]):
                harbors[sym["harbor"][k][h]] = value
            board["harbors"] = harbors
        out["board"] = board
    if position.get("robber") is not None:
        out["robber"] = int(hexes[position["robber"]])
    if "buildings" in position:
        out["buildings"] = [dict(b, node=int(nodes[b["node"]])) for b in position["buildings"]]
    if "roads" in position:
        out["roads"] = [dict(r, edge=int(edges[r["edge"]])) for r in position["roads"]]
    return out


_SEAT_LISTS = ("resources", "development", "development_new", "knights", "discard_owed")


def rotate_seats(position: dict[str, Any], k: int, players: int) -> dict[str, Any]:
    """A position document with every seat p renamed ``(p + k) % players``: pieces,
    cards, knights, discards, awards, the turn seat, the offer's seats and the robbery's
    victim move with their seats; turn order stays clockwise. Seen from seat ``(s + k) %
    players`` it is the position seat ``s`` sees, so feature vectors are equal (tests
    check it): with symmetries, the other augmentation of value-net data. Setup phases
    are refused, since their order starts at seat 0."""
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    if not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be an integer, got {type(k).__name__}")
    if position.get("phase", "before_roll") in ("setup_settlement", "setup_road"):
        raise ValueError("setup positions cannot rotate seats: setup order starts at seat 0")

    def seat(p: Any) -> Any:
        return None if p is None else (int(p) + int(k)) % players

    out = dict(position)
    for key in _SEAT_LISTS:
        if key in position:
            rows = list(position[key])
            moved = list(rows)
            for p in range(min(players, len(rows))):
                moved[seat(p)] = rows[p]
            out[key] = moved
    if "buildings" in position:
        out["buildings"] = [dict(b, owner=seat(b["owner"])) for b in position["buildings"]]
    if "roads" in position:
        out["roads"] = [dict(r, owner=seat(r["owner"])) for r in position["roads"]]
    if "awards" in position:
        out["awards"] = {name: seat(holder) for name, holder in position["awards"].items()}
    for key in ("turn_seat", "steal_victim"):
        if key in position:
            out[key] = seat(position[key])
    if "trade" in position:
        trade = dict(position["trade"])
        if "responder" in trade:
            trade["responder"] = seat(trade["responder"])
        if "accepted" in trade:
            trade["accepted"] = [seat(p) for p in trade["accepted"]]
        out["trade"] = trade
    return out


@lru_cache(maxsize=12)
def _feature_permutation(k: int) -> np.ndarray:
    sym = symmetries()
    maps = {NUM_HEXES: sym["hex"][k], NUM_NODES: sym["node"][k], NUM_EDGES: sym["edge"][k]}
    fields = feature_fields()
    size = sum(f[1] for f in fields.values())
    perm = np.arange(size, dtype=np.int32)
    for offset, length, shape in fields.values():
        axes = [i for i, d in enumerate(shape) if d in maps]
        if not axes:
            continue
        index = np.arange(length).reshape(shape)
        # The board axis takes p to maps[p]: place q gathers from p = inverse[q].
        inverse = np.argsort(maps[shape[axes[0]]])
        moved = np.take(index, inverse, axis=axes[0])
        perm[offset:offset + length] = offset + moved.ravel()
    perm.flags.writeable = False
    return perm


def feature_permutation(k: int) -> np.ndarray:
    """Indices that turn feature vectors into those of the board seen through symmetry
    ``k``: ``vec[..., feature_permutation(k)]`` (int32[F]) moves every per-hex,
    per-node and per-edge field and leaves the rest. For the 6 symmetries that keep the
    harbor places it equals the features of ``map_position`` (tests check it); for the
    other 6 the harbors move with the board onto coast nodes without a harbor, a board
    the rules do not have but a value net may still learn from."""
    if not isinstance(k, (int, np.integer)) or not 0 <= int(k) < 12:
        raise ValueError(f"k must be a symmetry 0..11, got {k!r}")
    return _feature_permutation(int(k))


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
