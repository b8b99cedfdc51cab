"""meeple.poker against a brute-force evaluator written here: best of every five-card
subset, with categories and tie-breaks computed from the rules; equity against
enumeration through that evaluator; and the binding's conventions (NumPy arrays,
errors that name the bad card)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple import poker

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for s in SUITS for r in RANKS]  # index == card id


def five_card_key(hand: tuple[str, ...]) -> tuple:
    """(category index, tie-break ranks) of five cards, straight from the rules."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in hand), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c[1] for c in hand}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (8, (top,))
    if by_count[0][1] == 4:
        return (7, (by_count[0][0], by_count[1][0]))
    if by_count[0][1] == 3 and by_count[1][1] == 2:
        return (6, (by_count[0][0], by_count[1][0]))
    if flush:
        return (5, tuple(ranks))
    if top:
        return (4, (top,))
    if by_count[0][1] == 3:
        return (3, tuple(r for r, _ in by_count))
    if by_count[0][1] == 2 and by_count[1][1] == 2:
        return (2, tuple(r for r, _ in by_count))
    if by_count[0][1] == 2:
        return (1, tuple(r for r, _ in by_count))
    return (0, tuple(ranks))


def best_key(cards: list[str]) -> tuple:
    return max(five_card_key(c) for c in itertools.combinations(cards, 5))


def random_hands(n: int, size: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(n)]


def test_seven_card_values_order_hands_as_the_brute_force_does() -> None:
    hands = random_hands(3000, 7, seed=1) + random_hands(1000, 6, seed=2) + random_hands(1000, 5, seed=3)
    values = [poker.evaluate(" ".join(h)) for h in hands]
    keys = [best_key(h) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: values[i])
    # Both orders are total preorders: neighbours in one agree in the other, everywhere.
    for a, b in zip(order, order[1:]):
        assert (values[a] == values[b]) == (keys[a] == keys[b])
        assert keys[a] <= keys[b]
    for v, k in zip(values, keys):
        assert poker.category(v) == poker.CATEGORIES[k[0]]
        assert poker.tiebreak_ranks(v) == k[1]


def test_plo_value_is_the_best_two_plus_three() -> None:
    rng = random.Random(4)
    for _ in range(300):
        cards = rng.sample(DECK, 9)
        hole, board = cards[:4], cards[4:4 + rng.choice([3, 4, 5])]
        want = max(five_card_key(h + b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))
        v = poker.evaluate(hole, board, game="plo")
        assert (poker.CATEGORIES.index(poker.category(v)), poker.tiebreak_ranks(v)) == want


def test_cards_parse_and_format() -> None:
    assert [c.id for c in poker.cards("AsKs Qd")] == [51, 50, 23]
    assert str(poker.Card("td")) == "Td" and poker.Card("As").id == 51 and poker.Card(0).rank == 2
    assert poker.format_mask(poker.mask("2c Ah As")) == "As Ah 2c"
    assert poker.from_mask(poker.mask(["As", poker.Card("Kd"), 0])) == poker.cards("As Kd 2c")
    assert repr(poker.Card("As")) == "Card('As')"
    assert poker.mask(poker.Card("Kd")) == poker.mask("Kd") and poker.cards(poker.Card("Kd")) == [poker.Card("Kd")]


def test_deck_deals_the_rest_in_a_seeded_order() -> None:
    d = poker.deck(seed=3, removed="As Ks")
    assert len(d) == 50 and len(set(d)) == 50 and poker.Card("As") not in d
    assert d == poker.deck(seed=3, removed="As Ks") and d != poker.deck(seed=4, removed="As Ks")


def test_errors_name_the_bad_card_and_show_the_form() -> None:
    with pytest.raises(ValueError, match=r"bad card 'Ax': a card is a rank 2-9, T \(or 10\), J, Q, K, A then a suit c, d, h, s "
                       r"\(or ♣ ♦ ♥ ♠\), as in 'As', '10d' or 'A♠'"):
        poker.cards("As Ax")
    with pytest.raises(meeple.ParseError):
        poker.Card("1s")
    with pytest.raises(ValueError, match="appears twice"):
        poker.mask("As Ks As")
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        poker.evaluate("As Ks")
    with pytest.raises(ValueError, match="unknown poker game 'stud'"):
        poker.evaluate("As Ks", "2c 3c 4c", game="stud")
    with pytest.raises(ValueError, match="share"):
        poker.evaluate("As Ks", "As 3c 4c")


def test_describe_words() -> None:
    assert poker.describe(poker.evaluate("As Ks Qs Js Ts")) == "Straight Flush, ace high"
    assert poker.describe(poker.evaluate("Kh Kd 5c 5s Jd 2c 3h")) == "Two Pair, kings and fives, jack kicker"
    assert poker.describe(poker.evaluate("Ah Ad Ac Kd Ks 2c 3h")) == "Full House, aces full of kings"


def test_showdown_splits_the_pot_between_equal_hands() -> None:
    r = poker.showdown(["Ac Kd", "Ad Kc", "Qh Qd"], "As Ks 8c 9h 2c")
    assert r.winners == [0, 1] and r.values[0] == r.values[1] > r.values[2]
    assert poker.showdown(["Ac Kd", "Qh Qd"], "2s 7s 8c 9h Tc").winners == [1]


def masks_of(hands: list[list[str]]) -> np.ndarray:
    return np.array([poker.mask(h) for h in hands], dtype=np.uint64)


def test_batch_matches_single_calls_at_every_thread_count() -> None:
    hands = random_hands(20000, 7, seed=5)
    masks = masks_of(hands)
    one = poker.evaluate_batch(masks, threads=1)
    assert one.dtype == np.uint32 and one.shape == (20000,)
    for threads in (0, 2, 3):
        assert np.array_equal(poker.evaluate_batch(masks, threads=threads), one)
    assert [poker.evaluate(int(m)) for m in masks[:500]] == one[:500].tolist()
    out = np.zeros(20000, dtype=np.uint32)
    assert poker.evaluate_batch(masks, out=out) is out and np.array_equal(out, one)


def test_hand_batches_match_single_calls() -> None:
    rng = random.Random(6)
    deals = [rng.sample(DECK, 9) for _ in range(2000)]
    holes = masks_of([d[:2] for d in deals])
    boards = masks_of([d[4:9] for d in deals])
    got = poker.evaluate_holdem_batch(holes, boards)
    assert got.tolist() == [poker.evaluate(d[:2], d[4:9]) for d in deals]
    holes4 = masks_of([d[:4] for d in deals])
    got4 = poker.evaluate_plo_batch(holes4, boards, threads=2)
    assert got4[:200].tolist() == [poker.evaluate(d[:4], d[4:9], game="plo") for d in deals[:200]]


def test_batch_rejects_wrong_arrays_with_type_error_and_bad_masks_untouched() -> None:
    masks = masks_of(random_hands(10, 7, seed=7))
    with pytest.raises(TypeError, match="dtype uint64"):
        poker.evaluate_batch(masks.astype(np.int64))
    with pytest.raises(TypeError, match="1-D"):
        poker.evaluate_batch(masks.reshape(2, 5))
    with pytest.raises(TypeError, match="contiguous"):
        poker.evaluate_batch(np.repeat(masks, 2)[::2])
    with pytest.raises(TypeError, match=r"shape \(10,\)"):
        poker.evaluate_batch(masks, out=np.zeros(9, dtype=np.uint32))
    out = np.full(10, 7, dtype=np.uint32)
    bad = masks.copy()
    bad[3] = poker.mask("As Ks")
    with pytest.raises(ValueError, match=r"masks\[3\]"):
        poker.evaluate_batch(bad, out=out)
    assert (out == 7).all()


def test_id_batches_match_masks_for_every_hand_size_and_thread_count() -> None:
    for size in (5, 6, 7):
        hands = random_hands(6000, size, seed=20 + size)
        ids = np.array([[poker.Card(c).id for c in h] for h in hands], dtype=np.uint8)
        want = poker.evaluate_batch(masks_of(hands), threads=1)
        for threads in (0, 1, 3):
            got = poker.evaluate_ids_batch(ids, threads=threads)
            assert got.dtype == np.uint32 and np.array_equal(got, want)
    # Flushes of every suit, and lists of lists.
    assert poker.evaluate_ids_batch([[51, 50, 49, 48, 47, 0, 1], [12, 11, 10, 9, 8, 25, 38]]).tolist() == [7462, 7462]
    assert poker.evaluate_ids_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_id_batches_reject_bad_hands_and_arrays_and_write_nothing() -> None:
    ids = np.array([[51, 50, 49, 48, 47, 0, 1]] * 4, dtype=np.uint8)
    out = np.full(4, 7, dtype=np.uint32)
    bad = ids.copy()
    bad[2, 6] = 52
    with pytest.raises(ValueError, match=r"hand 2 \(ids 51, 50, 49, 48, 47, 0, 52\) holds id 52, above 51"):
        poker.evaluate_ids_batch(bad, out=out)
    bad = ids.copy()
    bad[3, 1] = 51
    with pytest.raises(ValueError, match="hand 3 .* holds card 51 twice"):
        poker.evaluate_ids_batch(bad, out=out)
    assert (out == 7).all()
    with pytest.raises(TypeError, match="dtype uint8 and shape"):
        poker.evaluate_ids_batch(ids.astype(np.int64))
    with pytest.raises(TypeError, match=r"shape \(4, 4\)"):
        poker.evaluate_ids_batch(ids[:, :4].copy())
    with pytest.raises(TypeError, match="contiguous"):
        poker.evaluate_ids_batch(ids[::2])
    with pytest.raises(TypeError, match=r"shape \(4,\)"):
        poker.evaluate_ids_batch(ids, out=np.zeros(3, dtype=np.uint32))
    with pytest.raises(TypeError, match="uint8 card ids"):
        poker.evaluate_ids_batch([[1, 2, 3, 4, 300]])


def brute_force_equity(hands: list[str], board: list[str]) -> list[float]:
    held = [poker.cards(h) for h in hands]
    used = {str(c) for h in held for c in h} | set(board)
    left = [c for c in DECK if c not in used]
    shares = [0.0] * len(hands)
    boards = 0
    for extra in itertools.combinations(left, 5 - len(board)):
        keys = [best_key([str(c) for c in h] + board + list(extra)) for h in held]
        best = max(keys)
        winners = [i for i, k in enumerate(keys) if k == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return [s / boards for s in shares]


@pytest.mark.parametrize(
    "hands, board",
    [(["As Ks", "Qd Qc"], ["2c", "7d", "9h", "Ah"]),
     (["Ah 5h", "Kc Kd", "7c 8c"], ["6h", "9h", "2c"]),
     (["2c 3d", "2d 3c"], ["As", "Ks", "Qs", "4h"])],
)
def test_exact_equity_equals_brute_force(hands: list[str], board: list[str]) -> None:
    r = poker.equity(hands, " ".join(board), exact=True)
    assert r.exact and r.boards == r.count
    assert np.allclose(r.equity, brute_force_equity(hands, board), atol=1e-12)
    if len(hands) == 2:
        assert np.allclose(r.equity, r.win + r.tie / 2)
    assert (r.stderr == 0).all() and abs(r.equity.sum() - 1) < 1e-12


def test_monte_carlo_within_its_standard_error_and_the_same_at_any_thread_count() -> None:
    hands, board = ["Ah Kd", "7c 7s", "Jh Th"], "2h 8h"
    exact = poker.equity(hands, board, exact=True)
    mc = poker.equity(hands, board, exact=False, trials=200_000, seed=11, threads=1)
    assert mc.trials == 200_000 and not mc.exact
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()
    for threads in (2, 3, 0):
        again = poker.equity(hands, board, exact=False, trials=200_000, seed=11, threads=threads)
        assert again.equity.tobytes() == mc.equity.tobytes() and again.stderr.tobytes() == mc.stderr.tobytes()


def test_equity_with_dead_cards_and_automatic_mode() -> None:
    assert poker.count_boards(["As Ks", "Qd Qc"], "2c 7d 9h", dead="3s") == 946
    assert poker.equity(["As Ks", "Qd Qc"], "2c 7d 9h").exact
    assert poker.equity(["As Ks Qd Jd", "2c 3c 4h 5h"], "2d 7h 9s", game="plo").exact
    plo = poker.equity(["As Ks Qd Jd", "2c 3c 4h 5h"], game="plo", exact=False, trials=20_000, seed=1)
    assert not plo.exact and plo.trials == 20_000 and plo.boards is None
    with pytest.raises(ValueError, match="shares"):
        poker.equity(["As Ks", "As Qd"])
    with pytest.raises(ValueError, match="2 to 10 hands"):
        poker.equity(["As Ks"])


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="23456789TJQKAtjqka cdhsCDHSx1,\t", max_size=24))
def test_any_text_parses_or_raises_a_value_error_naming_the_problem(text: str) -> None:
    try:
        parsed = poker.cards(text)
    except ValueError as e:
        assert "bad card" in str(e) or "appears twice" in str(e)
        return
    assert poker.cards(" ".join(str(c) for c in parsed)) == parsed
    assert len(set(parsed)) == len(parsed)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**52 - 1))
def test_any_mask_formats_and_parses_back(m: int) -> None:
    assert poker.mask(poker.format_mask(m)) == m


def test_categories_occupy_the_documented_value_blocks() -> None:
    starts = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453]  # docs/poker.md
    for index, first in enumerate(starts):
        assert poker.category(first) == poker.CATEGORIES[index]
        if first > 1:
            assert poker.category(first - 1) == poker.CATEGORIES[index - 1]
    assert poker.category(poker.NUM_VALUES) == "Straight Flush"


def test_cards_read_ten_as_10_and_suit_symbols() -> None:
    assert poker.mask("10s 10h") == poker.mask("Ts Th")
    assert poker.mask("A♠K♥ Q♦ J♣") == poker.mask("As Kh Qd Jc")
    assert poker.mask("A♤ K♡ Q♢ J♧") == poker.mask("As Kh Qd Jc")
    assert [str(c) for c in poker.cards("10♠ 2c")] == ["Ts", "2c"]


def test_a_bad_suit_symbol_is_named_whole() -> None:
    with pytest.raises(meeple.ParseError) as e:
        poker.mask("A♠ K☂")
    assert "bad card 'K☂'" in str(e.value) and "\ufffd" not in str(e.value)
