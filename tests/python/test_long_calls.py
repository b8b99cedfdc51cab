"""Long calls can be interrupted and show progress: Ctrl-C during equity or random
games stops the library within milliseconds and raises KeyboardInterrupt, a cancel
from another thread returns CancelledError with nothing written, and progress=True
draws a bar (tqdm, or a plain line without it) without changing any result."""

from __future__ import annotations

import sys
import threading
import time

import numpy as np
import pytest

import meeple
from meeple import _long_call
from meeple._ffi import ffi, lib


@pytest.mark.parametrize("call", [
    lambda: meeple.poker.equity(["AsKs", "QdQc"], exact=False, trials=10**10, threads=2),  # minutes of work
    lambda: meeple.poker.equity(["AsKsQsJs", "AdKdQdJd", "2c3c4h5h"], exact=False, trials=10**10, game="plo",
                                threads=2),  # minutes of work (an exact PLO run may end within the 0.3 s)
    lambda: meeple.run_random_games("catan", 10**8, threads=2),  # hours of work
    # The three below held the GIL once, so Ctrl-C waited for the end of the call: each
    # is sized to about half a minute, so that such a regression fails the time limit (the
    # search without the solver, which proves the opening a draw within a tenth of a second).
    lambda: meeple.Search("mcts(iterations=60000000,solver=false)", meeple.Game("tictactoe").new_state()).run(),
    lambda: meeple.arena.tournament("tictactoe", ["mcts(iterations=3000)", "random"], 12000),
    lambda: meeple.poker.range_equity(["top60%", "top60%", "top60%"], exact=False, trials=2 * 10**8, threads=2),
])
def test_ctrl_c_stops_a_long_call_at_once(call, ctrl_c):
    start = time.monotonic()
    with ctrl_c(0.3), pytest.raises(KeyboardInterrupt):
        call()
    assert time.monotonic() - start < 5.0
    # The library is free again and gives the same results as ever.
    assert meeple.run_random_games("tictactoe", 50, seed=1) == meeple.run_random_games("tictactoe", 50, seed=1)


@pytest.mark.parametrize("call", [
    lambda: meeple.Search("mcts(iterations=300000)", meeple.Game("tictactoe").new_state()).run(),
    lambda: meeple.arena.tournament("tictactoe", ["mcts(iterations=1000)", "random"], 400),
    lambda: meeple.poker.range_equity(["JJ+,AKs", "22+,AJ+"], exact=False, trials=3 * 10**6, threads=1),
    lambda: meeple.run_random_games("catan", 200, threads=1),
])
def test_other_python_threads_run_during_a_long_call(call):
    """A long call releases the GIL: a thread ticking every 10 ms keeps ticking."""
    ticks, stop = [], threading.Event()

    def tick() -> None:
        while not stop.wait(0.01):
            ticks.append(time.monotonic())

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.05)
    start = time.monotonic()
    call()
    end = time.monotonic()
    stop.set()
    ticker.join()
    during = [t for t in ticks if start < t < end]
    assert end - start < 0.1 or len(during) >= 3, (end - start, len(during))


def test_a_cancel_from_another_thread_returns_cancelled_and_writes_nothing():
    hands = ffi.new("uint64_t[]", [meeple.poker.mask("AsKs"), meeple.poker.mask("QdQc")])
    outs = [np.full(2, -1.0) for _ in range(4)]
    ptrs = [ffi.from_buffer("double[]", a) for a in outs]
    count = ffi.new("uint64_t *", 777)
    control = _long_call.new_control()

    def cancel_once_under_way() -> None:
        while control.progress == 0:
            time.sleep(0.001)
        control.cancel = 1

    canceller = threading.Thread(target=cancel_once_under_way)
    canceller.start()
    with pytest.raises(meeple.CancelledError, match="cancelled by the caller's control block"):
        _long_call.run(
            lambda c: lib.meeple_poker_equity(lib.MEEPLE_POKER_HOLDEM, hands, 2, 0, 0,
                                              lib.MEEPLE_POKER_EQUITY_MONTE_CARLO, 10**10, 1, 2, *ptrs, count, c),
            control=control)
    canceller.join()
    assert count[0] == 777 and all((a == -1.0).all() for a in outs)
    assert 0 < control.progress < control.total == 10**10


def test_progress_without_tqdm_prints_a_plain_line_and_changes_nothing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # as if tqdm were not installed
    quiet = meeple.run_random_games("tictactoe", 2000, seed=4, threads=2)
    shown = meeple.run_random_games("tictactoe", 2000, seed=4, threads=2, progress=True)
    assert shown == quiet
    err = capsys.readouterr().err
    assert "random tictactoe games: 2,000/2,000 games (100.0%)" in err
    a = meeple.poker.equity(["AsKs", "QdQc"], "2c7d9h", progress=True)
    b = meeple.poker.equity(["AsKs", "QdQc"], "2c7d9h")
    assert np.array_equal(a.equity, b.equity) and a.count == b.count == 990
    assert "equity: 990/990 boards (100.0%)" in capsys.readouterr().err


def test_progress_with_tqdm_draws_a_bar_to_the_total(capsys):
    pytest.importorskip("tqdm", reason="tqdm (the extra meeple[progress]) is not installed")
    r = meeple.run_random_games("tictactoe", 3000, seed=2, progress=True)
    assert r.games == 3000
    err = capsys.readouterr().err
    assert "random tictactoe games" in err and "3.00k/3.00k" in err


def test_without_progress_nothing_is_printed(capsys):
    meeple.run_random_games("tictactoe", 2000, seed=4)
    meeple.poker.equity(["AsKs", "QdQc"], exact=False, trials=300_000)
    assert capsys.readouterr().err == ""


def test_errors_of_a_long_call_keep_their_message():
    # The library's message is per thread: the worker thread must read it.
    with pytest.raises(meeple.InvalidArgumentError, match="shares"):
        meeple.poker.equity(["AsKs", "AsQc"], exact=False, trials=10**8)
    with pytest.raises(meeple.InvalidArgumentError, match="threads is 300"):
        meeple.run_random_games("tictactoe", 1000, threads=300)
