"""The triangle game through the Python binding: facts, positions, view, observation,
random-play invariants, determinism, and a differential test against trianglengin
(skipped when it is not installed)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple
from meeple import triangle

ROWS, COLS = triangle.ROWS, triangle.COLS


def empty_board() -> list[list[int]]:
    return [[0] * COLS for _ in range(ROWS)]


def board_with(cells) -> list[list[int]]:
    b = empty_board()
    for r, c in cells:
        b[r][c] = 1
    return b


def playable(r: int, c: int) -> bool:
    start, end = triangle.PLAYABLE_RANGES[r]
    return start <= c < end


def spec_legal_actions(view: dict) -> set[int]:
    """Legality in the spec's words, from the view alone."""
    out = set()
    for slot, shape in enumerate(view["shapes"]):
        if shape is None:
            continue
        for r in range(ROWS):
            for c in range(COLS):
                ok = True
                for dr, dc, up in shape:
                    rr, cc = r + dr, c + dc
                    ok = ok and 0 <= rr < ROWS and 0 <= cc < COLS and playable(rr, cc) \
                        and not view["occupied"][rr][cc] and ((rr + cc) % 2 == 1) == bool(up)
                if ok:
                    out.add(triangle.action(slot, r, c))
    return out


def test_triangle_is_registered_with_the_default_numbers():
    assert "triangle" in meeple.games()
    g = meeple.Game("triangle")
    assert g.num_players == 1
    assert g.num_actions == 360
    assert {k: v.value for k, v in g.options.items()} == {
        k: str(v) for k, v in triangle.DEFAULT_OPTIONS.items()}
    names = [f.name for f in g.obs_fields]
    assert names == ["occupied", "playable", "up", "shapes", "shape_up", "slot_filled", "score", "step"]
    assert g.obs_size == sum(f.size for f in g.obs_fields)


def test_templates_are_the_ones_the_library_draws():
    g = meeple.Game("triangle")
    for i, shape in enumerate(triangle.TEMPLATES):
        s = triangle.position(empty_board(), [shape, None, None])
        first = triangle.TEMPLATES.index(shape)
        assert s.view()["templates"][0] == first, i
        assert sorted(map(tuple, s.view()["shapes"][0])) == sorted(shape)
    seen = set()
    for seed in range(60):
        seen.update(g.new_state(seed).view()["templates"])
    assert len(seen) > 15


def test_position_places_cells_and_shapes_and_plays():
    s = triangle.position(board_with([(3, 0)]), [[(0, 0, 1)], None, None], colors=[4, None, None])
    v = s.view()
    assert v["occupied"][3][0] == 1 and sum(map(sum, v["occupied"])) == 1
    assert v["shapes"] == [[[0, 0, 1]], None, None]
    assert v["colors"] == [4, None, None]
    assert v["step"] == 0 and v["score"] == 0
    assert len(s.legal_actions()) == 47  # 48 up cells, one taken


def test_line_clear_and_reward_arithmetic():
    s = triangle.position(board_with([(0, c) for c in range(3, 11)]), [[(0, 0, 1)], [(0, 0, 0)], None])
    s.apply(triangle.action(0, 0, 11))
    v = s.view()
    assert sum(map(sum, v["occupied"])) == 0
    assert v["cleared"] == 9 and v["placed"] == 1
    assert s.step_reward[0] == pytest.approx(0.01 + 9 * 0.5 + 0.005)
    assert s.returns[0] == pytest.approx(0.01 + 9 * 0.5 + 0.005)
    s.apply(triangle.action(1, 3, 1))
    assert s.returns[0] == pytest.approx(2 * 0.01 + 9 * 0.5 + 2 * 0.005)


def test_game_ends_when_no_shape_fits():
    ups = [(r, c) for r in range(ROWS) for c in range(COLS) if playable(r, c) and (r + c) % 2 == 1]
    s = triangle.position(board_with(ups), [[(0, 0, 1)], [(0, 0, 1), (1, 0, 0)], None])
    assert s.is_terminal and s.legal_actions() == []
    s = triangle.position(board_with(ups), [[(0, 0, 0)], [(0, 0, 1)], None])
    assert not s.is_terminal
    s.apply(triangle.action(0, 3, 1))
    assert s.is_terminal
    assert s.step_reward[0] == pytest.approx(0.01)  # no alive reward, no penalty


@pytest.mark.parametrize("occupied, shapes, words", [
    (board_with([(0, 0)]), [None, None, None], "death cell"),
    (board_with([(0, c) for c in range(3, 12)]), [None, None, None], "is full"),
    (empty_board(), [[(0, 0, 1), (0, 1, 1)], None, None], "must point down"),
    (empty_board(), [[(0, 0, 1), (0, 2, 1)], None, None], "not joined"),
    (empty_board(), [[(0, 1, 0)], None, None], "anchor"),
    (empty_board(), [None, None], "3 entries"),
    (empty_board()[:7], [None, None, None], "8 rows"),
])
def test_bad_positions_raise_clear_errors(occupied, shapes, words):
    with pytest.raises(meeple.InvalidArgumentError, match=words):
        triangle.position(occupied, shapes)


def test_malformed_position_text_is_a_parse_error():
    g = meeple.Game("triangle")
    with pytest.raises(meeple.ParseError, match="line 1"):
        g.from_position('{"occupied": [')
    with pytest.raises(TypeError):
        g.from_position(42)  # type: ignore[arg-type]
    with pytest.raises(meeple.InvalidArgumentError, match="does not support positions"):
        meeple.Game("tictactoe").from_position({})


def test_bad_options_raise_clear_errors():
    with pytest.raises(meeple.InvalidArgumentError, match="at most 128"):
        meeple.Game("triangle(rows=16,cols=16)")
    with pytest.raises(meeple.InvalidArgumentError, match="8 rows"):
        meeple.Game("triangle(playable=3-12/2-13)")
    with pytest.raises(meeple.InvalidArgumentError, match="slots"):
        meeple.Game("triangle(slots=9)")
    with pytest.raises(meeple.ParseError):
        meeple.Game("triangle(reward_alive=x)")


def test_view_observation_and_render_agree():
    g = meeple.Game("triangle")
    s = g.new_state(3)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    v = s.view()
    obs = s.observation(0)
    fields = {f.name: f for f in g.obs_fields}

    def block(name):
        f = fields[name]
        return obs[f.offset:f.offset + f.size].reshape(f.shape)

    assert (block("occupied") == np.array(v["occupied"])).all()
    assert (block("playable") == np.array(v["playable"])).all()
    up = np.fromfunction(lambda r, c: (r + c) % 2 == 1, (ROWS, COLS))
    assert (block("up") == up).all()
    for slot, shape in enumerate(v["shapes"]):
        plane = block("shapes")[slot]
        assert block("slot_filled")[slot] == (shape is not None)
        if shape is None:
            assert plane.sum() == 0
            continue
        assert {(dr, dc) for dr, dc, _ in shape} == {(int(dr), int(dc) - 4) for dr, dc in zip(*np.nonzero(plane))}
        assert block("shape_up")[slot] == next(up for dr, dc, up in shape if (dr, dc) == (0, 0))
    assert block("score")[0] == pytest.approx(v["score"])
    assert block("step")[0] == v["step"] == 5
    text = s.render()
    assert "slot 0" in text and "step 5" in text and text.count("\n") >= ROWS + 2
    assert (s.observation(meeple.PUBLIC) == obs).all()


def test_view_round_trips_through_position():
    g = meeple.Game("triangle")
    s = g.new_state(8)
    for _ in range(6):
        s.apply(random.Random(1).choice(s.legal_actions()))
    v = s.view()
    t = triangle.position(v["occupied"], v["shapes"], colors=v["colors"])
    w = t.view()
    for key in ("occupied", "shapes", "colors"):
        assert w[key] == v[key]
    # A repeated template entry is recognised as its first occurrence.
    for a, b in zip(w["templates"], v["templates"]):
        assert a <= b and triangle.TEMPLATES[a] == triangle.TEMPLATES[b]
    assert set(t.legal_actions()) == set(s.legal_actions())


def test_random_play_invariants():
    g = meeple.Game("triangle")
    rng = random.Random(11)
    for seed in range(25):
        s = g.new_state(seed)
        total = 0.0
        while True:
            v = s.view()
            legal = s.legal_actions()
            assert set(legal) == spec_legal_actions(v)
            assert set(np.flatnonzero(s.action_mask())) == set(legal)
            assert all(playable(r, c) for r in range(ROWS) for c in range(COLS) if v["occupied"][r][c])
            assert s.is_terminal == (not legal)
            if not legal:
                break
            illegal = next(a for a in range(g.num_actions) if a not in set(legal))
            before = s.snapshot()
            with pytest.raises(meeple.IllegalActionError):
                s.apply(illegal)
            assert s.snapshot() == before
            s.apply(rng.choice(legal))
            total += s.step_reward[0]
        assert s.returns[0] == pytest.approx(total)
        with pytest.raises(meeple.WrongStateError):
            s.apply(legal[0] if legal else 0)


def test_same_seed_and_actions_give_the_same_bytes():
    g = meeple.Game("triangle")

    def play(seed):
        s, rng = g.new_state(seed), random.Random(5)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        return s.snapshot()

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_snapshot_round_trip_and_clone():
    g = meeple.Game("triangle")
    s = g.new_state(21)
    for _ in range(4):
        s.apply(s.legal_actions()[-1])
    back = g.restore(s.snapshot())
    assert back == s
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c != s and back == s


def test_differential_against_trianglengin(require_peer):
    """Mirror meeple positions into the peer (same board and shapes) and compare the
    legal actions, the board after each step, the cleared count and the reward."""
    tg = require_peer("trianglengin", how="trianglengin 2.0.7 builds from its source distribution with the "
                      "commands in docs/triangle.md")
    from trianglengin.game_interface import Shape

    g = meeple.Game("triangle")
    steps = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = g.new_state(seed)
        while not s.is_terminal:
            v = s.view()
            peer = tg.GameState(tg.EnvConfig(), initial_seed=seed)
            peer.debug_set_shapes([None if sh is None else Shape([(a, b, bool(u)) for a, b, u in sh], (0, 0, 0), 0)
                                   for sh in v["shapes"]])
            occ = peer.get_grid_data_np()["occupied"]
            for r in range(ROWS):
                for c in range(COLS):
                    if bool(occ[r][c]) != bool(v["occupied"][r][c]):
                        peer.debug_toggle_cell(r, c)
            legal = s.legal_actions()
            assert set(legal) == peer.valid_actions(True)
            a = rng.choice(legal)
            s.apply(a)
            reward, done = peer.step(a)
            w = s.view()
            assert (np.array(peer.get_grid_data_np()["occupied"]).astype(int) == np.array(w["occupied"])).all()
            assert peer.get_last_cleared_triangles() == w["cleared"] - v["cleared"]
            if not s.is_terminal and not done:
                assert reward == pytest.approx(s.step_reward[0])
            steps += 1
    assert steps > 100
