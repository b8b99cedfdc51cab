"""Play in the browser against the engine's agents: ``meeple play`` (docs/play.md).

- :mod:`.sessions`: one session a game (the triangle puzzle, Catan against agents, tic-tac-toe and
  heads-up Hold'em on the table page), kept as
  its start position and the actions since, written to a game log.
- :mod:`.server`: a small standard-library HTTP server on 127.0.0.1 between a page of
  ``pages/`` and a session.
"""

from __future__ import annotations

from .server import MAX_BODY, PlayServer, make_server, page_for, serve
from .sessions import HINT_AGENTS, TABLE_GAMES, ApiError, CatanSession, TableSession, TriangleSession, split_agents

__all__ = ["ApiError", "TriangleSession", "CatanSession", "TableSession", "TABLE_GAMES", "split_agents", "PlayServer", "make_server", "serve",
           "page_for", "HINT_AGENTS", "MAX_BODY"]
