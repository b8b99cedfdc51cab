"""Hold'em and PLO ranges: the notation against brute-force filters over every combo,
the weighted set algebra against dictionaries, text round trips, and every grammar
error message."""

from __future__ import annotations

import itertools
import random

import pytest

from meeple import poker
from meeple.errors import ParseError
from meeple.poker import Range

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def rank(card: int) -> int:
    return card % 13 + 2


def suit(card: int) -> int:
    return card // 13


ALL_HOLDEM = [(a, b) for a, b in itertools.combinations(range(52), 2)]


def holdem(pred) -> set[int]:
    """The masks of every Hold'em combo whose (high rank, low rank, suited) pass pred."""
    out = set()
    for a, b in ALL_HOLDEM:
        hi, lo = max(rank(a), rank(b)), min(rank(a), rank(b))
        if pred(hi, lo, suit(a) == suit(b)):
            out.add((1 << a) | (1 << b))
    return out


def masks(r: Range) -> set[int]:
    return set(r.combos())


R = {c: i + 2 for i, c in enumerate(RANKS)}


@pytest.mark.parametrize("text, pred, size", [
    ("QQ", lambda h, l, s: h == l == R["Q"], 6),
    ("AKs", lambda h, l, s: (h, l) == (14, 13) and s, 4),
    ("AKo", lambda h, l, s: (h, l) == (14, 13) and not s, 12),
    ("AK", lambda h, l, s: (h, l) == (14, 13), 16),
    ("KA", lambda h, l, s: (h, l) == (14, 13), 16),
    ("JJ+", lambda h, l, s: h == l and h >= R["J"], 24),
    ("22-55", lambda h, l, s: h == l and h <= 5, 24),
    ("55-22", lambda h, l, s: h == l and h <= 5, 24),
    ("A2s+", lambda h, l, s: h == 14 and l < 14 and s, 48),
    ("K9o+", lambda h, l, s: h == 13 and 9 <= l < 13 and not s, 48),
    ("A5s-A2s", lambda h, l, s: h == 14 and 2 <= l <= 5 and s, 16),
    ("T9s-76s", lambda h, l, s: h - l == 1 and 7 <= h <= 10 and s, 16),
    ("T8-75", lambda h, l, s: h - l == 2 and 7 <= h <= 10, 64),
])
def test_holdem_notation_matches_brute_force(text: str, pred, size: int) -> None:
    r = Range(text)
    assert masks(r) == holdem(pred)
    assert r.size == size == len(r)
    assert r.total_weight == size


def test_exact_combo_and_weights() -> None:
    r = Range("KdQd:0.5, AsAh")
    assert r.combos() == {poker.mask("KdQd"): 0.5, poker.mask("AsAh"): 1.0}
    assert r.total_weight == 1.5
    assert r.weight("QdKd") == 0.5 and "AhAs" in r and "AcAd" not in r


def test_arrays_are_fresh_copies_that_leave_the_range_unchanged() -> None:
    # The range reads its combos once; what arrays() hands out is the caller's to change.
    r = Range("AKs:0.5,QQ")
    masks, weights = r.arrays()
    masks[:] = 0
    weights[:] = 1.0
    again = r.arrays()
    assert len(again[0]) == 10 and sorted(r.combos().values()) == [0.5] * 4 + [1.0] * 6
    assert again[0].flags.writeable and int(again[0].min()) > 0
    assert r.weight("AsKs") == 0.5 and r.size == 10


def test_all_has_every_combo() -> None:
    assert Range.all().size == 1326
    assert masks(Range.all()) == holdem(lambda h, l, s: True)
    assert Range.all("plo").size == 270725


def test_a_combo_in_two_items_with_one_weight_is_fine_and_two_weights_name_both_items() -> None:
    assert Range("JJ+,QQ").size == 24
    with pytest.raises(ParseError) as e:
        Range("JJ+:0.5, QQ")
    msg = str(e.value)
    assert "'JJ+:0.5'" in msg and "'QQ'" in msg and "0.5" in msg and "different weights" in msg


@pytest.mark.parametrize("text, words", [
    ("AX", ["'AX'", "'X' is not a rank", "A K Q J T"]),
    ("QQs", ["a pair has no suited or offsuit form", "'QQ'"]),
    ("A", ["two ranks"]),
    ("AKx", ["unexpected 'x'", "s (suited), o (offsuit)"]),
    ("AKs-QTs", ["share neither", "'A5s-A2s'", "'T9s-76s'"]),
    ("AKs-AQo", ["one kind"]),
    ("AKs:2", ["weight", "from 0 to 1"]),
    ("AKs:x", ["weight", "from 0 to 1"]),
    ("10s10h", ["write ten as 'T'"]),
    ("AsKsQh", ["a Hold'em combo is two cards"]),
    ("22-55x", ["unexpected 'x'"]),
])
def test_every_holdem_grammar_error_teaches_the_form(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as e:
        Range(text)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def random_range(rng: random.Random, n: int) -> dict[int, float]:
    combos = rng.sample(ALL_HOLDEM, n)
    return {(1 << a) | (1 << b): rng.choice([1.0, 0.5, 0.25, 0.75, 0.1]) for a, b in combos}


def test_union_intersection_difference_match_dictionaries() -> None:
    rng = random.Random(5)
    for _ in range(20):
        a, b = random_range(rng, rng.randrange(0, 300)), random_range(rng, rng.randrange(0, 300))
        ra, rb = Range.from_combos(a), Range.from_combos(b)
        keys = set(a) | set(b)
        union = {k: max(a.get(k, 0), b.get(k, 0)) for k in keys}
        inter = {k: min(a[k], b[k]) for k in set(a) & set(b)}
        diff = {k: a[k] - b.get(k, 0) for k in a if a[k] - b.get(k, 0) > 0}
        assert (ra | rb).combos() == union == ra.union(rb).combos()
        assert (ra & rb).combos() == inter == ra.intersection(rb).combos()
        assert (ra - rb).combos() == diff == ra.difference(rb).combos()


def test_dead_cards_remove_exactly_the_blocked_combos() -> None:
    r = Range("JJ+,AKs,T9s-76s")
    dead = poker.mask("As Jd 8h")
    assert masks(r.without("As Jd 8h")) == {m for m in masks(r) if not m & dead}


def test_canonical_text_is_compact_and_round_trips() -> None:
    assert Range("AA,KK,QQ,JJ").text == "JJ+"
    assert Range("AKs,AQs,AJs,ATs").text == "ATs+"
    assert Range("AKs,AKo").text == "AK"
    assert Range("A5s,A4s,A3s").text == "A5s-A3s"
    assert Range("22,33,44,AKs:0.5").text == "44-22,AKs:0.5"
    rng = random.Random(11)
    for _ in range(40):
        parts = []
        for _ in range(rng.randrange(1, 6)):
            hi, lo = sorted(rng.sample(RANKS, 2), key=RANKS.index, reverse=True)
            kind = rng.choice(["", "s", "o", "+", "s+"])
            parts.append(f"{hi}{lo}{kind}" if "+" not in kind else f"{hi}{lo}{kind}")
        r = Range.from_combos(random_range(rng, rng.randrange(0, 60))) | Range(",".join(p + ":0.5" for p in parts))
        back = Range(r.text)
        assert back == r, (r.text, back.text)


def test_conflicting_game_in_algebra_is_an_error() -> None:
    with pytest.raises(ValueError, match="same game"):
        Range("AA") | Range("AA**", game="plo")


def test_from_combos_rejects_bad_input_by_index() -> None:
    with pytest.raises(ValueError, match="combo 1 has 3 cards"):
        Range.from_combos(["AsKs", "AsKsQs"])
    with pytest.raises(ValueError, match="weight"):
        Range.from_combos({"AsKs": 1.5})
    with pytest.raises(ValueError, match="twice"):
        Range.from_combos(["AsKs", "KsAs"])


def test_grid_puts_pairs_on_the_diagonal_suited_above() -> None:
    g = Range("AA,AKs,KQo:0.5").grid()
    assert g[0, 0] == 1.0 and g[0, 1] == 1.0 and g[1, 0] == 0.0
    assert g[2, 1] == 0.5  # KQo below the diagonal: row Q, column K
    assert g.sum() == 2.5


# ---- PLO ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def plo_hands() -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every PLO hand: (mask, ranks, sorted suit counts)."""
    out = []
    for cards in itertools.combinations(range(52), 4):
        counts = [0, 0, 0, 0]
        for c in cards:
            counts[suit(c)] += 1
        out.append((sum(1 << c for c in cards), tuple(rank(c) for c in cards),
                    tuple(sorted((x for x in counts if x), reverse=True))))
    return out


def contains(ranks: tuple[int, ...], need: str) -> bool:
    have = list(ranks)
    for ch in need:
        if ch == "*":
            continue
        if R[ch] not in have:
            return False
        have.remove(R[ch])
    return True


def plo(hands, pred) -> set[int]:
    return {m for m, ranks, shape in hands if pred(ranks, shape)}


def test_plo_patterns_are_multiset_containment(plo_hands) -> None:
    assert Range("AA**", game="plo").size == 6961
    assert Range("AK**", game="plo").size == 17316
    for pattern in ["AA**", "AK**", "KQJ*", "T9*8"]:
        assert masks(Range(pattern, game="plo")) == plo(plo_hands, lambda r, s: contains(r, pattern))


def test_plo_suit_qualifiers_are_exact_histograms(plo_hands) -> None:
    for q, shape in [("ds", (2, 2)), ("ss", (2, 1, 1)), ("r", (1, 1, 1, 1))]:
        got = masks(Range(f"AA**{q}", game="plo"))
        assert got == plo(plo_hands, lambda r, s: contains(r, "AA") and s == shape)


def test_plo_progressions(plo_hands) -> None:
    def union(*patterns: str) -> set[int]:
        return plo(plo_hands, lambda r, s: any(contains(r, p) for p in patterns))

    assert masks(Range("JJ**+", game="plo")) == union("JJ", "QQ", "KK", "AA")
    assert masks(Range("JT98-8765", game="plo")) == union("JT98", "T987", "9876", "8765")
    assert masks(Range("5432-", game="plo")) == union("5432")
    assert masks(Range("6543-", game="plo")) == union("6543", "5432")
    assert masks(Range("KQJT+ds", game="plo")) == plo(
        plo_hands, lambda r, s: (contains(r, "KQJT") or contains(r, "AKQJ")) and s == (2, 2))


def test_plo_exact_hand_weight_and_round_trip() -> None:
    r = Range("AsKsQhJh:0.5, AAKKds", game="plo")
    assert r.weight("AsKsQhJh") == 0.5
    assert Range(r.text, game="plo") == r
    mixed = Range("AA**ds,QQ**r:0.5,KKJJ,AsKdQhJc", game="plo")
    assert Range(mixed.text, game="plo") == mixed


@pytest.mark.parametrize("text, words", [
    ("AA", ["Hold'em notation", "'AA**'", "at least two A"]),
    ("AKs", ["Hold'em notation", "'AK**'"]),
    ("JJ+", ["'JJ**+'"]),
    ("AAx*", ["'x' is not allowed", "* for any rank"]),
    ("AAK", ["4 symbols", "'AAK*'"]),
    ("AA**d", ["ds (double-suited)"]),
    ("JT98-876*", ["same shape"]),
    ("AsKsQh", ["4 cards"]),
    ("AA**:1.5", ["weight"]),
    ("****+", ["no ranks to move"]),
])
def test_every_plo_grammar_error_teaches_the_form(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as e:
        Range(text, game="plo")
    for w in words:
        assert w in str(e.value), (w, str(e.value))
