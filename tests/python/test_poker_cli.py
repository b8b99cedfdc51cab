"""The ``meeple equity`` and ``meeple eval`` commands print readable results and clear
errors, and the README's poker example runs as written."""

from __future__ import annotations

import pathlib
import re

import pytest

from meeple import cli


def test_eval_prints_the_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "As Ks Qs Js Ts"]) == 0
    assert capsys.readouterr().out.strip() == "As Ks Qs Js Ts: Straight Flush, ace high (value 7462 of 7462)"


def test_eval_plays_hole_cards_on_a_board_by_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "As Ks Qd Jd", "--board", "Ts 9s 2s", "--game", "plo"]) == 0
    assert "Flush, ace high" in capsys.readouterr().out


def test_exact_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--board", "2c 7d 9h", "--exact"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hold'em equity (exact, 990 boards)"
    assert out[1] == "board: 9h 7d 2c"
    assert out[3].startswith("As Ks") and out[4].startswith("Qd Qc")


def test_monte_carlo_equity_shows_the_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKs", "QdQc", "--trials", "20000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo, 20,000 trials, seed 5" in out and "± stderr" in out


def test_a_bad_card_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsKx", "QdQc"]) == 1
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


def test_ctrl_c_during_equity_exits_130_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    import _thread
    import threading

    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        assert cli.main(["equity", "AsKs", "QdQc", "--trials", "10000000000", "--threads", "2"]) == 130
    finally:
        timer.cancel()
    assert capsys.readouterr().err.strip() == "meeple: interrupted"
