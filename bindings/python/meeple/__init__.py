"""meeple: fast, deterministic game engines for search and reinforcement learning.

One C++20 core behind one C ABI (``meeple.h``); this package is a thin cffi binding
over that header::

    import meeple
    game = meeple.Game("tictactoe")
    state = game.new_state(seed=1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    print(state.returns)
"""

from __future__ import annotations

from . import _ffi
from ._ffi import VERSION as _VERSION
from .errors import (
    BufferTooSmallError,
    BusyError,
    CancelledError,
    IllegalActionError,
    InternalError,
    InvalidArgumentError,
    MeepleError,
    NotActiveError,
    OutOfMemoryError,
    OutOfRangeError,
    ParseError,
    VersionMismatchError,
    WrongStateError,
)
from .game import ALL, CHANCE, NO_ACTION, PUBLIC, Game, ObsField, Option, State, games
from .batch import Batch, run_random_games
from .per_game import catan, holdem, triangle
from . import poker
from . import search
from .search import Search
from . import agents
from .agents import Agent, arena
from . import records

__version__: str = _VERSION
ABI_VERSION: int = _ffi.lib.meeple_abi_version()

__all__ = [
    "ALL", "CHANCE", "NO_ACTION", "PUBLIC", "ABI_VERSION",
    "Game", "State", "ObsField", "Option", "games",
    "catan", "triangle", "holdem", "poker",
    "Batch", "run_random_games", "search", "Search", "agents", "arena", "Agent", "records",
    "MeepleError", "InvalidArgumentError", "OutOfRangeError", "BufferTooSmallError",
    "IllegalActionError", "NotActiveError", "WrongStateError", "ParseError",
    "VersionMismatchError", "OutOfMemoryError", "InternalError", "CancelledError",
    "BusyError",
]

# Modules that moved into subpackages (0.2): the old names still work, with a warning.
_MOVED = {"events": "meeple.records.events", "gamelog": "meeple.records.gamelog", "datagen": "meeple.net.datagen",
          "catanatron_bridge": "meeple.bridges.catanatron", "cli": "meeple.commands"}


def __getattr__(name: str) -> object:
    if name in _MOVED:
        import importlib
        import warnings

        warnings.warn(f"meeple.{name} moved to {_MOVED[name]}; import it from there", DeprecationWarning,
                      stacklevel=2)
        return importlib.import_module(_MOVED[name])
    raise AttributeError(f"module 'meeple' has no attribute {name!r}")
