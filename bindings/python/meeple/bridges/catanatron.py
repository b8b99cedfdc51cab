"""meeple's Catan agents in catanatron's games (the ``catan-peers`` extra:
``pip install "meeple[catan-peers]"``).

catanatron is an independent Catan engine in pure Python with its own bots. This module
reads its states into meeple and meeple's moves back, so that a meeple agent can take a
seat in a catanatron game as a catanatron ``Player``:

    from catanatron import Color, Game
    from catanatron.players.weighted_random import WeightedRandomPlayer
    from meeple.catanatron_bridge import MeeplePlayer

    players = [MeeplePlayer(Color.RED, "mcts(iterations=300,rollout=heuristic,policy_prior=0.5)")]
    players += [WeightedRandomPlayer(c) for c in (Color.BLUE, Color.ORANGE, Color.WHITE)]
    Game(players, seed=1).play()

The board is matched by geometry: catanatron's cube coordinates and corner names are
mapped onto meeple's hexes, nodes and edges, and every harbor must sit on the same coast
edge. A position is read as meeple's position document (``Game.from_position``), seats
in catanatron's seating order; the game is ``catan(players=N,trade_budget=0)`` as
catanatron has no domestic trade. catanatron does not tell a card bought this turn from
one held before: every development card counts as playable, as catanatron lets it be.

Before a search agent looks at a position, everything its seat cannot know (the others'
development cards, the deck's order) is redrawn (``State.determinize``), so it never
plays on hidden information. Discards are catanatron's own (it offers one discard move,
which drops random cards). A move meeple's rules allow and catanatron's do not (they
differ in a few documented places, docs/catan-rules.md) cannot be played: the player
counts a ``fallback``. A progress card catanatron will not let the seat play now (road
building without a road's cost, any but the knight before the roll) is read as already
played (so that the deck keeps catanatron's count) and the agent asked again; any other refused move is replaced by the move its
agent's policy ranks next among those catanatron offers (a search agent's visit shares),
else the end of the turn where it may be ended (else catanatron's first move).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Optional, Union

import numpy as np

from catanatron import ActionType  # type: ignore[import-untyped, unused-ignore]
from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, NodeRef  # type: ignore[import-untyped, unused-ignore]
from catanatron.models.player import Player  # type: ignore[import-untyped, unused-ignore]

from ..agents import make_agent
from ..per_game import catan
from ..errors import MeepleError
from ..game import Game, State

# catanatron's names <-> meeple's indices.
RESOURCE = {"BRICK": 0, "WOOD": 1, "SHEEP": 2, "WHEAT": 3, "ORE": 4}
PEER_RESOURCE = {v: k for k, v in RESOURCE.items()}
DEV = {"KNIGHT": 0, "VICTORY_POINT": 1, "ROAD_BUILDING": 2, "YEAR_OF_PLENTY": 3, "MONOPOLY": 4}
PEER_DEV = {v: k for k, v in DEV.items()}
TERRAIN = {None: "desert", "BRICK": "brick", "WOOD": "lumber", "SHEEP": "wool", "WHEAT": "grain", "ORE": "ore"}
# meeple's corners, clockwise from the top, are catanatron's node refs in this order.
CORNERS = [NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH, NodeRef.SOUTHWEST, NodeRef.NORTHWEST]
# meeple's hexes row by row from the top, as axial (q, r): a centre at (2q + r, 3r).
HEX_QR = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if -2 <= q + r <= 2]
YOP_PAIRS = [(a, b) for a in range(5) for b in range(a, 5)]

# A catanatron move as meeple sees it: an action id, or a tag for the moves meeple
# splits or does not have (a robber move with its victim, a discard, a one-card year of
# plenty).
PeerKey = Union[int, tuple[Any, ...]]


class BoardMismatch(ValueError):
    """catanatron's board cannot be meeple's (a corner or harbor has no counterpart)."""


class Geometry:
    """meeple's hex, node and edge ids <-> catanatron's, from the hexes' coordinates."""

    def __init__(self, peer_map: Any) -> None:
        topology = catan.topology()
        self.topology = topology
        self.node_to_peer: dict[int, int] = {}
        self.hex_to_coord: dict[int, tuple[int, int, int]] = {}
        for h, (q, r) in enumerate(HEX_QR):
            coord = (q, -q - r, r)  # cube coordinates: x east, z south
            tile = peer_map.land_tiles[coord]
            self.hex_to_coord[h] = coord
            for c, ref in enumerate(CORNERS):
                node = int(topology["hex_nodes"][h][c])
                peer = int(tile.nodes[ref])
                if self.node_to_peer.setdefault(node, peer) != peer:
                    raise BoardMismatch(f"corner {c} of hex {h} is node {node} in meeple but two nodes in catanatron")
        if len(set(self.node_to_peer.values())) != catan.NUM_NODES:
            raise BoardMismatch("catanatron's land nodes are not meeple's 54")
        self.node_of_peer = {p: n for n, p in self.node_to_peer.items()}
        self.hex_of_coord = {c: h for h, c in self.hex_to_coord.items()}
        self.edge_of_peer: dict[frozenset[int], int] = {}
        for e, (a, b) in enumerate(topology["edge_nodes"].tolist()):
            self.edge_of_peer[frozenset((self.node_to_peer[a], self.node_to_peer[b]))] = e
        self.edge_to_peer = {e: tuple(sorted(k)) for k, e in self.edge_of_peer.items()}

    def board(self, peer_map: Any) -> dict[str, Any]:
        """meeple's board document for catanatron's map; every harbor must match a port."""
        terrain, numbers = [], []
        for h in range(catan.NUM_HEXES):
            tile = peer_map.land_tiles[self.hex_to_coord[h]]
            terrain.append(TERRAIN[tile.resource])
            numbers.append(tile.number)
        ports = {}
        for port in peer_map.ports_by_id.values():
            a, b = PORT_DIRECTION_TO_NODEREFS[port.direction]
            ports[frozenset((port.nodes[a], port.nodes[b]))] = port.resource
        harbors = []
        for h, (a, b) in enumerate(self.topology["harbor_nodes"].tolist()):
            key = frozenset((self.node_to_peer[a], self.node_to_peer[b]))
            if key not in ports:
                raise BoardMismatch(f"meeple's harbor {h} (nodes {a}, {b}) has no catanatron port on its coast edge")
            harbors.append("generic" if ports[key] is None else TERRAIN[ports[key]])
        return {"terrain": terrain, "numbers": numbers, "harbors": harbors}

    def key(self, action: Any, seat_of_color: dict[Any, int]) -> PeerKey:
        """A catanatron action as the meeple action id it means (or a tag)."""
        t, v = action.action_type, action.value
        simple = {ActionType.ROLL: catan.ROLL, ActionType.END_TURN: catan.END_TURN,
                  ActionType.BUY_DEVELOPMENT_CARD: catan.BUY_DEVELOPMENT, ActionType.PLAY_KNIGHT_CARD: catan.PLAY_KNIGHT,
                  ActionType.PLAY_ROAD_BUILDING: catan.PLAY_ROAD_BUILDING}
        if t in simple:
            return simple[t]
        if t == ActionType.BUILD_SETTLEMENT:
            return catan.BUILD_SETTLEMENT + self.node_of_peer[v]
        if t == ActionType.BUILD_CITY:
            return catan.BUILD_CITY + self.node_of_peer[v]
        if t == ActionType.BUILD_ROAD:
            return catan.BUILD_ROAD + self.edge_of_peer[frozenset(v)]
        if t == ActionType.PLAY_MONOPOLY:
            return catan.PLAY_MONOPOLY + RESOURCE[v]
        if t == ActionType.PLAY_YEAR_OF_PLENTY:
            if len(v) == 1:
                return ("year_of_plenty_one", RESOURCE[v[0]])
            low, high = sorted(RESOURCE[x] for x in v)
            return catan.PLAY_YEAR_OF_PLENTY + YOP_PAIRS.index((low, high))
        if t == ActionType.MARITIME_TRADE:
            return catan.maritime_action(RESOURCE[v[0]], RESOURCE[v[-1]])
        if t == ActionType.MOVE_ROBBER:
            coord, color, _ = v
            return ("robber", self.hex_of_coord[coord], None if color is None else seat_of_color[color])
        if t == ActionType.DISCARD:
            return ("discard",)
        return ("other", str(t))


def _count(peer_state: Any, seat: int, what: str) -> int:
    return int(peer_state.player_state[f"P{seat}_{what}"])


def position(peer_state: Any, geometry: Optional[Geometry] = None, awards: bool = True) -> dict[str, Any]:
    """meeple's position document for a catanatron state (seats in catanatron's seating
    order). With ``awards=False`` the award holders are left for meeple to derive (the
    engines count a road broken by an opponent's building differently)."""
    ps = peer_state
    geo = geometry or Geometry(ps.board.map)
    players = len(ps.colors)
    seat_of_color = {c: i for i, c in enumerate(ps.colors)}
    buildings = [{"node": geo.node_of_peer[n], "owner": seat_of_color[c], "kind": k.lower()}
                 for n, (c, k) in sorted(ps.board.buildings.items())]
    roads = sorted({(geo.edge_of_peer[frozenset(e)], seat_of_color[c]) for e, c in ps.board.roads.items()})
    turn_seat = int(ps.current_turn_index)
    rolled = bool(_count(ps, turn_seat, "HAS_ROLLED"))
    doc: dict[str, Any] = {
        "board": geo.board(ps.board.map),
        "robber": geo.hex_of_coord[ps.board.robber_coordinate],
        "buildings": buildings,
        "roads": [{"edge": e, "owner": o} for e, o in roads],
        "resources": [[_count(ps, s, f"{PEER_RESOURCE[r]}_IN_HAND") for r in range(5)] for s in range(players)],
        "development": [[_count(ps, s, f"{PEER_DEV[k]}_IN_HAND") for k in range(5)] for s in range(players)],
        "knights": [_count(ps, s, "PLAYED_KNIGHT") for s in range(players)],
        "played": [sum(_count(ps, s, f"PLAYED_{PEER_DEV[k]}") for s in range(players)) if k != 1 else 0
                   for k in range(5)],
        "turn": int(ps.num_turns),
        "development_played_this_turn": bool(_count(ps, turn_seat, "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN")),
    }
    if awards:
        doc["awards"] = {
            "longest_road": next((s for s in range(players) if _count(ps, s, "HAS_ROAD")), None),
            "largest_army": next((s for s in range(players) if _count(ps, s, "HAS_ARMY")), None)}
    prompt = ps.current_prompt.name
    if ps.is_initial_build_phase:
        doc["phase"] = "setup_settlement" if prompt == "BUILD_INITIAL_SETTLEMENT" else "setup_road"
        del doc["turn"], doc["development_played_this_turn"]
        return doc
    doc["turn_seat"] = turn_seat
    if prompt == "MOVE_ROBBER":
        doc["phase"], doc["rolled"] = "move_robber", rolled
    elif ps.is_road_building:
        doc["phase"], doc["rolled"], doc["free_roads"] = "road_building", rolled, int(ps.free_roads_available)
    elif prompt == "PLAY_TURN":
        doc["phase"] = "main" if rolled else "before_roll"
    else:
        raise BoardMismatch(f"catanatron's prompt {prompt} has no meeple phase a seat decides in")
    return doc


def uncounted_roads(peer_state: Any, geometry: Optional[Geometry] = None) -> set[int]:
    """meeple's edges of the roads catanatron leaves out of its road lengths: a road built
    up to an opponent's building that stood there first. catanatron measures roads within
    each seat's connected nodes and never adds such a building's node to them; the
    rulebook (and meeple) count the road up to the building."""
    ps = peer_state
    geo = geometry or Geometry(ps.board.map)
    left_out = set()
    for (a, b), color in ps.board.roads.items():
        owner = ps.board.buildings.get(b, (color,))[0]
        if owner != color and not any(b in nodes for nodes in ps.board.connected_components[color]):
            left_out.add(geo.edge_of_peer[frozenset((a, b))])
    return left_out


def meeple_state(peer_state: Any, game: Game, geometry: Optional[Geometry] = None, seed: int = 0,
                 withheld: Iterable[tuple[int, int]] = ()) -> State:
    """A meeple state of ``game`` (``catan(players=N,trade_budget=0)``) for a catanatron
    state, its generator seeded by ``seed``; ``withheld`` names (seat, development card
    kind) pairs whose cards are read as already played (cards catanatron will not let
    the seat play now, so that meeple's agent looks for its next move; played, not back
    in the deck, so that the deck keeps catanatron's count and buying stays as offered). Where the engines
    disagree on who holds longest road (catanatron counts a road up to or through an
    opponent's building its own way, docs/catan-rules.md), meeple's rules decide the
    holder; where no holder makes a position meeple accepts (by meeple's count the turn
    seat would already have won), the roads catanatron does not count
    (:func:`uncounted_roads`) are left out so that both count the same. Such a road then
    looks free to meeple, and building it is a move catanatron refuses (a fallback)."""
    geo = geometry or Geometry(peer_state.board.map)
    doc = position(peer_state, geo)
    for seat, kind in withheld:
        doc["played"][kind] += doc["development"][seat][kind]
        doc["development"][seat][kind] = 0
    try:
        return game.from_position(doc, seed=seed)
    except MeepleError as first:
        if "awards" not in doc:
            raise
        left_out = uncounted_roads(peer_state, geo)
        counted = dict(doc, roads=[r for r in doc["roads"] if r["edge"] not in left_out])
        # Longest road by meeple's count: left to meeple, else (a tie at the top) with
        # nobody or with one of the tied seats; then the same on catanatron's count of
        # roads, catanatron's holder first. Largest army stays catanatron's, which a tie
        # in knights needs stated.
        attempts = []
        for base in (doc, counted) if left_out else (doc,):
            if base is counted:
                attempts.append(counted)
            for holder in ("derived", None, *range(len(peer_state.colors))):
                awards = {"largest_army": doc["awards"]["largest_army"]}
                if holder != "derived":
                    awards["longest_road"] = holder
                attempts.append(dict(base, awards=awards))
        for attempt in attempts:
            try:
                return game.from_position(attempt, seed=seed)
            except MeepleError:
                continue
        raise first


class MeeplePlayer(Player):  # type: ignore[misc]
    """A catanatron player whose moves a meeple agent chooses (a spec string such as
    ``"heuristic"``, ``"mcts(iterations=300,rollout=heuristic,policy_prior=0.5)"`` or
    ``"mcts-net(iterations=300)"``: any spec of :func:`meeple.agents.make_agent`).

    ``fallbacks`` counts the moves meeple chose that catanatron did not offer (or the
    positions that could not be read), so a decision can count more than one;
    ``fallback_reasons`` counts them by reason."""

    def __init__(self, color: Any, agent: str = "heuristic", seed: int = 0) -> None:
        super().__init__(color)
        make_agent(agent, "catan")  # a bad spec fails here, naming the agents there are
        self.spec = agent
        self.seed = seed
        self.decisions = 0
        self.fallbacks = 0
        self.fallback_reasons: Counter[str] = Counter()
        self._games: dict[int, Game] = {}
        self._geometry: Optional[tuple[Any, Geometry]] = None

    def _fall_back(self, reason: str) -> None:
        self.fallbacks += 1
        self.fallback_reasons[reason] += 1

    def reset_state(self) -> None:
        self._geometry = None

    def _geo(self, peer_map: Any) -> Geometry:
        if self._geometry is None or self._geometry[0] is not peer_map:
            self._geometry = (peer_map, Geometry(peer_map))
        return self._geometry[1]

    def _state(self, ps: Any, geo: Geometry, seed: int, withheld: Iterable[tuple[int, int]]) -> State:
        players = len(ps.colors)
        game = self._games.get(players)
        if game is None:
            game = self._games[players] = Game(f"catan(players={players},trade_budget=0)")
        return meeple_state(ps, game, geo, seed, withheld)

    def _choose(self, ps: Any, geo: Geometry, seat: int, seed: int,
                withheld: list[tuple[int, int]]) -> tuple[State, Any, PeerKey]:
        """The agent's move on what the seat sees: (its state, the agent, the move as a
        catanatron key)."""
        state = self._state(ps, geo, seed, withheld).determinize(seat, seed)
        agent = make_agent(self.spec, state.game, seed=seed)
        action = agent.act(state)
        if catan.MOVE_ROBBER <= action < catan.STEAL:
            state.apply(action)
            victim = None
            if state.view(seat)["phase"] == "choose_victim":
                victim = agent.act(state) - catan.STEAL
            return state, agent, ("robber", action - catan.MOVE_ROBBER, victim)
        return state, agent, action

    def decide(self, game: Any, playable_actions: Any) -> Any:
        actions = list(playable_actions)
        if len(actions) == 1:
            return actions[0]
        self.decisions += 1
        ps = game.state
        seat_of_color = {c: i for i, c in enumerate(ps.colors)}
        seat = seat_of_color[self.color]
        seed = (self.seed * 1_000_003 + self.decisions) & ((1 << 53) - 1)
        withheld: list[tuple[int, int]] = []
        while True:
            try:
                geo = self._geo(ps.board.map)
                state, agent, choice = self._choose(ps, geo, seat, seed, withheld)
            except (MeepleError, BoardMismatch) as e:
                self._fall_back(f"unreadable position: {e}")
                return actions[0]
            keys = [geo.key(action, seat_of_color) for action in actions]
            for action, key in zip(actions, keys):
                if key == choice:
                    return action
            if isinstance(choice, tuple):
                # meeple robbed the only seat it could without asking: catanatron names it.
                at_hex = [a for a, k in zip(actions, keys) if isinstance(k, tuple) and k[:2] == choice[:2]]
                if len(at_hex) == 1:
                    return at_hex[0]
            self._fall_back(f"not offered: {state.game.action_name(choice) if isinstance(choice, int) else choice}")
            # A progress card catanatron will not let the seat play now (road building
            # without a road's cost, any but the knight before the roll): ask again with
            # the seat's cards of that kind read as already played, so the agent plays
            # its best move catanatron allows (a trade for the road's cost, say).
            kind = _progress_kind(choice)
            if kind is None or (seat, kind) in withheld:
                break
            withheld.append((seat, kind))
        if isinstance(choice, int):
            # The agent's next choice that catanatron offers, by its policy (a search
            # agent's visit shares), where it has one.
            offered = {k: a for a, k in zip(actions, keys) if isinstance(k, int)}
            policy = getattr(agent, "policy", None)
            probabilities = policy(state) if policy is not None else np.zeros(state.game.num_actions)
            for a in np.argsort(-probabilities, kind="stable"):
                if probabilities[a] <= 0:
                    break
                if int(a) in offered:
                    return offered[int(a)]
        # Ending the turn, where it can, keeps the same refused move from coming back.
        return next((a for a, k in zip(actions, keys) if k == catan.END_TURN), actions[0])


def _progress_kind(action: PeerKey) -> Optional[int]:
    """The development card kind a move of meeple plays, for the progress cards."""
    if not isinstance(action, int):
        return None
    if action == catan.PLAY_ROAD_BUILDING:
        return DEV["ROAD_BUILDING"]
    if catan.PLAY_YEAR_OF_PLENTY <= action < catan.PLAY_MONOPOLY:
        return DEV["YEAR_OF_PLENTY"]
    if catan.PLAY_MONOPOLY <= action < catan.ROLL:
        return DEV["MONOPOLY"]
    return None


def meeple_action(action: Any, peer_state: Any, geometry: Optional[Geometry] = None) -> PeerKey:
    """The meeple action id (or tag) of a catanatron action in ``peer_state``."""
    geo = geometry or Geometry(peer_state.board.map)
    return geo.key(action, {c: i for i, c in enumerate(peer_state.colors)})


__all__ = ["BoardMismatch", "Geometry", "MeeplePlayer", "meeple_action", "meeple_state", "position", "uncounted_roads"]
