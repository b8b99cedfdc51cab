"""Snapshot bytes are checked, never trusted: a well-formed header with an impossible
state behind it is refused too."""

from __future__ import annotations

import struct

import pytest

import meeple

HEADER = 48
RNG_BYTES, MOVE_BYTES = 32, 8


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def reseal(snapshot: bytearray) -> bytes:
    """Rewrites the checksum so that only the game's own invariants can catch a forgery."""
    h = fnv1a64(bytes(snapshot[HEADER:]))
    struct.pack_into("<I", snapshot, 44, (h ^ (h >> 32)) & 0xFFFFFFFF)
    return bytes(snapshot)


def forged(game: meeple.Game, x: int, o: int, to_move: int, outcome: int = 0) -> bytes:
    data = bytearray(game.new_state(1).snapshot())
    struct.pack_into("<HHBBH", data, HEADER + RNG_BYTES + MOVE_BYTES, x, o, to_move, outcome, 0)
    return reseal(data)


def test_the_forging_helper_reproduces_a_real_snapshot(ttt):
    real = ttt.new_state(1)
    real.apply(4)
    data = bytearray(real.snapshot())
    assert forged(ttt, 1 << 4, 0, 1)[HEADER + RNG_BYTES + MOVE_BYTES:] == bytes(data[HEADER + RNG_BYTES + MOVE_BYTES:])


@pytest.mark.parametrize(
    "x, o, to_move, outcome, reason",
    [
        (1, 1, 0, 0, "both X and O"),
        (1 << 9, 0, 1, 0, "outside the 9 cells"),
        (0b11, 0, 1, 0, "as many marks"),
        (1, 0, 0, 0, "player to move"),
        (0b111, 0b11000, 1, 0, "outcome does not match"),
        (0b111000, 0b000111, 0, 2, "play continued"),
        (0, 0, 0, 9, "outcome"),
    ],
)
def test_impossible_states_are_refused(ttt, x, o, to_move, outcome, reason):
    with pytest.raises(meeple.ParseError, match=reason):
        ttt.restore(forged(ttt, x, o, to_move, outcome))


def test_an_all_zero_generator_is_refused(ttt):
    data = bytearray(ttt.new_state(1).snapshot())
    data[HEADER : HEADER + RNG_BYTES] = bytes(RNG_BYTES)
    with pytest.raises(meeple.ParseError, match="generator"):
        ttt.restore(reseal(data))
