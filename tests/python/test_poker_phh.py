"""meeple.poker.phh: PHH files of one hand (.phh) and of several (.phhs) read into
records that know their file and line, replayed by the rules into states, written back;
hole cards and boards per street for equity; errors that name the file and line.
Hands written by hand; PokerKit (the PHH reference implementation) reads what we write
when it is installed."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple import holdem, poker
from meeple.poker import phh

HAND = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 500, 800]
players = ['Ann', 'Bob', 'Cy']
actions = [
  'd dh p1 ????',
  'd dh p2 KdKh',
  'd dh p3 AcAd',
  'p3 cbr 30',
  'p1 f',
  'p2 cc',
  'd db Ks7d2c',
  'p2 cc',
  'p3 cbr 40',
  'p2 cbr 470',
  'p3 cc',
  'd db 3h',
  'd db 9s',
  'p2 sm KdKh',
  'p3 sm AcAd',
]
"""

PLO = """variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [
  'd dh p1 AsAhKsKh',
  'd dh p2 JdTd9c8c',
  'p2 cc',
  'p1 cc',
  'd db 2c3h4s',
  'p1 cc',
  'p2 cc',
  'd db 5d',
  'p1 cc',
  'p2 cc',
  'd db 6d',
  'p1 cc',
  'p2 cc',
]
"""


def test_one_hand_reads_with_players_holes_and_boards_per_street(tmp_path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    (hand,) = phh.read(path)
    assert hand.variant == "NT" and hand.players == ["Ann", "Bob", "Cy"] and hand.source == str(path)
    assert hand.holes == [None, poker.mask("KdKh"), poker.mask("AcAd")]
    assert hand.boards == {"preflop": 0, "flop": poker.mask("Ks7d2c"), "turn": poker.mask("Ks7d2c3h"),
                           "river": poker.mask("Ks7d2c3h9s")}
    # The kings' set beats the aces: the rules decide it on the replayed state.
    s = hand.state(seed=3)
    assert s.is_terminal and holdem.payoffs(s) == [-5, 505, -500]
    # Equity at each street from the known hands.
    eq = poker.equity([hand.holes[1], hand.holes[2]], hand.boards["flop"], exact=True).equity
    assert eq[0] > 0.9


def test_several_hands_in_a_phhs_file_keep_their_order_names_and_lines(tmp_path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(f"[1]\n{HAND}\n[second]\n{PLO}")
    hands = list(phh.iter_hands(path))
    assert [h.name for h in hands] == ["1", "second"] and [h.variant for h in hands] == ["NT", "PO"]
    assert hands[0].line == 2 and hands[1].line == HAND.count("\n") + 4
    s = hands[1].state()
    # Omaha plays two hole cards and three of the board: aces (AA 654) beat jack high.
    assert s.is_terminal and holdem.payoffs(s) == [2, -2]


def test_a_bad_action_is_reported_with_its_file_and_line(tmp_path) -> None:
    path = tmp_path / "bad.phhs"
    bad = HAND.replace("'p1 f'", "'p2 f'")
    path.write_text(f"[1]\n{PLO}\n[2]\n{bad}")
    hands = phh.read(path)
    line = f"[1]\n{PLO}\n[2]\n{bad}".splitlines().index("  'p2 f',") + 1
    with pytest.raises(phh.PHHError, match=rf"^{path}:{line}: PHH action 5 'p2 f'"):
        hands[1].state()


@pytest.mark.parametrize("text, where, words", [
    (HAND.replace("'NT'", "'NS'"), 1, r"variant 'NS' \(no-limit short-deck Hold'em\) is not supported"),
    (HAND.replace("min_bet = 10", "min_bet = "), 4, "not PHH"),
    (HAND.replace("variant = 'NT'\n", ""), 1, "no 'variant' field"),
])
def test_bad_hands_are_read_and_refused_for_replay_naming_the_file_line_and_fault(tmp_path, text: str, where: int,
                                                                                   words: str) -> None:
    path = tmp_path / "x.phh"
    path.write_text(text)
    (hand,) = phh.read(path)  # reading never refuses a file
    with pytest.raises(phh.PHHError, match=rf"^{path}:{where}: .*{words}"):
        hand.state()


def finished_hands(n: int, seed: int) -> list[meeple.State]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        game = meeple.Game(f"holdem(players={2 + i % 4},variant={'plo' if i % 3 == 2 else 'nlhe'})")
        s = game.new_state(seed + i)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_states_written_and_read_back_replay_to_the_same_hands(tmp_path) -> None:
    states = finished_hands(6, 11)
    path = tmp_path / "out.phhs"
    assert phh.write(path, states) == 6
    back = phh.read(path)
    assert len(back) == 6
    for s, h in zip(states, back):
        assert h.text.strip() == phh.dumps(s).strip()
        # The replay renumbers the seats (p1 first); the PHH actions and results stay.
        (again,) = phh.loads(phh.dumps(h.state()))
        assert again.data["actions"] == h.data["actions"]
        assert again.data["finishing_stacks"] == h.data["finishing_stacks"]
    one = tmp_path / "one.phh"
    phh.write(one, states[:1])
    assert one.read_text() == phh.dumps(states[0])


def test_pokerkit_reads_what_we_write_and_we_read_what_it_writes(require_peer, tmp_path) -> None:
    pk = require_peer("pokerkit", extra="poker-peers")
    for s in finished_hands(8, 5):
        text = phh.dumps(s)
        theirs = pk.HandHistory.loads(text)
        again = theirs.dumps()
        (hand,) = phh.loads(again, "pokerkit")
        mine = hand.state()
        assert holdem.payoffs(mine) == holdem.payoffs(holdem.from_phh(text))
        assert hand.boards == phh.loads(text)[0].boards and hand.holes == phh.loads(text)[0].holes


def test_the_phh_command_prints_each_hand_with_the_equities_of_the_players_still_in(tmp_path, capsys) -> None:
    from meeple.commands import main

    path = tmp_path / "two.phhs"
    path.write_text("[first]\n" + HAND + "\n[second]\n" + PLO)
    assert main(["phh", str(path), "--json", "--equity"]) == 0
    first, second, _ = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    first["streets"], second["streets"] = first["equity"], second["equity"]
    assert first["source"] == f"{path}:2" and first["name"] == "first" and first["holes"][0] is None
    streets = {row["street"]: row for row in first["streets"]}
    # Ann's cards are never shown: no equity preflop; she folds before the flop.
    assert streets["preflop"]["equity"] is None and streets["flop"]["in"] == ["Bob", "Cy"]
    flop = poker.equity(["KdKh", "AcAd"], "Ks7d2c", exact=True).equity
    assert streets["flop"]["exact"] and streets["flop"]["equity"] == pytest.approx({"Bob": flop[0], "Cy": flop[1]})
    # The river is decided: the set of kings wins, as the replayed hand pays.
    assert streets["river"]["equity"] == {"Bob": 1.0, "Cy": 0.0}
    assert [row["street"] for row in second["streets"]] == ["preflop", "flop", "turn", "river"]
    pre = poker.equity(["AsAhKsKh", "JdTd9c8c"], game="plo", exact=True).equity
    assert second["streets"][0]["equity"] == pytest.approx({"p1": pre[0], "p2": pre[1]})
    assert main(["phh", str(path), "--equity"]) == 0
    text = capsys.readouterr().out
    assert "Ann 1000 ??" in text and "(some hole cards unknown)" in text and "Bob  91." in text


def test_the_phh_command_refuses_a_missing_file_in_one_line(tmp_path, capsys) -> None:
    from meeple.commands import main

    assert main(["phh", str(tmp_path / "x.phh")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meeple phh: error: ") and "no such file" in err and err.count("\n") == 1
