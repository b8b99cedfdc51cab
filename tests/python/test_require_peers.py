"""The --require-peers option of conftest.py: a missing optional peer skips its test with
a reason that says what to install, and under --require-peers fails the run naming the
peer. Each case runs pytest in a subprocess over a small test file next to a copy of
this directory's conftest.py."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import meeple

HERE = pathlib.Path(__file__).resolve().parent

CASES = '''
import sys

def test_missing_module(require_peer):
    require_peer("meeple_fake_peer_module", extra="fake-peers")

def test_present_module(require_peer):
    assert require_peer("json").dumps(1) == "1"

def test_missing_peer_python(require_peer_python):
    require_peer_python("meeple_fake_peer_module", "MEEPLE_FAKE_PEER_PYTHON")

def test_present_peer_python(require_peer_python):
    assert require_peer_python("json", "MEEPLE_REAL_PEER_PYTHON") == sys.executable
'''

MODULE_CASES = ("test_cases.py::test_missing_module", "test_cases.py::test_present_module")
PYTHON_CASES = ("test_cases.py::test_missing_peer_python", "test_cases.py::test_present_peer_python")


@pytest.fixture
def run_cases(tmp_path: pathlib.Path):
    shutil.copy(HERE / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_cases.py").write_text(CASES)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLE_FAKE")}
    env["MEEPLE_REAL_PEER_PYTHON"] = sys.executable
    # The conftest imports meeple: the same package as this run's, from any working folder.
    package_parent = str(pathlib.Path(meeple.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH")]))

    def run(*args: str, tests: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
        """pytest with `args` over the given node ids (default: the whole folder)."""
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", *args,
                   *(tests or [str(tmp_path)])]
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)

    return run


def test_without_the_option_a_missing_peer_skips_saying_what_to_install(run_cases) -> None:
    out = run_cases()
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 passed, 2 skipped" in out.stdout
    assert 'optional peer missing: meeple_fake_peer_module: pip install "meeple[fake-peers]"' in out.stdout
    assert "MEEPLE_FAKE_PEER_PYTHON is not set" in out.stdout


def test_require_peers_fails_a_missing_module_naming_it(run_cases) -> None:
    out = run_cases("--require-peers", tests=MODULE_CASES)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 failed, 1 passed" in out.stdout
    assert "--require-peers: optional peer meeple_fake_peer_module is missing" in out.stdout
    assert 'pip install "meeple[fake-peers]"' in out.stdout


def test_require_peers_fails_a_peer_python_that_lacks_the_module(run_cases) -> None:
    out = run_cases("--require-peers", tests=PYTHON_CASES)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 failed, 1 passed" in out.stdout
    assert "optional peer meeple_fake_peer_module is missing; MEEPLE_FAKE_PEER_PYTHON is not set" in out.stdout


def test_allow_missing_peer_exempts_that_peer_only(run_cases) -> None:
    out = run_cases("--require-peers", "--allow-missing-peer", "meeple_fake_peer_module")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 passed, 2 skipped" in out.stdout
    out = run_cases("--require-peers", "--allow-missing-peer", "some_other_peer", tests=MODULE_CASES)
    assert out.returncode == 1, out.stdout + out.stderr


def test_require_peers_fails_the_run_on_any_other_skip(run_cases, tmp_path: pathlib.Path) -> None:
    (tmp_path / "test_plain_skip.py").write_text(
        "import pytest\n\ndef test_skipped():\n    pytest.skip('no reason that is a peer')\n")
    out = run_cases("--require-peers", tests=("test_plain_skip.py",))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "skips that --require-peers does not allow" in out.stdout
    assert "test_plain_skip.py::test_skipped: Skipped: no reason that is a peer" in out.stdout
    assert run_cases(tests=("test_plain_skip.py",)).returncode == 0
