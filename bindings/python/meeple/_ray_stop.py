"""Stopping Ray tasks early without ``ray.cancel``.

A run that no longer needs its tasks (Ctrl-C, the SPRT's decision, an error) must stop
them, or they hold the cluster's CPUs until their slice of work ends. ``ray.cancel``
does that, but cancelling a task at the moment it finishes races inside Ray (2.60):
the driver's core worker fails a check ("Tried to complete task that was not
pending") and exits the whole Python process with status 1, silently. It happened in
our CI and here, about one run in three of a test that cancels tasks repeatedly.

So the runs never cancel. Each run makes a small stop actor (no CPU); each task
watches it from a thread and, once it is set or gone, raises KeyboardInterrupt in its
own main thread, which stops the library's long call (its cancel flag) or a Python
loop; the task then returns None. Stopping is a message to the actor, so there is
nothing for a finishing task to race with.

Usage, in the driver::

    flag = new_flag(ray)
    refs = [task.remote(..., flag) for ...]
    try:
        ...collect...
    finally:
        stop(flag)  # the tasks still running end within about a second

and in the task: ``return run_until_stopped(flag, lambda: work(...))``.
"""

from __future__ import annotations

import _thread
import signal
import threading
from typing import Any, Callable, Optional, TypeVar

__all__ = ["new_flag", "stop", "run_until_stopped", "STOPPED"]

T = TypeVar("T")

# How often a task asks the actor, and how often it presses again once stopped (a
# KeyboardInterrupt raised inside a finaliser is printed and dropped by Python).
_POLL_SECONDS = 0.2
_PRESS_AGAIN_SECONDS = 0.5

# What a task says when it was stopped before its work was done.
STOPPED = None


class _Flag:
    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        self._set = True

    def is_set(self) -> bool:
        return self._set


def new_flag(ray_module: Any) -> Any:
    """A stop actor for one run (no CPU, so it never waits for the tasks' CPUs), up
    before it returns: started after the tasks, its process would compete with them for
    the machine and a stop would wait for it (seconds on two busy cores)."""
    flag = ray_module.remote(num_cpus=0)(_Flag).remote()
    ray_module.get(flag.is_set.remote())
    return flag


def stop(flag: Any) -> None:
    """Asks every task watching ``flag`` to stop; returns at once. If the driver then
    drops its last handle, Ray ends the actor, which the tasks read as a stop too."""
    try:
        flag.set.remote()
    except Exception:  # Ray already shut down: its tasks are gone with it
        pass


def _stopped(ray_module: Any, flag: Any) -> bool:
    try:
        return bool(ray_module.get(flag.is_set.remote(), timeout=30))
    except Exception:  # the actor is gone (its run ended) or unreachable
        return True


def run_until_stopped(flag: Any, work: Callable[[], T]) -> Optional[T]:
    """Runs ``work()`` in a Ray task and returns its result, or STOPPED (None) if the
    run's flag was set, or its actor ended, before it was done."""
    import ray as ray_module

    done = threading.Event()

    def watch() -> None:
        while not done.wait(_POLL_SECONDS):
            if _stopped(ray_module, flag):
                while not done.is_set():
                    _thread.interrupt_main()
                    done.wait(_PRESS_AGAIN_SECONDS)
                return

    watcher = threading.Thread(target=watch, name="meeple-ray-stop", daemon=True)
    # interrupt_main does nothing while SIGINT is ignored, as it is in workers of a Ray
    # started from a process that ignores it (a background job, nohup): give the task
    # Python's default handler while it works. Ray runs a task on the worker's main
    # thread, the only one that may set handlers.
    on_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler) if on_main else None
    try:
        watcher.start()
        try:
            return work()
        finally:
            done.set()
            watcher.join()
    except KeyboardInterrupt:  # a press that came as the work ended lands here too
        return STOPPED
    finally:
        if previous is not None:  # None: a handler set outside Python, which it cannot restore
            signal.signal(signal.SIGINT, previous)
