"""Bad input gets a clear error that says what was wrong, and changes nothing."""

from __future__ import annotations

import pytest

import meeple


def test_unknown_game_lists_the_games():
    with pytest.raises(meeple.InvalidArgumentError, match=r"unknown game 'catn'; available: .*tictactoe"):
        meeple.Game("catn")


def test_unknown_option_lists_the_options():
    with pytest.raises(ValueError, match=r"unknown option 'size' for tictactoe; available: misere"):
        meeple.Game("tictactoe(size=4)")


@pytest.mark.parametrize("spec", ["tictactoe(misere=maybe)", "tictactoe(misere=)", "tictactoe(misere",
                                  "tictactoe(=1)", "", "Tic Tac Toe", "tictactoe((misere=1))"])
def test_malformed_specs_raise_parse_errors(spec):
    with pytest.raises(meeple.ParseError):
        meeple.Game(spec)


def test_option_value_error_says_what_is_accepted():
    with pytest.raises(meeple.ParseError, match="takes true or false, got 'maybe'"):
        meeple.Game("tictactoe(misere=maybe)")


def test_spec_must_be_a_string():
    with pytest.raises(TypeError):
        meeple.Game(3)  # type: ignore[arg-type]


def test_illegal_action_raises_and_changes_nothing(ttt):
    s = ttt.new_state(seed=9)
    s.apply(4)
    before = s.snapshot()
    with pytest.raises(meeple.IllegalActionError, match=r"action 4 \(place\(1,1\)\) is not legal for player 1") as e:
        s.apply(4)
    assert isinstance(e.value, ValueError) and e.value.status_name == "MEEPLE_ERR_ILLEGAL_ACTION"
    assert s.snapshot() == before


def test_player_not_active_raises_and_changes_nothing(ttt):
    s = ttt.new_state()
    before = s.snapshot()
    with pytest.raises(meeple.NotActiveError, match="player 1 is not active"):
        s.apply(0, player=1)
    with pytest.raises(meeple.NotActiveError):
        s.legal_actions(1)
    with pytest.raises(meeple.NotActiveError):
        s.apply(0, player=meeple.CHANCE)
    assert s.snapshot() == before


def test_out_of_range_action_and_seat_are_index_errors(ttt):
    s = ttt.new_state()
    with pytest.raises(meeple.OutOfRangeError, match="outside the action space 0..8"):
        s.apply(9)
    with pytest.raises(IndexError):
        s.apply(-5)
    with pytest.raises(IndexError, match="not a seat"):
        s.legal_actions(2)
    with pytest.raises(IndexError, match="viewer 7"):
        s.observation(7)
    with pytest.raises(IndexError):
        s.view(5)
    with pytest.raises(IndexError):
        ttt.action_name(9)
    with pytest.raises(IndexError):
        s.determinize(meeple.PUBLIC, seed=1)


def test_acting_in_a_finished_game_is_a_wrong_state(ttt):
    s = ttt.new_state()
    for cell in [0, 3, 1, 4, 2]:
        s.apply(cell)
    with pytest.raises(meeple.WrongStateError, match="game is over"):
        s.apply(8)


def test_action_of_wrong_type_raises_type_error(ttt):
    with pytest.raises(TypeError):
        ttt.new_state().apply("4")  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        ttt.new_state().apply(2**40)


def test_seed_outside_uint64_is_refused(ttt):
    with pytest.raises(ValueError, match="seed"):
        ttt.new_state(seed=-1)
    with pytest.raises(ValueError):
        ttt.new_state(seed=2**64)


def test_snapshot_of_another_game_options_is_refused(ttt):
    data = ttt.new_state().snapshot()
    with pytest.raises(meeple.InvalidArgumentError, match="other options"):
        meeple.Game("tictactoe(misere=true)").restore(data)


def test_snapshot_cut_short_is_refused(ttt):
    data = ttt.new_state().snapshot()
    with pytest.raises(meeple.ParseError, match="cut short"):
        ttt.restore(data[:-1])
    with pytest.raises(meeple.ParseError, match="not a meeple snapshot"):
        ttt.restore(b"hello")
    with pytest.raises(meeple.ParseError):
        ttt.restore(b"")
    with pytest.raises(meeple.ParseError, match="trailing"):
        ttt.restore(data + b"\0")


def test_snapshot_of_another_version_is_refused(ttt):
    data = bytearray(ttt.new_state().snapshot())
    data[8] = 2
    with pytest.raises(meeple.VersionMismatchError, match="snapshot format version 2"):
        ttt.restore(bytes(data))
    data = bytearray(ttt.new_state().snapshot())
    data[12] = 9
    with pytest.raises(meeple.VersionMismatchError, match="state version 9"):
        ttt.restore(bytes(data))


def test_corrupt_snapshot_is_refused(ttt):
    data = bytearray(ttt.new_state().snapshot())
    data[-3] ^= 0x40
    with pytest.raises(meeple.ParseError, match="corrupt"):
        ttt.restore(bytes(data))


def test_restore_takes_bytes_only(ttt):
    with pytest.raises(TypeError):
        ttt.restore("not bytes")  # type: ignore[arg-type]


def test_states_cannot_be_made_directly():
    with pytest.raises(TypeError):
        meeple.State()


def test_every_error_is_a_meeple_error_and_a_builtin():
    pairs = [
        (meeple.InvalidArgumentError, ValueError), (meeple.OutOfRangeError, IndexError),
        (meeple.IllegalActionError, ValueError), (meeple.NotActiveError, ValueError),
        (meeple.ParseError, ValueError), (meeple.VersionMismatchError, ValueError),
        (meeple.OutOfMemoryError, MemoryError), (meeple.InternalError, RuntimeError),
        (meeple.WrongStateError, ValueError), (meeple.BufferTooSmallError, ValueError),
    ]
    for cls, builtin in pairs:
        assert issubclass(cls, meeple.MeepleError) and issubclass(cls, builtin)


@pytest.mark.parametrize("player", [-5, -6, -100, -(2**31)])
def test_a_negative_player_that_is_not_a_named_constant_is_out_of_range(ttt, player):
    s = ttt.new_state()
    before = s.snapshot()
    with pytest.raises(meeple.OutOfRangeError, match="is not a seat"):
        s.legal_actions(player)
    with pytest.raises(meeple.OutOfRangeError):
        s.action_mask(player)
    with pytest.raises(meeple.OutOfRangeError):
        s.is_legal(0, player)
    with pytest.raises(meeple.OutOfRangeError):
        s.apply(0, player)
    assert s.snapshot() == before


def test_a_nul_inside_a_spec_is_a_value_error_not_a_shorter_spec():
    with pytest.raises(ValueError, match="the game spec holds a NUL character at index 16"):
        meeple.Game("catan(players=2)\0,players=9)")


def test_a_nul_inside_position_json_is_a_value_error():
    game = meeple.Game("catan(board=beginner)")
    text = '{"phase": "main", "dice": 6}'
    game.from_position(text)  # valid as it stands
    with pytest.raises(ValueError, match=f"the position JSON holds a NUL character at index {len(text)}"):
        game.from_position(text + "\0garbage")


def test_a_nul_inside_card_text_is_a_value_error():
    with pytest.raises(ValueError, match="the card text holds a NUL"):
        meeple.poker.mask("As\0Ks")
    with pytest.raises(ValueError, match="the card text holds a NUL"):
        meeple.poker.cards("As\0Ks")
    with pytest.raises(ValueError, match="NUL"):
        meeple.poker.Card("A\0s")


def test_a_nul_inside_a_data_key_is_a_value_error():
    with pytest.raises(ValueError, match="the data key holds a NUL"):
        meeple.Game("catan").data("topology\0x")


def test_data_takes_a_string_key():
    with pytest.raises(TypeError, match="key string"):
        meeple.Game("catan").data(None)  # type: ignore[arg-type]


def test_minus_zero_and_zero_are_one_option_value():
    a = meeple.Game("triangle(reward_placed=-0)")
    b = meeple.Game("triangle(reward_placed=0)")
    assert a.spec == b.spec and "reward_placed=0," in a.spec
    assert a == b
    assert a.restore(b.new_state(seed=3).snapshot()) == a.new_state(seed=3)


@pytest.mark.parametrize("make", [
    lambda big: meeple.Game(f"tictactoe(misere={big})"),
    lambda big: meeple.Game(f"triangle(reward_placed={big})"),
    lambda big: meeple.Game(f"{big}"),
    lambda big: meeple.Game(f"tictactoe({big}=1)"),
    lambda big: meeple.Game("catan").data(big),
    lambda big: meeple.poker.mask("As" * (len(big) // 2)),  # a card twice: the text is quoted
    lambda big: meeple.Game("catan").from_position('{"' + big + '": 1}'),
])
def test_error_messages_cut_long_echoed_input(make):
    big = "q" * (4 << 20)
    with pytest.raises(meeple.MeepleError) as e:
        make(big)
    message = str(e.value)
    assert len(message) < 1000, len(message)
    assert ("qqqq" in message or "AsAs" in message) and f"({len(big)} bytes)" in message
