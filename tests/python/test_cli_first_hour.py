"""What a new user ran in the first hour and got a traceback (or a cut character, or a
silent failure) for: each is now one line on stderr and status 2, run as the user ran it
(a subprocess of ``python -m meeple``)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def meeple(*args: str, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, **kw)


def one_error_line(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    return run.stderr


@pytest.mark.parametrize("cards", ["As Ks Qs Js Ts", "As Ks Qs Js Ts 2c", "As Ks Qs Js Ts 2c 3c", "As Ks Qs Js"])
def test_eval_plo_without_a_board_says_how_to_give_one(cards):
    err = one_error_line(meeple("eval", cards, "--game", "plo"))
    assert err.startswith("meeple eval: error: a PLO hand is its 4 hole cards on a board")
    assert f"not {len(cards.split())} cards alone" in err and "--board" in err


def test_eval_plo_with_a_board_still_evaluates():
    run = meeple("eval", "As Ks Qs Js", "--board", "Ts 9s 2c", "--game", "plo")
    assert run.returncode == 0 and "best five" in run.stdout, run.stderr


def test_view_of_a_folder_says_it_is_a_folder(tmp_path):
    (tmp_path / "games.jsonl.gz").write_bytes(b"")
    err = one_error_line(meeple("view", str(tmp_path), "--no-browser"))
    assert f"{tmp_path} is a folder, not a game log" in err and "games.jsonl.gz" in err
    assert "no such file" not in err


def test_view_of_a_missing_file_says_no_such_file(tmp_path):
    err = one_error_line(meeple("view", str(tmp_path / "none.jsonl.gz"), "--no-browser"))
    assert "none.jsonl.gz: no such file" in err


def test_a_pipe_closed_after_one_line_is_one_line_and_status_2():
    # Every PLO hand: about 3 MB, far more than a pipe holds, so the writer meets the
    # closed pipe whatever the timing (Hold'em's 1,326 hands fit in the pipe's buffer and
    # could all be written, with status 0, before the reader closed it).
    proc = subprocess.Popen([sys.executable, "-m", "meeple", "range", "top100%", "--list", "--game", "plo"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert proc.returncode == 2 and err.count("\n") == 1, err
    assert err.startswith("meeple range: stopped: the output pipe was closed")


@pytest.mark.parametrize("argv, quoted", [
    (["equity", "ÄsKs", "QQ"], "'Ä' is not a rank"),
    (["range", "AA♠*", "--game", "plo"], "'♠' is not allowed here"),
])
def test_a_non_ascii_character_is_quoted_whole(argv, quoted):
    err = one_error_line(meeple(*argv))
    assert quoted in err and "\ufffd" not in err, err
