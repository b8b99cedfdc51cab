"""Long library calls that Ctrl-C can stop and that can show a progress bar.

A long call of the C interface (equity, random games, and later search, data
generation, tournaments) takes a control block, ``meeple_control_t``: a cancel flag
any thread may set, and a progress counter the library advances towards a total.
``run`` runs such a call on a worker thread (the call releases the GIL) while the
calling thread waits: on ``KeyboardInterrupt`` it sets the cancel flag, waits the few
milliseconds the library takes to stop, and raises ``KeyboardInterrupt`` again; with
``progress=True`` it draws a tqdm bar from the counter (tqdm is the optional extra
``meeple[progress]``; without it a plain line on stderr stands in).

Usage, for a new long call::

    _long_call.run(lambda control: lib.meeple_something(..., control),
                   progress=progress, desc="something", unit="items")

It raises the call's MeepleError itself: the library's error message is per thread,
so it is read on the thread that made the call.
"""

from __future__ import annotations

import importlib
import sys
import threading
import time
from typing import Any, Callable, Protocol

from ._ffi import check, ffi

__all__ = ["run", "new_control"]

# How often the waiting thread looks at the counter (and so redraws the bar).
_POLL_SECONDS = 0.1


def new_control() -> Any:
    """A fresh ``meeple_control_t *``: no cancel, no progress, struct_size set."""
    control = ffi.new("meeple_control_t *")
    control.struct_size = ffi.sizeof("meeple_control_t")
    return control


class _Bar(Protocol):
    def show(self, done: int, total: int) -> None: ...
    def close(self) -> None: ...


class _Silent:
    def show(self, done: int, total: int) -> None:
        pass

    def close(self) -> None:
        pass


class _TqdmBar:
    def __init__(self, tqdm: Any, desc: str, unit: str) -> None:
        self._bar = tqdm(desc=desc, unit=unit, unit_scale=True, total=None, leave=True)

    def show(self, done: int, total: int) -> None:
        if total and self._bar.total != total:
            self._bar.total = total
        self._bar.n = done
        self._bar.refresh()

    def close(self) -> None:
        self._bar.close()


class _PlainBar:
    """A one-line fallback on stderr when tqdm is not installed: the count, the share
    and, once there is a rate to go by, the time left."""

    def __init__(self, desc: str, unit: str) -> None:
        self._desc, self._unit, self._shown = desc, unit, False
        self._start = time.monotonic()
        self._first: int | None = None  # the count at the first report (a resumed run starts above 0)

    def show(self, done: int, total: int) -> None:
        if self._first is None:
            self._first = done
        share = f" ({100.0 * done / total:5.1f}%)" if total else ""
        elapsed, progressed = time.monotonic() - self._start, done - self._first
        left = ""
        if total and progressed > 0 and elapsed >= 1.0:
            seconds = int(elapsed * (total - done) / progressed)
            left = f", about {seconds // 60}m{seconds % 60:02d}s left"
        sys.stderr.write(f"\r{self._desc}: {done:,}/{total:,} {self._unit}{share}{left}    ")
        sys.stderr.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


class Part:
    """The bar of one call among several that make one piece of work: the call's own
    progress (done of total) is shown as its share `span` of the overall bar, after
    `offset` units of it (a run of many shards draws one bar with one estimate)."""

    def __init__(self, overall: _Bar, offset: float, span: float, overall_total: int) -> None:
        self._overall, self._offset, self._span, self._total = overall, offset, span, overall_total

    def show(self, done: int, total: int) -> None:
        share = done / total if total else 0.0
        self._overall.show(int(self._offset + self._span * share), self._total)

    def close(self) -> None:
        pass  # the overall bar's owner closes it


def make_bar(progress: bool, desc: str, unit: str) -> _Bar:
    """A bar with show(done, total) and close(): tqdm's when installed, else one line on
    stderr; one that shows nothing when progress is False."""
    return _make_bar(progress, desc, unit)


def _make_bar(progress: bool, desc: str, unit: str) -> _Bar:
    if not progress:
        return _Silent()
    try:
        tqdm = importlib.import_module("tqdm.auto").tqdm  # optional: the extra meeple[progress]
    except ImportError:
        return _PlainBar(desc, unit)
    return _TqdmBar(tqdm, desc, unit)


def run(call: Callable[[Any], int], *, progress: bool = False, desc: str = "meeple", unit: str = "it",
        quick: bool = False, control: Any = None, bar: _Bar | None = None) -> None:
    """Runs ``call(control)`` (a library call that takes a ``meeple_control_t *`` and
    releases the GIL) on a worker thread and raises the ``MeepleError`` of a failing
    status (``CancelledError`` when the control block was cancelled). Ctrl-C while it runs
    cancels it and raises ``KeyboardInterrupt`` once the library has stopped; nothing
    the call would have written is written. ``progress=True`` shows a bar.

    ``quick=True`` (the caller expects about a millisecond of work) calls it on this
    thread instead, sparing the thread start (tens of microseconds), unless a bar is
    wanted; Ctrl-C then takes effect when the call returns. ``bar`` (a :class:`Part` of
    a caller's bar) shows the progress there instead, and is not closed here."""
    control = new_control() if control is None else control
    if quick and not progress and bar is None:
        check(call(control))
        return
    outcome: dict[str, BaseException] = {}

    def work() -> None:
        try:
            check(call(control))  # here: the library's message belongs to this thread
        except BaseException as e:  # handed to the waiting thread
            outcome["error"] = e

    if bar is None:
        bar = _make_bar(progress, desc, unit)
    worker = threading.Thread(target=work, name=f"meeple {desc}", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(_POLL_SECONDS)
            bar.show(int(control.progress), int(control.total))
    except KeyboardInterrupt:
        control.cancel = 1
        _wait_out(worker)
        bar.close()
        raise
    bar.show(int(control.progress), int(control.total))
    bar.close()
    if "error" in outcome:
        raise outcome["error"]


def _wait_out(worker: threading.Thread) -> None:
    """Waits for a cancelled call to return (milliseconds); a second Ctrl-C meanwhile
    does not abandon it, as the call still writes into this process's memory."""
    deadline_note = time.monotonic() + 2.0
    while worker.is_alive():
        try:
            worker.join(_POLL_SECONDS)
        except KeyboardInterrupt:
            pass
        if time.monotonic() > deadline_note:
            sys.stderr.write("meeple: waiting for the cancelled call to stop...\n")
            deadline_note = float("inf")
