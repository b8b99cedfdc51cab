"""The package is fully typed: ``mypy --strict`` over ``meeple`` finds nothing (it ships
``py.typed``, so users' type checkers rely on these annotations)."""

from __future__ import annotations

import pathlib

import pytest


def test_the_package_passes_mypy_strict(repo_root: pathlib.Path):
    api = pytest.importorskip("mypy.api", reason="mypy is not installed; it comes with the [test] extra")
    package = repo_root / "bindings/python/meeple"
    stdout, stderr, status = api.run([
        "--strict", "--cache-dir", str(repo_root / "build/mypy_cache"), "--no-error-summary", str(package)])
    assert status == 0, stdout + stderr
