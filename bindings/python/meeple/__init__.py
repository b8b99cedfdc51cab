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

from ._ffi import ffi as _cffi
from ._ffi import lib as _lib
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
from . import catan
from . import triangle
from . import poker
from . import holdem
from .batch import Batch, run_random_games
from . import search
from .search import Search
from . import agents
from . import arena
from .agents import Agent

__version__: str = _cffi.string(_lib.meeple_version_string()).decode()
ABI_VERSION: int = _lib.meeple_abi_version()

__all__ = [
    "ALL", "CHANCE", "NO_ACTION", "PUBLIC", "ABI_VERSION",
    "Game", "State", "ObsField", "Option", "games",
    "catan", "triangle", "poker",
    "Batch", "run_random_games", "search", "Search", "agents", "arena", "Agent",
    "MeepleError", "InvalidArgumentError", "OutOfRangeError", "BufferTooSmallError",
    "IllegalActionError", "NotActiveError", "WrongStateError", "ParseError",
    "VersionMismatchError", "OutOfMemoryError", "InternalError", "CancelledError",
    "BusyError",
]
