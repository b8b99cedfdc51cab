"""The generic game model through the Python binding, on tic-tac-toe."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import meeple


def play(state: meeple.State, cells: list[int]) -> meeple.State:
    for cell in cells:
        state.apply(cell)
    return state


def test_game_reports_its_numbers(ttt):
    assert ttt.name == "tictactoe"
    assert ttt.spec == "tictactoe(misere=false)"
    assert (ttt.num_players, ttt.num_actions, ttt.obs_size, ttt.mask_words) == (2, 9, 29, 1)
    assert [f.name for f in ttt.obs_fields] == ["marks", "empty", "to_move"]
    assert ttt.obs_fields[0].shape == (2, 3, 3)
    assert sum(f.size for f in ttt.obs_fields) == ttt.obs_size
    assert ttt.options["misere"].default == "false"
    assert ttt.options["misere"].type == "bool"
    assert ttt.action_name(5) == "place(1,2)"
    assert repr(ttt) == "Game('tictactoe(misere=false)')"


def test_games_lists_every_registered_game():
    names = meeple.games()
    assert "tictactoe" in names
    assert names == sorted(names)
    for name in names:
        assert meeple.Game(name).name == name


def test_describe_holds_versions_and_options(ttt):
    d = ttt.describe()
    assert d["describe_version"] == 1
    assert d["snapshot_size"] == ttt.snapshot_size
    assert d["options"][0]["meaning"]


def test_options_change_the_spec_and_equality():
    assert meeple.Game("tictactoe(misere=true)") == meeple.Game("tictactoe( misere = 1 )")
    assert meeple.Game("tictactoe(misere=true)") != meeple.Game("tictactoe")
    assert len({meeple.Game("tictactoe"), meeple.Game("tictactoe()")}) == 1


def test_new_state_has_x_to_move(ttt):
    s = ttt.new_state(seed=3)
    assert s.active_players == (0,)
    assert s.current_player == 0
    assert s.legal_actions() == list(range(9))
    assert s.legal_actions(0) == list(range(9))
    assert s.action_mask().dtype == np.bool_ and s.action_mask().all()
    assert not s.is_terminal and not s.truncated
    assert s.move_number == 0
    assert s.returns.dtype == np.float64 and (s.returns == 0).all()


def test_players_alternate_and_cells_fill(ttt):
    s = play(ttt.new_state(), [4])
    assert s.current_player == 1
    assert 4 not in s.legal_actions()
    assert not s.action_mask()[4]
    with pytest.raises(meeple.NotActiveError):  # not active: the same rule as legal_actions
        s.action_mask(0)
    with pytest.raises(meeple.NotActiveError):
        s.legal_actions(0)
    assert s.is_legal(0) and not s.is_legal(4) and not s.is_legal(0, player=0)


def test_current_player_is_none_once_the_game_is_over(ttt):
    s = play(ttt.new_state(), [0, 3, 1, 4, 2])  # X takes the top row
    assert s.current_player is None
    assert not s.action_mask().any()
    with pytest.raises(meeple.NotActiveError):
        s.action_mask(1)


def test_position_hash_ignores_the_generator_and_move_order(ttt):
    a = play(ttt.new_state(seed=1), [0, 4, 8])
    b = play(ttt.new_state(seed=2), [8, 4, 0])  # same cells, other order and seed
    c = play(ttt.new_state(seed=1), [0, 4, 7])
    assert a != b  # == compares snapshots, generator included
    assert a.same_position(b) and b.same_position(a)
    assert a.position_hash == b.position_hash
    assert not a.same_position(c)
    assert a.position_hash != c.position_hash
    assert 0 <= a.position_hash < 2**64
    table = {a.position_hash: "seen"}
    assert table.get(b.position_hash) == "seen"


def test_positions_of_different_games_differ(ttt):
    misere = meeple.Game("tictactoe(misere=true)")
    assert not ttt.new_state().same_position(misere.new_state())
    with pytest.raises(TypeError):
        ttt.new_state().same_position("state")


def test_catan_states_from_different_seeds_are_different_positions():
    g = meeple.Game("catan")
    a, b = g.new_state(seed=1), g.new_state(seed=2)
    assert not a.same_position(b) and a.position_hash != b.position_hash
    # a determinized copy of a fresh game keeps the board (nothing hidden yet) and
    # draws a new generator: the same position
    d = a.determinize(0, seed=99)
    assert d.snapshot() != a.snapshot()
    assert d.same_position(a) and d.position_hash == a.position_hash


def test_a_draw_has_no_negative_zero(ttt):
    s = play(ttt.new_state(), [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert s.is_terminal
    assert [np.signbit(x) for x in s.returns] == [False, False]
    assert [np.signbit(x) for x in s.step_reward] == [False, False]


def test_a_column_wins_for_o(ttt):
    s = play(ttt.new_state(), [0, 1, 3, 4, 8, 7])
    assert s.is_terminal
    assert s.returns.tolist() == [-1.0, 1.0]
    assert s.step_reward.tolist() == [-1.0, 1.0]
    assert s.active_players == ()
    assert s.current_player is None
    assert s.legal_actions() == []
    assert s.view()["winner"] == 1


def test_misere_makes_three_in_a_row_lose():
    s = play(meeple.Game("tictactoe(misere=true)").new_state(), [0, 3, 1, 4, 2])
    assert s.is_terminal
    assert s.returns.tolist() == [-1.0, 1.0]


def test_a_full_board_without_a_line_is_a_draw(ttt):
    s = play(ttt.new_state(), [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert s.is_terminal
    assert s.returns.tolist() == [0.0, 0.0]
    assert s.view()["draw"] is True


def test_step_reward_is_zero_until_the_end(ttt):
    s = play(ttt.new_state(), [0, 1])
    assert s.step_reward.tolist() == [0.0, 0.0]


def test_observation_is_relative_to_the_viewer(ttt):
    s = play(ttt.new_state(), [4])
    x, o = s.observation(0), s.observation(1)
    assert x.dtype == np.float32 and x.shape == (29,)
    marks_x = x[:18].reshape(2, 3, 3)
    marks_o = o[:18].reshape(2, 3, 3)
    assert marks_x[0, 1, 1] == 1 and marks_o[1, 1, 1] == 1
    assert np.array_equal(s.observation(meeple.PUBLIC), s.observation(meeple.ALL))
    out = np.zeros(29, dtype=np.float32)
    assert s.observation(1, out=out) is out and np.array_equal(out, o)


def test_observation_rejects_a_wrong_out_array(ttt):
    s = ttt.new_state()
    with pytest.raises(TypeError, match="float32"):
        s.observation(0, out=np.zeros(29, dtype=np.float64))
    with pytest.raises(TypeError):
        s.observation(0, out=np.zeros(28, dtype=np.float32))
    with pytest.raises(TypeError):
        s.observation(0, out=np.zeros(58, dtype=np.float32)[::2])


def test_view_is_plain_data(ttt):
    v = play(ttt.new_state(), [4, 0]).view(meeple.PUBLIC)
    assert v["board"][1][1] == "X" and v["board"][0][0] == "O"
    assert v["to_move"] == 0 and v["winner"] is None and v["legal_actions"] == [1, 2, 3, 5, 6, 7, 8]


def test_render_draws_the_board(ttt):
    text = play(ttt.new_state(), [4]).render()
    assert " . | X | ." in text and "O to move" in text
    assert str(play(ttt.new_state(), [4])) == text


def test_clone_is_independent(ttt):
    s = play(ttt.new_state(), [4])
    c = s.clone()
    c.apply(0)
    assert s.move_number == 1 and c.move_number == 2
    assert copy.copy(s) == s and copy.deepcopy(s) == s and c != s


def test_snapshot_round_trips(ttt):
    s = play(ttt.new_state(seed=77), [4, 0, 8])
    data = s.snapshot()
    assert isinstance(data, bytes) and len(data) == ttt.snapshot_size
    back = ttt.restore(data)
    assert back == s and back.snapshot() == data
    assert ttt.restore(bytearray(data)) == s
    assert pickle.loads(pickle.dumps(s)) == s


def test_determinize_keeps_the_viewers_observation(ttt):
    s = play(ttt.new_state(seed=1), [2, 6])
    d = s.determinize(0, seed=5)
    assert np.array_equal(d.observation(0), s.observation(0))
    assert d.legal_actions() == s.legal_actions()


def test_chance_outcomes_are_empty_without_chance(ttt):
    assert ttt.new_state().chance_outcomes() == []


def test_constants_match_the_header():
    assert (meeple.CHANCE, meeple.PUBLIC, meeple.ALL, meeple.NO_ACTION) == (-1, -2, -3, -1)
    assert meeple.ABI_VERSION == 5
    assert meeple.__version__.count(".") == 2


def test_numpy_integers_are_accepted_as_actions(ttt):
    s = ttt.new_state()
    s.apply(np.int64(4))
    assert s.move_number == 1
