"""Checking hand histories: every hand of a file is read (other variants and malformed
hands too, each with its own verdict), every illegal or inconsistent history is refused
naming the file, the line and the rule, forged amounts are bounded before they cost any
time, and `meeple phh` reports all of it, with a summary, exiting 1 on a bad hand.
The real-hands corpus (../shared/phh-corpus beside the checkout) is read whole when present."""

from __future__ import annotations

import collections
import json
import pathlib
import time

import pytest

from meeple.commands import main
from meeple import poker
from meeple.poker import phh

BASE = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 AsKs',
  'd dh p2 QdQh',
  'd dh p3 7c2d',
  'p3 f',
  'p1 cbr 30',
  'p2 cc',
  'd db Ah7h2s',
  'p1 cc',
  'p2 cc',
  'd db 3c',
  'p1 cc',
  'p2 cc',
  'd db 4d',
  'p1 cc',
  'p2 cc',
]
finishing_stacks = [230, 170, 200]
"""

STUD = """variant = 'F7S'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 ????Ac', 'd dh p2 ????Kd', 'p2 pb', 'p1 cc']
"""


def line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


def test_the_base_hand_replays_and_its_typed_fields_read() -> None:
    (hand,) = phh.loads(BASE)
    assert hand.error is None and hand.variant == "NT" and hand.variant_name == "no-limit Texas Hold'em"
    assert hand.starting_stacks == (200, 200, 200) and hand.blinds_or_straddles == (5, 10, 0)
    assert hand.antes == (0, 0, 0) and hand.min_bet == 10 and hand.finishing_stacks == (230, 170, 200)
    assert hand.board == ("Ah", "7h", "2s", "3c", "4d") and hand.hole_cards[1] == ("Qd", "Qh")
    cbr = hand.actions[4]
    assert (cbr.player, cbr.verb, cbr.amount, cbr.line) == (0, "cbr", 30, line_of(BASE, "p1 cbr 30"))
    assert hand.state().is_terminal


# Each illegal or inconsistent history: the change to BASE, the line named, the rule.
BAD = [
    ("'p1 cbr 30'", "'p1 cbr 5000'", "p1 cbr 5000", r"PHH action 5 'p1 cbr 5000': a raise to 5000 is outside the "
                                                 r"legal range: .* 20\.\.200"),
    ("'p3 f'", "'p9 f'", "p9 f", "p9 is not at this table; starting_stacks lists 3 players, p1 to p3"),
    ("[200, 200, 200]", "[200, 200]", "blinds_or_straddles", "'blinds_or_straddles' lists 3 amounts for 2 players"),
    ("'d db 4d'", "'d db 7h'", "d db 7h", "deals 7h again .*; a deck has one of each card"),
    ("'d dh p3 7c2d'", "'d dh p3 QdJc'", "p3 QdJc", "deals Qd again .*; a deck has one of each card"),
    ("[230, 170, 200]", "[240, 160, 200]", "finishing_stacks", r"finishing_stacks are \[240, 160, 200\], but the "
                                                               r"rules pay \[230, 170, 200\]"),
    ("'p2 cc',\n]", "'p2 cc',\n  'd db 5s',\n]", "d db 5s", "deals board card 6; a board has 5 at most"),
    # issue 37, item 14: each was a traceback
    ("[200, 200, 200]", "200", "starting_stacks", "'starting_stacks' is 200; PHH writes a list of amounts"),
    ("'d db 3c'", "'d db'", "'d db'", "a board deal is 'd db CARDS'"),
    ("'p3 f'", "'p\u00b2 f'", "p\u00b2 f", "'p\u00b2' is no player; PHH names them p1, p2"),
    ("'d dh p2 QdQh'", "'d dh p2'", "'d dh p2'", "a hole-card deal is 'd dh PLAYER CARDS'"),
    ("[200, 200, 200]", "[[200], [200], [200]]", "starting_stacks", r"entry \[200\] is not an amount of chips"),
    ("'d dh p2 QdQh'", "'d dh p2 QdQ'", "p2 QdQ", "'QdQ' is not a run of cards"),
    ("'d dh p2 QdQh'", "'d dh p2 QdQhQc'", "p2 QdQhQc", "deals 3 hole cards; a player of no-limit Texas Hold'em gets 2"),
    ("'p1 cbr 30'", "'p1 cbr'", "'p1 cbr'", "a bet or raise names the amount"),
    ("'p3 f'", "'p3 x'", "p3 x", "'x' is not a player's action"),
    ("variant = 'NT'", "variant = 'XX'", "variant", "PHH variant 'XX' is unknown"),
    ("[5, 10, 0]", "[5, -10, 0]", "blinds_or_straddles", "is negative"),
]


@pytest.mark.parametrize("old, new, where, rule", BAD)
def test_each_illegal_history_is_refused_naming_file_line_and_rule(old: str, new: str, where: str, rule: str) -> None:
    text = BASE.replace(old, new, 1)
    assert text != BASE
    (hand,) = phh.loads(text, "bad.phh")
    with pytest.raises(phh.PHHError, match=rf"^bad\.phh:{line_of(text, where)}: .*{rule}") as caught:
        hand.state()
    assert caught.type is phh.PHHError  # bad, not merely a hand holdem does not model


@pytest.mark.parametrize("old, new", [
    ("'p1 cbr 30'", "'p1 cbr 1e999999'"), ("min_bet = 10", "min_bet = '1e999999'"),
    ("[5, 10, 0]", "[5, '1e999999', 0]"), ("[200, 200, 200]", "[200, 200, '9e999999']"),
    ("'p1 cbr 30'", "'p1 cbr 1e-999999'"), ("'p1 cbr 30'", "'p1 cbr " + "9" * 100_000 + "'"),
    ("min_bet = 10", "min_bet = 1e999999"),
])
def test_forged_amounts_are_bounded_before_conversion(old: str, new: str) -> None:
    # issue 37, item 9: '1e999999' cost 30 s in the Decimal to int conversion.
    start = time.perf_counter()
    (hand,) = phh.loads(BASE.replace(old, new), "big.phh")
    with pytest.raises(phh.PHHError, match=r"beyond any stack|decimal places|finite|characters"):
        hand.state()
    assert hand.chip_scale == 1 and time.perf_counter() - start < 1.0


def test_one_bad_hand_does_not_refuse_the_file(tmp_path) -> None:
    broken_toml = BASE.replace("min_bet = 10", "min_bet = ")
    path = tmp_path / "mixed.phhs"
    text = f"[1]\n{BASE}\n[2]\n{STUD}\n[3]\n{broken_toml}\n[4]\n{BASE.replace(chr(39) + 'p3 f', chr(39) + 'p7 f')}"
    path.write_text(text)
    one, stud, toml, p7 = phh.read(path)
    assert one.error is None and one.state().is_terminal
    assert stud.error is None and stud.variant == "F7S" and stud.starting_stacks == (50, 50)
    assert stud.hole_cards == [("??", "??", "Ac"), ("??", "??", "Kd")] and stud.actions[2].verb == "pb"
    assert stud.unsupported and "fixed-limit seven-card stud" in stud.unsupported
    with pytest.raises(phh.PHHUnsupportedError, match=r"^.*mixed\.phhs:\d+: PHH variant 'F7S'"):
        stud.state()
    assert toml.error and toml.error.startswith(f"{path}:") and "not PHH (TOML)" in toml.error
    assert p7.error and f"{path}:" in p7.error and "p7 is not at this table" in p7.error


def test_a_fourth_street_of_board_cards_reads_without_a_traceback() -> None:
    text = BASE.replace("'p2 cc',\n]", "'p2 cc',\n  'd db 5s',\n]")
    (hand,) = phh.loads(text)
    assert hand.error and "a board has 5 at most" in hand.error
    assert hand.boards == {"preflop": 0}  # nothing read beyond the field that broke


def test_the_phh_command_checks_every_hand_and_exits_1_on_a_bad_one(tmp_path, capsys) -> None:
    path = tmp_path / "hands.phhs"
    bad = BASE.replace("'p1 cbr 30'", "'p1 cbr 5000'")
    text = f"[good]\n{BASE}\n[stud]\n{STUD}\n[bad]\n{bad}"
    path.write_text(text)
    assert main(["phh", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{line_of(text, 'p1 cbr 5000')}: PHH action 5 'p1 cbr 5000'" in out
    assert "preflop -       p3 fold, p1 raises to 30, p2 call 20" in out
    assert "pots    60 (p1, p2)" in out and "won     p1 60" in out and "final   p1 230, p2 170, p3 200" in out
    assert "3 hands (NT 2, F7S 1): 1 replayed and checked, 1 bad, 1 not replayed" in out
    assert main(["phh", str(path), "--json", "--equity"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    good, stud, badr, summary = rows
    assert good["status"] == "ok" and good["final_stacks"] == ["230", "170", "200"] and good["won"] == {"p1": "60"}
    pre = poker.equity(["AsKs", "QdQh", "7c2d"], 0, exact=None, trials=200_000, seed=0).equity
    assert good["equity"][0]["equity"] == pytest.approx({"p1": pre[0], "p2": pre[1], "p3": pre[2]})
    assert good["equity"][1]["in"] == ["p1", "p2"] and good["equity"][3]["equity"] == {"p1": 1.0, "p2": 0.0}
    assert stud["status"] == "not replayed" and "F7S" in stud["reason"]
    assert badr["status"] == "bad" and "outside the legal range" in badr["problem"]
    assert summary == {"summary": {"hands": 3, "variants": {"NT": 2, "F7S": 1}, "replayed": 1,
                                   "not_replayed": {stud["reason"]: 1}, "bad": 1}}
    good_only = tmp_path / "good.phh"
    good_only.write_text(BASE)
    assert main(["phh", str(good_only), "--summary"]) == 0
    assert capsys.readouterr().out.strip() == "1 hands (NT 1): 1 replayed and checked, 0 bad, 0 not replayed"


def test_a_hand_in_dollars_and_cents_shows_dollars_and_cents(tmp_path, capsys) -> None:
    cents = BASE.replace("[200, 200, 200]", "[200.5, 200, 200]").replace("[230, 170, 200]", "[230.5, 170, 200]")
    path = tmp_path / "cents.phh"
    path.write_text(cents)
    (hand,) = phh.read(path)
    assert hand.chip_scale == 10
    assert main(["phh", str(path)]) == 0
    assert "final   p1 230.5, p2 170, p3 200" in capsys.readouterr().out


CORPUS = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "phh-corpus"


@pytest.fixture
def corpus() -> pathlib.Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the real-hands corpus is not beside the checkout ({CORPUS} is absent)")
    return CORPUS


def test_every_corpus_hand_reads_and_every_hold_em_hand_replays_to_its_finishing_stacks(corpus) -> None:
    hands = [h for f in sorted(corpus.glob("*.phhs")) for h in phh.read(f)]
    assert len(hands) == 10_048 and not [h.error for h in hands if h.error]
    played = [h for h in hands if not h.unsupported]
    # the Pluribus hands (no-limit) and the WSOP final table's fixed-limit Hold'em hands
    assert len(played) == 9_987 and collections.Counter(h.variant for h in played) == {"NT": 9_980, "FT": 7}
    assert sum(h.finishing_stacks is not None for h in played) == 9_987
    for h in played:
        h.state()  # checks the finishing stacks too
    others = {h.variant for h in hands if h.unsupported}
    assert others == {"NS", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}


def test_mangled_histories_give_a_hand_or_a_clear_error_never_a_traceback() -> None:
    # Every action line of BASE changed by one word (a random token of PHH's vocabulary
    # and of junk) and every field replaced by a value of another type: reading never
    # raises, and a replay raises nothing but PHHError.
    import random

    rng = random.Random(34)
    tokens = ["d", "dh", "db", "p1", "p3", "p0", "p11", "p\u00b2", "f", "cc", "cbr", "sm", "-", "AsKs", "As", "????",
              "Xx", "30", "-5", "1e999999", "nan", "", "# x", "0.5", "99999999999999999999"]
    values = ["200", "'x'", "[]", "[[1], [2], [3]]", "[1, 2]", "{a = 1}", "true", "1e400", "-1", "[1.5, 2, 3]"]
    lines = BASE.splitlines()
    refused = 0
    for _ in range(600):
        mangled = list(lines)
        k = rng.randrange(len(mangled))
        if mangled[k].startswith("  '"):
            words = mangled[k].strip(" ',").split()
            words[rng.randrange(len(words))] = rng.choice(tokens)
            mangled[k] = "  '" + " ".join(words) + "',"
        elif " = " in mangled[k]:
            mangled[k] = mangled[k].split(" = ")[0] + " = " + rng.choice(values)
        text = "\n".join(mangled) + "\n"
        for hand in phh.loads(text, "m.phh"):
            try:
                hand.state()
            except phh.PHHError as exc:
                assert str(exc).startswith("m.phh:"), str(exc)
                refused += 1
    assert refused > 300  # most mangles break a rule


def test_a_card_twice_in_one_deal_is_the_hands_error_not_a_traceback() -> None:
    # Found by tests/fuzz/fuzz_phh_text.py: Hand.holes raised the evaluator's
    # InvalidArgumentError for "d dh p1 AsAs"; the reader now refuses the deal itself.
    text = BASE.replace("'d dh p1 AsKs'", "'d dh p1 AsAs'", 1)
    (hand,) = phh.loads(text, "dup.phh")
    assert hand.error is not None and "card As appears twice in 'AsAs'" in str(hand.error)
    assert str(hand.error).startswith("dup.phh:")
