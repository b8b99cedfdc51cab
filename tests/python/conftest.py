"""Shared fixtures. The package under test is the one on sys.path: tests/run.sh puts the
freshly built tree first; otherwise the installed package is used.

Optional peers (independent implementations the differential tests compare with) are
reached only through the `require_peer` and `require_peer_python` fixtures. When a peer
is missing the test is skipped with a reason that says what to install; with
`--require-peers` (CI sets it) it fails instead, naming the peer, and so does any other
skip, so a run cannot go green with a test silently left out. `--allow-missing-peer NAME`
exempts one peer (a documented exception in CI)."""

from __future__ import annotations

import _thread
import contextlib
import importlib
import os
import pathlib
import signal
import subprocess
import threading
import time
from types import ModuleType
from typing import Any, Callable, Iterator, NoReturn

import pytest

import meeple

REPO_ROOT = pathlib.Path(os.environ.get("MEEPLE_REPO_ROOT", pathlib.Path(__file__).resolve().parents[2]))

# The skip reason of a missing peer starts with this, then the peer's name and a colon.
MISSING_PEER = "optional peer missing: "
INSTALL_ALL = "tests/install_peers.sh installs every peer but ray[rllib], which it leaves out as too heavy for CI"
_BAD_SKIPS = pytest.StashKey[list]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("meeple", "meeple's optional peers")
    group.addoption("--require-peers", action="store_true",
                    help="a missing optional peer fails its test instead of skipping it, and any other "
                         "skip fails the run (CI sets this)")
    group.addoption("--allow-missing-peer", action="append", default=[], metavar="NAME",
                    help="with --require-peers, peer NAME may still be skipped (repeatable)")


def _missing(config: pytest.Config, name: str, what_to_do: str) -> NoReturn:
    """Skips the calling test, or fails it under --require-peers."""
    if config.getoption("require_peers") and name not in config.getoption("allow_missing_peer"):
        pytest.fail(f"--require-peers: optional peer {name} is missing; {what_to_do}", pytrace=False)
    reason = f"{MISSING_PEER}{name}: {what_to_do}"
    try:  # reported at the test's own location, as skip marks are (pytest >= 7)
        skip = pytest.skip.Exception(reason, _use_item_location=True)
    except TypeError:
        skip = pytest.skip.Exception(reason)
    raise skip


@pytest.fixture
def require_peer(request: pytest.FixtureRequest) -> Callable[..., ModuleType]:
    """require_peer(module, extra=None, how=None) imports a peer's module and returns it.
    When it does not import, the test skips (or fails, see above) with a reason that says
    `pip install "meeple[extra]"` or, for a peer no extra can bring, `how`."""

    def require(module: str, *, extra: str | None = None, how: str | None = None) -> ModuleType:
        try:
            return importlib.import_module(module)
        except ImportError as exc:
            said = str(exc)
        fix = f'pip install "meeple[{extra}]"' if extra else how or f"install {module}"
        _missing(request.config, module, f"{fix} ({INSTALL_ALL}); import said: {said}")
        raise AssertionError("not reached: _missing raises")

    return require


_peer_pythons: dict[tuple[str, str], str | None] = {}


@pytest.fixture
def require_peer_python(request: pytest.FixtureRequest) -> Callable[[str, str], str]:
    """require_peer_python(module, env) for a peer that needs another Python than the
    tests' (fastcatan wants 3.12): returns the interpreter named by environment variable
    `env` once it imports `module`; otherwise the test skips (or fails) saying so."""

    def require(module: str, env: str) -> str:
        python = os.environ.get(env, "")
        if (module, python) not in _peer_pythons:
            problem = None
            if not python:
                problem = f"{env} is not set"
            else:
                try:
                    run = subprocess.run([python, "-c", f"import {module}"], capture_output=True, text=True,
                                         timeout=120)
                    if run.returncode != 0:
                        problem = f"{env}={python} does not import {module}: {run.stderr.strip()[-300:]}"
                except OSError as exc:
                    problem = f"{env}={python} does not run: {exc}"
            _peer_pythons[(module, python)] = problem
        problem = _peer_pythons[(module, python)]
        if problem:
            _missing(request.config, module,
                     f"{problem}; set {env} to a Python that has {module} ({INSTALL_ALL} and prints the line)")
        return python

    return require


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under --require-peers every skip fails the run, apart from peers exempted with
    --allow-missing-peer."""
    config = session.config
    if not config.getoption("require_peers"):
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    allowed = [f"{MISSING_PEER}{name}:" for name in config.getoption("allow_missing_peer")]
    bad = []
    for report in reporter.stats.get("skipped", []):
        reason = _skip_reason(report)
        if not any(a in reason for a in allowed):
            bad.append(f"{report.nodeid}: {reason}")
    if bad:
        config.stash[_BAD_SKIPS] = bad
        session.exitstatus = pytest.ExitCode.TESTS_FAILED



def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    bad = config.stash.get(_BAD_SKIPS, [])
    if bad:
        terminalreporter.section("skips that --require-peers does not allow", red=True)
        for line in bad:
            terminalreporter.line(line)
        terminalreporter.line("Fix the cause, or exempt a missing peer with --allow-missing-peer NAME "
                              "and document why.")


@pytest.fixture(scope="session")
def require_chromium(request: pytest.FixtureRequest) -> tuple[str, str]:
    """(browser, driver) paths of Debian's chromium and chromium-driver, for the viewer's
    browser tests, once selenium imports; skips (or fails under --require-peers) when
    any of them is missing."""
    import shutil

    try:
        importlib.import_module("selenium.webdriver")
    except ImportError as exc:
        _missing(request.config, "selenium", f'pip install "meeple[test]" ({INSTALL_ALL}); import said: {exc}')

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        _missing(request.config, "chromium",
                 "apt-get install chromium chromium-driver (.ci/run does) for the viewer's browser tests; "
                 f"found browser={browser}, driver={driver}")
    return str(browser), str(driver)


@pytest.fixture(scope="session")
def require_wasm(request: pytest.FixtureRequest) -> Any:
    """The WebAssembly build ``meeple web`` writes into its site
    (``meeple.play.site.find_wasm_build``); skips (or fails under --require-peers) when
    tools/build_wasm.sh has not been run. CI's main test stage allows it missing and
    its WebAssembly stage requires it."""
    from meeple.play.site import find_wasm_build

    try:
        return find_wasm_build()
    except FileNotFoundError as exc:
        _missing(request.config, "wasm", str(exc))


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """A local Ray cluster of 2 CPUs for one test module (None without Ray: the
    module's own fixture asks require_peer, which skips or fails with the reason)."""
    try:
        import ray
    except ImportError:
        yield None
        return
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.fixture
def ttt() -> meeple.Game:
    return meeple.Game("tictactoe")


@pytest.fixture
def repo_root() -> pathlib.Path:
    return REPO_ROOT


@contextlib.contextmanager
def _ctrl_c(after: float = 0.3, once: threading.Event | None = None) -> Iterator[None]:
    """Presses Ctrl-C in the main thread `after` seconds in (after `once` is set, when
    given: a point the work must reach however slow the machine), and again every half
    second until the block ends, as a user would, so that one lost press (a
    KeyboardInterrupt raised inside a finaliser is printed and dropped by Python) cannot
    leave a long call running for hours."""
    stop = threading.Event()
    # A run started with SIGINT ignored (a background job of a shell) has no handler for
    # the interrupt to call: give it Python's default one for the block.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def press() -> None:
        if once is not None:
            while not once.wait(0.05):
                if stop.is_set():
                    return
        if stop.wait(after):
            return
        while not stop.is_set():
            _thread.interrupt_main()
            if stop.wait(0.5):
                return

    presser = threading.Thread(target=press, name="ctrl-c", daemon=True)
    presser.start()
    try:
        yield
    finally:
        stop.set()
        presser.join()
        for _ in range(3):  # a press that arrived after the one the block handled
            try:
                time.sleep(0.01)
                break
            except KeyboardInterrupt:
                continue
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def ctrl_c() -> Callable[..., contextlib.AbstractContextManager[None]]:
    """ctrl_c(after=0.3, once=None): a context manager that interrupts the main thread as
    Ctrl-C does (after the event `once` is set, when given)."""
    return _ctrl_c

