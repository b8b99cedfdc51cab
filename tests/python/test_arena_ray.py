"""meeple.arena on Ray (``tournament(..., ray=True)``, ``meeple arena --ray``) on a local
Ray cluster started here (ray.init with 2 CPUs, once for the module): the games, the
records, the Elo and the SPRT's stop equal the local run's at any number of tasks.
Slices (``first_game``) and the refusals of bad Ray input need no Ray. Ray tests skip,
with the reason, without Ray."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from meeple import arena
from meeple.agents import derive_seed
from meeple.commands import main


@pytest.fixture
def ray(ray_cluster, require_peer):
    require_peer("ray", extra="ray")
    return ray_cluster


def assert_same(a: arena.TournamentResult, b: arena.TournamentResult) -> None:
    """Equal to the bit: every game row and move, every record (NaN equal to NaN), the SPRT."""
    assert a.game == b.game
    for f in a.games._fields:
        x, y = getattr(a.games, f), getattr(b.games, f)
        if isinstance(x, np.ndarray):
            assert x.dtype == y.dtype and np.array_equal(x, y), f
        else:
            assert x == y, f
    assert len(a.moves) == len(b.moves) and all(np.array_equal(m, n) for m, n in zip(a.moves, b.moves))
    assert repr(a.agents) == repr(b.agents)
    assert repr(a.sprt) == repr(b.sprt)


CASES = [
    ("tictactoe", ["mcts(iterations=20)", "random"], 11, "library"),
    ("tictactoe", ["heuristic", "mcts(iterations=10)"], 5, "python"),
    # 3 seats: slices of 1, 2 and 3 games start inside rotation groups.
    ("catan(players=3)", ["mcts(iterations=5,rollout_depth=10)", "heuristic", "random"], 7, "library"),
]


@pytest.mark.parametrize("first", [1, 4])
@pytest.mark.parametrize("backend", ["library", "python"])
def test_a_slice_plays_the_games_of_the_whole_run(first, backend):
    lineup = ["mcts(iterations=5,rollout_depth=10)", "heuristic", "random"]
    whole = arena.tournament("catan(players=3)", lineup, 6, seed=4, backend=backend)
    part = arena.tournament("catan(players=3)", lineup, 6 - first, seed=4, backend=backend, first_game=first)
    # Game g sits at rotation g % 3 on the setup of group g // 3 (duplicate format).
    assert part.games.rotations.tolist() == [g % 3 for g in range(first, 6)]
    assert part.games.seeds.tolist() == [derive_seed(4, g // 3) for g in range(first, 6)]
    for f in ("seeds", "rotations", "agent_of_seat", "returns", "moves", "truncated"):
        assert np.array_equal(getattr(part.games, f), getattr(whole.games, f)[first:]), f
    assert all(np.array_equal(m, n) for m, n in zip(part.moves, whole.moves[first:]))
    assert sum(a.seats for a in part.agents) == 3 * (6 - first)


def test_first_game_out_of_range_is_refused():
    with pytest.raises(ValueError, match="first_game"):
        arena.tournament("tictactoe", ["random"], 2, first_game=-1)
    with pytest.raises(ValueError, match="first_game"):
        arena.tournament("tictactoe", ["random"], 2, first_game=2**64 - 2)


@pytest.mark.parametrize("spec,lineup,games,backend", CASES)
def test_ray_run_equals_the_local_run_at_any_number_of_tasks(ray, spec, lineup, games, backend):
    local = arena.tournament(spec, lineup, games, seed=3, threads=2, backend=backend)
    for tasks in (1, 2, 3, games):
        assert_same(arena.tournament(spec, lineup, games, seed=3, backend=backend, ray=True, ray_tasks=tasks), local)


def test_sprt_on_ray_stops_at_the_local_game_with_the_local_decision(ray):
    lineup, test = ["heuristic", "random"], (0, 100, 0.05, 0.05)
    local = arena.tournament("tictactoe", lineup, 50, seed=2, sprt=test)
    stop = len(local.games.seeds)
    assert local.sprt.decision == "H1" and stop < 50
    # 3 tasks: slices of 5 games; the stop falls inside one, and later games are dropped.
    assert stop % 5 != 0
    for tasks in (1, 3, 7):
        on_ray = arena.tournament("tictactoe", lineup, 50, seed=2, sprt=test, ray=True, ray_tasks=tasks)
        assert_same(on_ray, local)
        assert len(on_ray.games.seeds) == stop and on_ray.sprt.llr >= on_ray.sprt.upper


@pytest.mark.parametrize("extra", [["--json"], ["--sprt", "0,100,0.05,0.05"]])
def test_cli_arena_on_ray_prints_what_the_local_run_prints(ray, capsys, extra):
    args = ["arena", "catan(players=3)", "--agents", "heuristic,random", "--games", "9", "--seed", "2", *extra]
    assert main(args) == 0
    local = capsys.readouterr().out
    assert main([*args, "--ray"]) == 0
    assert capsys.readouterr().out == local
    if "--json" in extra:
        assert json.loads(local)["games"] == 9


# Run in a child process in its own session, with a real SIGINT as a terminal sends, so
# that what Ctrl-C does to a Ray driver stays in that process. (This test once ended a CI
# run silently: the run cancelled its tasks with ray.cancel, and Ray's driver exits the
# process when a cancel meets a finishing task; the runs now stop tasks through
# meeple._ray_stop, tested below.)
_CTRL_C_CHILD = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import ray
from meeple import arena
ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
print("ready", flush=True)
try:
    arena.tournament("tictactoe", ["mcts(iterations=3000)", "random"], 4000, ray=True)
except KeyboardInterrupt:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    print("interrupted", flush=True)
    deadline = time.monotonic() + 20  # the cancelled tasks give their CPUs back
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    print("cpus", ray.available_resources().get("CPU", 0), flush=True)
    ray.shutdown()
    sys.exit(0)
print("finished", flush=True)
sys.exit(3)
"""


def test_ctrl_c_cancels_the_ray_tasks(require_peer, tmp_path):
    require_peer("ray", extra="ray")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = tmp_path / "out.txt"
    with open(out, "w") as sink:
        proc = subprocess.Popen([sys.executable, "-c", _CTRL_C_CHILD], env=env, stdout=sink,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while "ready" not in out.read_text() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(1.5)  # the tasks are running
            pressed = time.monotonic()
            # Pressed again every two seconds until the run says it stopped: a press that
            # lands in Ray's own calls may be lost, as it may for a user.
            while "interrupted" not in out.read_text() and proc.poll() is None and time.monotonic() < pressed + 45:
                proc.send_signal(signal.SIGINT)
                time.sleep(2)
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    said = out.read_text()
    assert proc.returncode == 0 and "interrupted" in said, said
    assert "cpus 2.0\n" in said, said


@pytest.mark.parametrize("address,said", [("127.0.0.1:1", "cannot reach"), ("no-port", "HOST:PORT"),
                                          ("", "HOST:PORT")])
def test_cli_bad_ray_address_is_one_line_and_exit_2(capsys, address, said):
    assert main(["arena", "tictactoe", "random", "--games", "2", "--ray-address", address]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert captured.out == "" and "\n" not in err and "Traceback" not in err
    # Without Ray installed the one line says how to install it instead.
    assert said in err or 'pip install "meeple[ray]"' in err


def test_without_ray_the_switch_says_how_to_install_it(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    with pytest.raises(ValueError, match=r'pip install "meeple\[ray\]"'):
        arena.tournament("tictactoe", ["random"], 2, ray=True)


# The runs stop their Ray tasks through meeple._ray_stop, never ray.cancel: cancelling a
# task as it finishes makes Ray 2.60's driver fail a check and exit the process. The work
# is a partial of a meeple function, which Ray's workers can import.
_LONG_TOURNAMENT = functools.partial(arena.tournament, "tictactoe", ["mcts(iterations=3000)", "random"], 4000)


def _stoppable_task(ray):
    from meeple import _ray_stop

    return ray.remote(num_cpus=1)(_ray_stop.run_until_stopped)


def _wait_for_free_cpus(ray, seconds=20):
    deadline = time.monotonic() + seconds
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    return ray.available_resources().get("CPU", 0)


def test_a_stopped_flag_ends_running_tasks_and_frees_their_cpus(ray):
    from meeple import _ray_stop

    flag = _ray_stop.new_flag(ray)
    refs = [_stoppable_task(ray).remote(flag, _LONG_TOURNAMENT) for _ in range(2)]
    time.sleep(1.5)  # both are playing
    assert ray.wait(refs, num_returns=2, timeout=0)[0] == []
    started = time.monotonic()
    _ray_stop.stop(flag)
    assert ray.get(refs, timeout=30) == [_ray_stop.STOPPED] * 2
    assert time.monotonic() - started < 10
    assert _wait_for_free_cpus(ray) == 2


def test_a_flag_whose_actor_ended_stops_its_tasks(ray):
    from meeple import _ray_stop

    flag = _ray_stop.new_flag(ray)
    ref = _stoppable_task(ray).remote(flag, _LONG_TOURNAMENT)
    time.sleep(1.5)
    assert ray.wait([ref], timeout=0)[0] == []
    ray.kill(flag)
    assert ray.get(ref, timeout=30) is _ray_stop.STOPPED


def test_an_unstopped_task_returns_its_work_and_is_never_interrupted(ray):
    from meeple import _ray_stop

    flag = _ray_stop.new_flag(ray)
    short = functools.partial(arena.tournament, "tictactoe", ["random", "random"], 50)
    got = ray.get([_stoppable_task(ray).remote(flag, short) for _ in range(4)], timeout=60)
    for result in got:
        assert_same(result, short())
    _ray_stop.stop(flag)


def test_no_run_cancels_ray_tasks(repo_root):
    package = repo_root / "bindings" / "python" / "meeple"
    offenders = [str(p.relative_to(package)) for p in package.rglob("*.py")
                 if ".cancel(" in p.read_text(encoding="utf-8")]
    assert offenders == [], "stop Ray tasks with meeple._ray_stop, not ray.cancel: " + ", ".join(offenders)
