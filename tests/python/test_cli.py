"""The meeple command: --version, games, demo."""

from __future__ import annotations

import subprocess
import sys

import pytest

import meeple
from meeple.cli import main


def test_version_prints_the_library_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"meeple {meeple.__version__}"


def test_games_lists_options_and_defaults(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "tictactoe: 2 players, 9 actions" in out
    assert "misere=false" in out


def test_games_json_is_the_full_description(capsys):
    import json

    assert main(["games", "--json"]) == 0
    described = json.loads(capsys.readouterr().out)
    assert {d["name"] for d in described} == set(meeple.games())


def test_demo_plays_games_and_reports_returns(capsys):
    assert main(["demo", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count(" returns: ") == 2 and "total returns over 2 games" in out
    assert "X" in out


def test_demo_is_reproducible(capsys):
    main(["demo", "--seed", "9", "--quiet"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "9", "--quiet"])
    assert capsys.readouterr().out == first


def test_bad_game_is_a_clear_error_not_a_traceback(capsys):
    assert main(["demo", "--game", "catn"]) == 1
    assert "unknown game 'catn'" in capsys.readouterr().err


def test_python_dash_m_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "meeple", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("meeple ")
