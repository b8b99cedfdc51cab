"""Range text from anywhere (issue 37, item 10): repeated PLO wildcards are refused once
they add more than four times every hand, quickly, and a huge bad item is quoted cut
short, so the message stays a line."""

from __future__ import annotations

import time

import pytest

from meeple.errors import ParseError
from meeple.poker import Range


def test_repeated_plo_wildcards_are_refused_quickly():
    started = time.perf_counter()
    with pytest.raises(ParseError, match="add more than 1082900 combos in all"):
        Range("****," * 50, game="plo")
    assert time.perf_counter() - started < 5
    assert len(Range("****", game="plo")) == 270725  # one wildcard is every hand
    assert len(Range("AA**,KK**,QQ**,JJ**", game="plo")) > 0


@pytest.mark.parametrize("game, text", [
    ("plo", "x" * (4 << 20)), ("holdem", "x" * (4 << 20)), ("plo", "AK" + "s" * (4 << 20)),
    ("holdem", "AK" + "s" * (4 << 20)), ("plo", "AA**:" + "9" * (4 << 20)),
])
def test_a_huge_bad_item_gives_a_short_message(game, text):
    with pytest.raises(ParseError) as e:
        Range(text, game=game)
    assert len(str(e.value)) < 600 and "bytes)" in str(e.value)
