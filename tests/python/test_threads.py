"""Threads cannot break memory safety: a Batch shared between threads (whose calls
release the GIL) gives BusyError to the call that finds it in use and is never
corrupted; a thread the OS refuses to start is an error, not an abort."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import meeple


def _lowest_legal(masks: np.ndarray, num_actions: int) -> np.ndarray:
    dense = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :num_actions]
    has = dense.any(axis=1)
    return np.where(has, dense.argmax(axis=1), meeple.NO_ACTION).astype(np.int32)


def test_threads_hammering_one_batch_get_busy_errors_and_never_corrupt_it():
    game = meeple.Game("catan")
    shared = meeple.Batch(game, 256, seed=11, threads=2)
    steps = 60
    errors: list[BaseException] = []
    busy = [0]
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                shared.masks()
                shared.observations()
                shared.snapshot()
            except meeple.BusyError:
                busy[0] += 1
            except BaseException as e:  # anything else is a failure
                errors.append(e)
                return

    readers = [threading.Thread(target=reader) for _ in range(3)]
    for t in readers:
        t.start()
    try:
        masks = None
        while masks is None:
            try:
                masks = shared.masks()
            except meeple.BusyError:
                busy[0] += 1
        done = 0
        while done < steps:
            actions = _lowest_legal(masks, game.num_actions)
            after = np.empty_like(masks)
            try:
                shared.step_autoreset(actions, masks=after)
            except meeple.BusyError:
                busy[0] += 1
                continue
            masks = after
            done += 1
    finally:
        stop.set()
        for t in readers:
            t.join()
    assert not errors, errors
    assert busy[0] > 0, "no call ever found the batch in use"

    # The same steps by one thread alone give the same bytes: no reader got in.
    alone = meeple.Batch(game, 256, seed=11, threads=1)
    masks = alone.masks()
    for _ in range(steps):
        alone.step_autoreset(_lowest_legal(masks, game.num_actions), masks=masks)
    assert np.array_equal(shared.snapshot(), alone.snapshot())


def test_busy_error_says_to_use_one_batch_per_thread():
    shared = meeple.Batch("catan", 2048, seed=1, threads=1)
    actions = np.zeros(2048, dtype=np.int32)
    seen: list[str] = []
    stop = threading.Event()

    def stepper() -> None:
        while not stop.is_set():
            try:
                shared.step(actions)
            except meeple.BusyError:
                pass

    t = threading.Thread(target=stepper)
    t.start()
    try:
        for _ in range(100000):
            try:
                shared.masks()
            except meeple.BusyError as e:
                seen.append(str(e))
                break
    finally:
        stop.set()
        t.join()
    assert seen, "the batch was never found in use"
    assert "in use by a call on another thread" in seen[0] and "its own batch" in seen[0]
    assert isinstance(meeple.BusyError("x"), RuntimeError)


_LIMITED = textwrap.dedent(
    """
    import resource, sys
    import meeple
    game = meeple.Game("tictactoe")
    with open("/proc/self/status") as f:
        vm = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    cap = vm + (256 << 20)   # 256 threads' stacks need 2 GiB: a thread start fails part way
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    outcomes = []
    for call in (lambda: meeple.Batch(game, 8, threads=256),
                 lambda: meeple.run_random_games(game, 1000, threads=256),
                 lambda: meeple.poker.equity(["AsKs", "QdQc"], exact=False, trials=10**6, threads=256)):
        try:
            call()
            outcomes.append("ok")
        except MemoryError as e:
            outcomes.append("memory" if "pass fewer threads" in str(e) else "other: " + str(e))
    print(",".join(outcomes))
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /proc and RLIMIT_AS (Linux)")
def test_a_thread_the_os_refuses_is_a_memory_error_not_an_abort():
    r = subprocess.run([sys.executable, "-c", _LIMITED], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr  # before the fix: "terminate called without an active exception"
    assert r.stdout.strip() == "memory,memory,memory", r.stdout + r.stderr
