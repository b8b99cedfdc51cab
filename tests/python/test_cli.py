"""The meeple command: --version, games, demo; argument checks, help texts, pipes."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys

import pytest

import meeple
import meeple.batch
from meeple.commands import build_parser, main


def test_version_prints_the_library_version(capsys):
    assert main(["--version"]) == 0
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


def test_demo_prints_one_move_a_line_with_its_seat_and_name(capsys):
    assert main(["demo", "--games", "1", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [line for line in lines if re.match(r"^\s*\d+\. seat [01] +place\(\d,\d\)$", line)]
    header = next(line for line in lines if line.startswith("game 1: "))
    assert len(moves) == int(header.split()[2]) >= 5
    assert [int(m.split(".")[0]) for m in moves] == list(range(1, len(moves) + 1))
    seats = [m.split()[2] for m in moves]
    assert seats[:2] == ["0", "1"] and all(a != b for a, b in zip(seats, seats[1:]))  # X and O alternate


def test_demo_catan_moves_have_readable_names(capsys):
    assert main(["demo", "--game", "catan(max_turns=20)", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\s*1\. seat 0 +build_settlement\(node=\d+\)$", out, re.M)
    assert re.search(r"^\s*2\. seat 0 +build_road\(edge=\d+\)$", out, re.M)
    assert re.search(r"^\s*\d+\. seat \d +roll$", out, re.M)


def test_demo_quiet_prints_only_the_total_and_where_the_log_went(capsys, tmp_path):
    log = tmp_path / "d.jsonl.gz"
    assert main(["demo", "--games", "4", "--quiet", "--log", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith("total returns over 4 games: ")
    assert out[1] == f"recorded 4 game(s) to {log}; view them with: meeple view {log}" and log.is_file()
    assert main(["demo", "--games", "4", "--quiet", "--no-log"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1


def test_demo_json_holds_every_game(capsys):
    assert main(["demo", "--games", "2", "--seed", "7", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "tictactoe(misere=false)" and len(doc["games"]) == 2
    first = doc["games"][0]
    assert first["moves"] == len(first["actions"]) and first["seed"] == meeple.batch.derive_seed(7, 0)
    state = meeple.Game("tictactoe").new_state(first["seed"])
    for a in first["actions"]:  # the moves replay to the reported returns
        assert a["player"] == state.current_player and a["name"] == state.game.action_name(a["action"])
        state.apply(a["action"])
    assert state.returns.tolist() == first["returns"]
    assert doc["total_returns"] == [sum(g["returns"][s] for g in doc["games"]) for s in range(2)]


@pytest.mark.parametrize("argv, needle", [
    (["demo", "--seed", "-1"], "--seed: -1 is out of range"),
    (["demo", "--seed", str(2**64)], "--seed: 18,446,744,073,709,551,616 is out of range"),
    (["demo", "--games", "-2"], "--games: -2 is out of range"),
    (["demo", "--games", "0"], "--games: 0 is out of range"),
    (["demo", "--games", "two"], "--games: 'two' is not an integer"),
    (["demo", "--bogus"], "unrecognized arguments: --bogus"),
    (["equity", "AsKs", "QdQc", "--trials", "0"], "--trials: 0 is out of range"),
    (["equity", "AsKs", "QdQc", "--threads", "-1"], "--threads: -1 is out of range"),
    (["equity", "AsKs", "QdQc", "--seed", "x"], "--seed: 'x' is not an integer"),
    (["equity", "AsKs", "QdQc", "--game", "omaha"], "invalid choice: 'omaha'"),
    (["eval", "As Ks Qs Js Tx"], "bad card 'Tx'"),
])
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, needle):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == ""


def test_every_flag_and_argument_has_help_text():
    parser = build_parser()
    missing = []

    def walk(p: argparse.ArgumentParser, path: str) -> None:
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}")
            elif not isinstance(action, argparse._HelpAction) and not action.help:
                missing.append(f"{path}: {'/'.join(action.option_strings) or action.dest}")

    walk(parser, "meeple")
    assert not missing, missing


def test_demo_help_lists_the_games(capsys):
    assert main(["demo", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for name in meeple.games():
        assert name in out.split("--game SPEC")[-1].split("--games N")[0]


def test_a_closed_pipe_ends_with_one_line_and_status_2():
    proc = subprocess.Popen([sys.executable, "-m", "meeple", "demo", "--games", "2000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert proc.returncode == 2 and err.count("\n") == 1, err
    assert "output pipe was closed" in err and "Traceback" not in err


def test_demo_is_reproducible(capsys):
    main(["demo", "--seed", "9", "--quiet"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "9", "--quiet"])
    assert capsys.readouterr().out == first


def test_bad_game_is_a_clear_error_not_a_traceback(capsys):
    assert main(["demo", "--game", "catn"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'catn'" in err and err.count("\n") == 1


def test_python_dash_m_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "meeple", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("meeple ")
