"""``meeple equity`` with ranges and ``meeple range``: readable tables, the grid, JSON,
and one-line errors that teach the notation."""

from __future__ import annotations

import json

import pytest

from meeple import commands as cli, poker


def test_range_equity_on_the_flop_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "JJ+,AKs", "QQ,AKo", "--board", "Ks7d2c", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    want = poker.range_equity([poker.Range("JJ+,AKs"), poker.Range("QQ,AKo")], "Ks7d2c", exact=True)
    assert doc["exact"] and [p["range"] for p in doc["players"]] == ["JJ+,AKs", "QQ,AKo"]
    assert [p["equity"] for p in doc["players"]] == pytest.approx(list(want.equity), abs=1e-15)


def test_range_equity_table_and_best_combos(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "JJ+,AKs", "QQ,AKo", "--board", "Ks7d2c", "--combos", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Hold'em range equity (exact,")
    assert out[1] == "board: Ks 7d 2c"
    assert out[3].startswith("JJ+,AKs") and out[4].startswith("QQ,AKo")
    assert out[5] == "best combos of JJ+,AKs:" and out[6].split()[0] in {"KhKd", "KhKc", "KdKc"}


def test_plo_range_equity_by_monte_carlo_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "--game", "plo", "AAKKds", "JT98ds", "--trials", "20000", "--seed", "1", "--json"]
    assert cli.main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.main(argv + ["--threads", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second and not first["exact"] and first["count"] == 20000
    assert first["players"][0]["combos"] == 6 and first["players"][1]["combos"] == 36


def test_hands_alone_keep_the_hand_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact"]) == 0
    assert capsys.readouterr().out.startswith("Hold'em equity (exact, 990 boards)")


@pytest.mark.parametrize("argv, needle", [
    (["equity", "JJ+,AXs", "QQ"], "'AXs': 'X' is not a rank"),
    (["equity", "--game", "plo", "AA", "KK**"], "write 'AA**'"),
    (["equity", "JJ+:0.5,QQ", "AA"], "'JJ+:0.5' and 'QQ' give"),
    (["range", "AA**", "--game", "holdem"], "'*' belongs to PLO patterns"),
])
def test_range_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_range_show_prints_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["range", "JJ+,AKs", "--show"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "JJ+,AKs"
    assert out[1] == "28 combos, total weight 28 (2.11% of all 1,326 Hold'em hands)"
    assert out[2].split()[:4] == ["AA", "1", "AKs", "1"]
    assert out[3].split()[:3] == ["AKo", "KK", "1"]
    assert len(out) == 2 + 13


def test_range_json_lists_weights(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["range", "KdQd:0.5,AA", "--list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["combos"] == 7 and doc["total_weight"] == 6.5 and doc["weights"]["KdQd"] == 0.5
