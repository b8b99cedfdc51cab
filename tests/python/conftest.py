"""Shared fixtures. The package under test is the one on sys.path: tests/run.sh puts the
freshly built tree first; otherwise the installed package is used."""

from __future__ import annotations

import os
import pathlib

import pytest

import meeple

REPO_ROOT = pathlib.Path(os.environ.get("MEEPLE_REPO_ROOT", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def ttt() -> meeple.Game:
    return meeple.Game("tictactoe")


@pytest.fixture
def repo_root() -> pathlib.Path:
    return REPO_ROOT
