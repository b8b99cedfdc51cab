"""The ``meeple equity`` and ``meeple eval`` commands print readable results and clear
errors, and the README's poker example runs as written."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from meeple import commands as cli


def test_eval_prints_the_description_and_the_best_five(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "As Ks Qs Js Ts"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "As Ks Qs Js Ts: Straight Flush, ace high (value 7462 of 7462)", "best five: As Ks Qs Js Ts"]


def test_eval_best_five_of_seven_is_the_made_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # a full house, nines full of kings, out of seven cards; the 2c and 4d play no part
    assert cli.main(["eval", "9s 9h Kd 2c 9d Ks 4d"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("9s 9h Kd 2c 9d Ks 4d: Full House")  # the cards in the order given
    assert out[1] == "best five: Ks Kd 9s 9h 9d"


def test_eval_plo_best_five_uses_exactly_two_hole_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # As with the board's 2s 3s 4s 5s would be a straight flush, but PLO plays exactly two
    # hole cards and three board cards: the best is the ace-king flush
    assert cli.main(["eval", "As Ks Qd Jc", "--board", "2s 3s 4s 5s 9h", "--game", "plo", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["category"] == "Flush"
    assert doc["best_five"] == ["As", "Ks", "5s", "4s", "3s"]


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "2c 7d 9h Jc Kd", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["cards"] == ["2c", "7d", "9h", "Jc", "Kd"] and doc["category"] == "High Card"
    assert doc["best_five"] == ["Kd", "Jc", "9h", "7d", "2c"] and doc["board"] is None


def test_cards_take_10_and_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "10s J♠ Q♠ K♠ A♠"]) == 0
    assert capsys.readouterr().out.startswith("Ts Js Qs Ks As: Straight Flush, ace high")


def test_equity_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] and doc["count"] == 990 and doc["board"] == ["2c", "7d", "9h"]
    assert [h["cards"] for h in doc["hands"]] == [["As", "Ks"], ["Qd", "Qc"]]
    assert abs(sum(h["equity"] for h in doc["hands"]) - 1) < 1e-12


def test_cards_given_one_an_argument_get_a_hint_to_join_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "As", "Ks", "Qd", "Qc"]) == 2
    err = capsys.readouterr().err
    assert "hand 0 (As) has 1 card; a Hold'em hand has 2 hole cards" in err
    assert "'meeple equity AsKs QdQc'" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, needle", [
    (["equity", "AsKs", "AsQd"], "hand 1 (As Qd) shares As with hand 0 (As Ks)"),
    (["equity", "AsKs", "QdQc", "--board", "Qd 7h 2c"], "hand 1 (Qd Qc) shares Qd with the board"),
    (["equity", "AsKs", "QdQc", "--dead", "Ks"], "hand 0 (As Ks) shares Ks with the dead cards"),
])
def test_a_card_clash_names_where_the_card_already_is(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                      needle: str) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_eval_plays_hole_cards_on_a_board_by_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "As Ks Qd Jd", "--board", "Ts 9s 2s", "--game", "plo"]) == 0
    assert "Flush, ace high" in capsys.readouterr().out


def test_exact_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hold'em equity (exact, 990 boards)"
    assert out[1] == "board: 2c 7d 9h"  # in the order given
    assert out[3].startswith("As Ks") and out[4].startswith("Qd Qc")


def test_monte_carlo_equity_shows_the_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--trials", "20000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo, 20,000 trials, seed 5" in out and "± stderr" in out


def test_a_bad_card_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKx", "QdQc"]) == 2
    assert "bad card 'Kx'" in capsys.readouterr().err


def test_readme_poker_example_runs(repo_root: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    section = (repo_root / "README.md").read_text().split("## Poker", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block, "README's Poker section has a Python example"
    exec(compile(block.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Straight Flush, ace high" and out[1] == "[0, 1]" and out[2].endswith("1712304")


def test_equity_progress_goes_to_stderr_and_leaves_the_table_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact"]) == 0
    plain = capsys.readouterr().out
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact", "--progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out == plain
    assert "990" in captured.err  # the bar (tqdm or the plain line) counts the 990 boards


def test_ctrl_c_during_equity_exits_130_without_a_traceback(capsys: pytest.CaptureFixture[str], ctrl_c) -> None:
    with ctrl_c(0.3):
        assert cli.main(["equity", "AsKs", "QdQc", "--trials", "10000000000", "--threads", "2"]) == 130
    assert capsys.readouterr().err.strip() == "meeple: interrupted"
