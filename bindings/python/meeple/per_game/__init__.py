"""What each game adds in Python beyond the generic model of ``meeple.Game``: one module a
game, each the counterpart of the engine's folder of that game (tic-tac-toe needs none). The folder is
not called ``games`` because ``meeple.games()`` lists the registered games.

- :mod:`.catan`: the board's topology, action numbers, positions, features;
- :mod:`.triangle`: the triangle-grid puzzle's pieces, actions and positions;
- :mod:`.holdem`: poker as a game: raises of any amount, payoffs, PHH replay.

The package exports them as ``meeple.catan``, ``meeple.triangle`` and ``meeple.holdem``.
"""

from __future__ import annotations

from . import catan, holdem, triangle

__all__ = ["catan", "holdem", "triangle"]
