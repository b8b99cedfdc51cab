"""Catan feature vectors and board symmetries (docs/catan-features.md): values against
hand-computed ones on constructed positions, what the seat variant hides, batch against
per-state, determinism, and the 12 symmetries as maps of legal positions."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import meeple
from meeple import catan

BEGINNER = "catan(board=beginner)"


def field(vec: np.ndarray, name: str) -> np.ndarray:
    offset, size, shape = catan.feature_fields()[name]
    return vec[..., offset:offset + size].reshape(vec.shape[:-1] + shape)


def play_positions(spec: str = "catan", games: int = 2, every: int = 17, seed: int = 0) -> list[meeple.State]:
    """States met along random games, every few moves."""
    game = meeple.Game(spec)
    rng = np.random.default_rng(seed)
    out = []
    for g in range(games):
        state = game.new_state(seed=seed * 100 + g)
        moves = 0
        while not state.is_terminal:
            state.apply(int(rng.choice(state.legal_actions())))
            moves += 1
            if moves % every == 0 and not state.is_terminal:
                out.append(state.clone())
    return out


def test_field_table_tiles_the_vector_and_matches_the_version():
    info = meeple.Game("catan").features_info()
    assert info["features_version"] == catan.FEATURE_VERSION
    assert meeple.Game("catan").data("versions")["features"] == catan.FEATURE_VERSION
    assert info["variants"] == ["seat", "omniscient"]
    at = 0
    for name, (offset, size, shape) in catan.feature_fields().items():
        assert offset == at and size == int(np.prod(shape)), name
        at += size
    assert at == info["feature_size"]
    state = meeple.Game("catan(players=3)").new_state(seed=1)
    assert catan.features(state, 0).shape == (at,)
    assert catan.features(state, 0).dtype == np.float32


def test_the_docs_table_lists_every_field_as_the_library_does(repo_root):
    text = (repo_root / "docs/catan-features.md").read_text()
    info = meeple.Game("catan").features_info()
    assert f"`float32[{info['feature_size']}]`" in text
    for f in info["fields"]:
        shape = "(" + ", ".join(map(str, f["shape"])) + ("," if len(f["shape"]) == 1 else "") + ")"
        assert f"| `{f['name']}` | {f['offset']} | {f['size']} | {shape} | {f['meaning']} |" in text, f["name"]


def test_games_without_features_and_bad_arguments_are_refused():
    with pytest.raises(meeple.InvalidArgumentError, match="no feature vectors"):
        meeple.Game("tictactoe").features_info()
    with pytest.raises(meeple.InvalidArgumentError, match="no feature vectors"):
        meeple.Game("tictactoe").new_state().features(0)
    state = meeple.Game("catan(players=3)").new_state(seed=1)
    with pytest.raises(meeple.OutOfRangeError, match="seat 0..2"):
        state.features(3)
    with pytest.raises(meeple.OutOfRangeError):
        state.features(meeple.ALL)
    with pytest.raises(TypeError):
        state.features(0, out=np.zeros(5, dtype=np.float64))
    with pytest.raises(meeple.BufferTooSmallError):
        state.features(0, out=np.zeros(5, dtype=np.float32))
    batch = meeple.Batch(meeple.Game("catan(players=3)"), 4, seed=1)
    with pytest.raises(meeple.OutOfRangeError, match=r"viewers\[2\] is 5"):
        batch.features([0, 1, 5, 0])
    with pytest.raises(meeple.InvalidArgumentError, match="no feature vectors"):
        meeple.Batch(meeple.Game("tictactoe"), 2, seed=1).features(0)


# A main-phase position on the beginner board, seat 0 to move, robber on the brick 6
# (hex 4). Seat 0: a settlement on node 0 (ore 10, generic harbor), a city on node 8
# (ore 10, wool 2, brick 6), roads 0-4-8-12-17; seat 1: a settlement on node 41 (grain 4,
# wool 5, wool 11) and 3 knights (largest army); seat 2: a settlement on node 25 and 8
# cards; seat 3: a city on node 44.
POSITION = {
    "robber": 4,
    "buildings": [{"node": 0, "owner": 0, "kind": "settlement"}, {"node": 8, "owner": 0, "kind": "city"},
                  {"node": 41, "owner": 1, "kind": "settlement"}, {"node": 25, "owner": 2, "kind": "settlement"},
                  {"node": 44, "owner": 3, "kind": "city"}],
    "roads": [{"edge": 1, "owner": 0}, {"edge": 7, "owner": 0}, {"edge": 12, "owner": 0}, {"edge": 19, "owner": 0},
              {"edge": 52, "owner": 1}, {"edge": 30, "owner": 2}, {"edge": 56, "owner": 3}],
    "resources": [[1, 1, 0, 1, 4], [0, 1, 0, 0, 0], [2, 2, 2, 2, 0], [0, 0, 0, 0, 0]],
    "development": [[1, 1, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
    "knights": [0, 3, 0, 0],
    "played": [3, 0, 0, 0, 0],
    "turn_seat": 0, "phase": "main", "dice": 5, "turn": 20,
}


def position_state(position: dict = POSITION) -> meeple.State:
    return meeple.Game(BEGINNER).from_position(position, seed=1)


def test_production_counts_cities_twice_and_leaves_out_the_robbed_hex():
    vec = catan.features(position_state(), 0)
    # Ore 10 (3/36 a roll): a settlement and a city; wool 2 (1/36): the city.
    assert field(vec, "production")[0] == pytest.approx([0, 0, 2 / 36, 0, 9 / 36])
    # The city's brick 6 (5/36) sits under the robber.
    assert field(vec, "production_blocked")[0] == pytest.approx([10 / 36, 0, 0, 0, 0])
    # Seat 1: grain 4 (3/36), wool 5 (4/36) and wool 11 (2/36).
    assert field(vec, "production")[1] == pytest.approx([0, 0, 6 / 36, 3 / 36, 0])
    assert field(vec, "hex_probability")[4] == pytest.approx(5 / 36)
    assert field(vec, "hex_probability")[9] == 0  # the desert
    assert field(vec, "robber")[4] == 1


def test_trade_rates_and_harbor_nodes():
    vec = catan.features(position_state(), 0)
    assert field(vec, "trade_rate")[0].tolist() == [3, 3, 3, 3, 3]  # node 0's generic harbor
    assert field(vec, "trade_rate")[1].tolist() == [4, 4, 4, 4, 4]
    harbors = field(vec, "node_harbor")
    assert harbors[0].tolist() == [0, 0, 0, 0, 0, 1]    # generic
    assert harbors[11].tolist() == [0, 0, 0, 0, 1, 0]   # ore 2:1
    assert harbors[42].tolist() == [1, 0, 0, 0, 0, 0]   # brick 2:1
    assert harbors[8].sum() == 0


def test_builds_affordable_missing_after_trade_and_rounds():
    vec = catan.features(position_state(), 0)
    # Hand brick, lumber, grain, 4 ore; columns road, settlement, city, development card.
    assert field(vec, "build_affordable")[0].tolist() == [1, 0, 0, 0]
    assert field(vec, "build_missing")[0].tolist() == [0, 1, 1, 1]
    # 4 surplus ore at 3:1 buy the wool of a settlement; a city uses 3 of the ore, and
    # the development card 1, leaving 3: one trade.
    assert field(vec, "build_missing_after_trade")[0].tolist() == [0, 0, 1, 0]
    # Wool comes 2/36 a roll, 4 rolls a round: one wool in 4.5 rounds; no grain at all.
    assert field(vec, "build_rounds")[0] == pytest.approx([0, 4.5, 20, 4.5])


def test_race_margins():
    vec = catan.features(position_state(), 0)
    # True points: seat 0 has a VP card (1 + 2 + 1); seat 1 largest army (1 + 2).
    assert field(vec, "points").tolist() == [4, 3, 1, 2]
    assert field(vec, "public_vp").tolist() == [3, 3, 1, 2]
    assert field(vec, "points_lead").tolist() == [1, -1, -3, -2]
    assert field(vec, "points_needed").tolist() == [6, 7, 9, 8]
    assert field(vec, "road_length").tolist() == [4, 1, 1, 1]
    assert field(vec, "road_margin").tolist() == [3, -3, -3, -3]
    assert field(vec, "knight_margin").tolist() == [-3, 3, -3, -3]
    assert field(vec, "over_discard_limit").tolist() == [0, 0, 1, 0]
    assert field(vec, "hand_size").tolist() == [7, 1, 8, 0]
    assert field(vec, "largest_army").tolist() == [0, 1, 0, 0]


def test_endgame_features():
    state = position_state()
    vec = catan.features(state, 0)
    # Seat 0's roads reach node 17, the one node the distance rule leaves open.
    assert field(vec, "settlement_spots").tolist() == [1, 0, 0, 0]
    # Empty edges at nodes 0, 4, 8, 12, 17: 0, 2, 13, 11, 25, 26.
    assert field(vec, "road_spots")[0] == 6
    legal = set(state.legal_actions())
    assert {a - catan.BUILD_ROAD for a in legal if a < catan.BUILD_SETTLEMENT} == {0, 2, 13, 11, 25, 26}
    # A settlement on node 17 after trading 3 ore for the wool: 4 + 1. A city as well
    # would need 2 more grain than the hand can trade for.
    assert field(vec, "reachable_points")[0] == 5
    assert field(vec, "reachable_wins")[0] == 0
    # Knights played plus held: seat 0 holds one (1), seat 1 played 3.
    assert field(vec, "knight_lead").tolist() == [-2, 2, -3, -3]
    # Unseen by seat 0: 25 cards less 3 played knights, its knight and VP card: 20, of
    # which 4 victory point cards.
    assert field(vec, "vp_cards_left_share")[0] == pytest.approx(4 / 20)
    full = catan.features(state, 0, omniscient=True)
    # The deck itself: 25 - 3 - 2 - seat 1's monopoly = 19 cards, 4 of them VP.
    assert field(full, "vp_cards_left_share")[0] == pytest.approx(4 / 19)


def test_reachable_points_win_with_a_knight_taking_largest_army():
    position = copy.deepcopy(POSITION)
    position["knights"] = [2, 0, 0, 0]
    position["played"] = [2, 0, 0, 0, 0]
    position["development"][0] = [1, 3, 0, 0, 0]
    position["resources"][0] = [1, 1, 1, 1, 0]
    vec = catan.features(position_state(position), 0)
    # 1 + 2 + 3 VP cards = 6; a settlement (+1) and the third knight's army (+2) make 9.
    assert field(vec, "points")[0] == 6
    assert field(vec, "reachable_points")[0] == 9
    assert field(vec, "reachable_wins")[0] == 0
    position["development"][0] = [1, 4, 0, 0, 0]
    vec = catan.features(position_state(position), 0)
    assert field(vec, "reachable_points")[0] == 10
    assert field(vec, "reachable_wins")[0] == 1


def test_seats_are_rotated_so_the_viewer_comes_first():
    state = position_state()
    mine = catan.features(state, 0)
    theirs = catan.features(state, 2)  # rows: seats 2, 3, 0, 1
    assert field(theirs, "production")[2] == pytest.approx(field(mine, "production")[0])
    assert field(theirs, "points").tolist() == [1, 2, 3, 3]  # seat 0's VP card is hidden from seat 2
    assert field(theirs, "resources")[0].tolist() == [2, 2, 2, 2, 0]
    assert field(theirs, "resources")[1:].sum() == 0
    assert field(theirs, "turn_seat").tolist() == [0, 0, 1, 0]
    assert field(theirs, "build_missing")[1:].sum() == 0
    three = meeple.Game("catan(players=3)").new_state(seed=2)
    assert field(catan.features(three, 1), "num_players").tolist() == [0, 1, 0]


def test_seat_features_never_change_with_opponents_hidden_cards():
    base = position_state()
    position = copy.deepcopy(POSITION)
    # Seats 1 and 2 hold other cards, in the same numbers, of the same cards in all
    # (the bank is public); seat 1's development card is another kind (the deck
    # changes with it).
    position["resources"][1] = [1, 0, 0, 0, 0]
    position["resources"][2] = [1, 3, 2, 2, 0]
    position["development"][1] = [0, 1, 0, 0, 0]
    other = position_state(position)
    for seat in (0, 3):
        assert np.array_equal(catan.features(base, seat), catan.features(other, seat))
        assert not np.array_equal(catan.features(base, seat, omniscient=True),
                                  catan.features(other, seat, omniscient=True))
    assert not np.array_equal(catan.features(base, 1), catan.features(other, 1))


def test_seat_features_survive_determinize():
    for state in play_positions(games=2, every=41):
        for seat in range(4):
            redrawn = state.determinize(seat, seed=9)
            assert np.array_equal(catan.features(state, seat), catan.features(redrawn, seat))


def test_batch_features_equal_per_state_features_at_any_thread_count():
    game = meeple.Game("catan(players=3)")
    rows = {}
    for threads in (1, 2):
        batch = meeple.Batch(game, 12, seed=4, threads=threads)
        rng = np.random.default_rng(3)
        for _ in range(150):
            masks = batch.dense_masks()
            batch.step_autoreset((rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32))
        seats = np.arange(12, dtype=np.int32) % 3
        for omniscient in (False, True):
            out = np.full((12, game.features_info()["feature_size"]), np.nan, dtype=np.float32)
            assert batch.features(seats, out=out, omniscient=omniscient) is out
            for i in range(12):
                assert np.array_equal(out[i], batch.state(i).features(int(seats[i]), omniscient=omniscient))
            rows[threads, omniscient] = out.copy()
        assert np.array_equal(batch.features(1), batch.features([1] * 12))
    assert np.array_equal(rows[1, False], rows[2, False]) and np.array_equal(rows[1, True], rows[2, True])


def test_features_are_deterministic():
    a = [catan.features(s, 1).tobytes() for s in play_positions(games=1, every=29, seed=6)]
    b = [catan.features(s, 1).tobytes() for s in play_positions(games=1, every=29, seed=6)]
    assert a == b and len(a) > 3


# ---- Symmetries -------------------------------------------------------------------

def test_symmetries_are_bijections_and_six_keep_the_harbors():
    sym = catan.symmetries()
    topo = catan.topology()
    for k in range(12):
        for key, n in (("hex", 19), ("node", 54), ("edge", 72), ("action", catan.NUM_ACTIONS)):
            assert sorted(sym[key][k].tolist()) == list(range(n)), (key, k)
        # Edges go where their two nodes go, and neighbours stay neighbours.
        for e, (a, b) in enumerate(topo["edge_nodes"]):
            assert sorted(topo["edge_nodes"][sym["edge"][k][e]].tolist()) == sorted([sym["node"][k][a], sym["node"][k][b]])
        if sym["keeps_harbors"][k]:
            assert sorted(sym["harbor"][k].tolist()) == list(range(9))
            for h, (a, b) in enumerate(topo["harbor_nodes"]):
                assert sorted(topo["harbor_nodes"][sym["harbor"][k][h]].tolist()) == sorted(
                    [sym["node"][k][a], sym["node"][k][b]])
        else:
            assert (sym["harbor"][k] == -1).all()
    assert sym["keeps_harbors"].tolist() == [(k % 6 + (k >= 6)) % 2 == 0 for k in range(12)]
    assert (sym["node"][0] == np.arange(54)).all()
    # Six turns by 60 degrees are the identity; a mirror twice too.
    node = np.arange(54)
    for _ in range(6):
        node = sym["node"][1][node]
    assert (node == np.arange(54)).all()
    assert (sym["node"][6][sym["node"][6]] == np.arange(54)).all()


def _normal(position: dict) -> dict:
    out = dict(position)
    out["buildings"] = sorted((b["node"], b["owner"], b["kind"]) for b in position["buildings"])
    out["roads"] = sorted((r["edge"], r["owner"]) for r in position["roads"])
    return out


def test_symmetries_map_legal_positions_to_legal_positions():
    game = meeple.Game("catan")
    sym = catan.symmetries()
    checked = 0
    for state in play_positions(games=2, every=53, seed=2):
        if state.current_player < 0:
            continue
        doc = catan.position_of(state)
        legal = set(state.legal_actions())
        for k in range(1, 12):
            image = game.from_position(catan.map_position(doc, k), seed=1)
            got = set(image.legal_actions())
            want = {int(sym["action"][k][a]) for a in legal}
            if not sym["keeps_harbors"][k]:  # maritime rates differ on the moved harbors
                def land(s: set[int]) -> set[int]:
                    return {a for a in s if not catan.MARITIME_TRADE <= a < catan.OFFER_GIVE}
                got, want = land(got), land(want)
            assert got == want, k
            if sym["keeps_harbors"][k]:
                perm = catan.feature_permutation(k)
                for seat in range(4):
                    assert np.array_equal(catan.features(image, seat), catan.features(state, seat)[perm])
            checked += 1
    assert checked > 30


def test_symmetries_commute_with_apply():
    game = meeple.Game("catan")
    sym = catan.symmetries()
    steps = 0
    for state in play_positions(games=1, every=61, seed=4):
        if state.current_player < 0:
            continue
        doc = catan.position_of(state)
        for k in (2, 7, 9):
            for action in state.legal_actions()[:12]:
                a = game.from_position(doc, seed=5)
                b = game.from_position(catan.map_position(doc, k), seed=5)
                a.apply(action)
                b.apply(int(sym["action"][k][action]))
                if a.is_terminal:
                    assert b.is_terminal
                    continue
                assert _normal(catan.map_position(catan.position_of(a), k)) == _normal(catan.position_of(b))
                steps += 1
    assert steps > 20


@pytest.mark.parametrize("players", [3, 4])
def test_rotating_seats_keeps_every_seats_features(players):
    game = meeple.Game(f"catan(players={players})")
    checked = 0
    for state in play_positions(f"catan(players={players})", games=2, every=37, seed=8):
        doc = catan.position_of(state)
        if doc["phase"].startswith("setup"):
            with pytest.raises(ValueError, match="setup"):
                catan.rotate_seats(doc, 1, players)
            continue
        for k in range(1, players):
            rotated = game.from_position(catan.rotate_seats(doc, k, players), seed=2)
            for s in range(players):
                for omniscient in (False, True):
                    assert np.array_equal(catan.features(rotated, (s + k) % players, omniscient=omniscient),
                                          catan.features(state, s, omniscient=omniscient))
            checked += 1
    assert checked > 10
