"""The triangle puzzle: constants, action helpers and positions.

A one-player placement game on a grid of triangles (``Game("triangle")``): put the
shapes of three preview slots onto the board, clear full lines, and go on until no
shape fits. Rules, options, action and observation layout, positions:
``docs/triangle.md``.

Shapes are lists of ``(dr, dc, up)`` triangles relative to the anchor ``(0, 0)``; cell
``(r, c)`` points up when ``r + c`` is odd. Action ``a = slot * rows * cols + r * cols + c``
puts the shape of ``slot`` with its anchor on ``(r, c)``::

    import meeple
    state = meeple.triangle.position(
        occupied=[[0] * 15 for _ in range(8)],
        shapes=[[(0, 0, 1)], None, None],
    )
    state.apply(meeple.triangle.action(0, 3, 0))
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..game import Game, State

__all__ = [
    "ROWS", "COLS", "SLOTS", "COLORS", "PLAYABLE_RANGES", "TEMPLATES", "DEFAULT_OPTIONS",
    "action", "decode_action", "position",
]

ROWS: int = 8
"""Rows of the default board."""
COLS: int = 15
"""Columns of the default board."""
SLOTS: int = 3
"""Preview slots of the default game."""
COLORS: int = 9
"""Colour ids drawn with each shape by default (0..8)."""
PLAYABLE_RANGES: tuple[tuple[int, int], ...] = (
    (3, 12), (2, 13), (1, 14), (0, 15), (0, 15), (1, 14), (2, 13), (3, 12),
)
"""Half-open column ranges of playable cells, one per row of the default board."""

_U, _D = 1, 0
TEMPLATES: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((0, 0, _U),),
    ((0, 0, _U),),
    ((0, 0, _U), (1, 0, _D)),
    ((0, 0, _U), (1, 0, _D)),
    ((0, 0, _D),),
    ((0, 0, _U), (0, 1, _D)),
    ((0, 0, _U), (0, 1, _D)),
    ((0, 0, _D), (0, 1, _U)),
    ((0, 0, _D), (0, 1, _U)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U)),
    ((0, 0, _D), (0, 1, _U), (0, 2, _D)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U), (1, 0, _D)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U), (1, 2, _D)),
    ((0, 0, _D), (0, 1, _U), (1, 0, _U), (1, 1, _D)),
    ((0, 0, _U), (0, 2, _U), (1, 0, _D), (1, 1, _U), (1, 2, _D)),
    ((0, 0, _U), (1, -2, _D), (1, -1, _U), (1, 0, _D)),
    ((0, 0, _U), (0, 1, _D), (1, 0, _D), (1, 1, _U)),
    ((0, 0, _U), (0, 1, _D), (1, 0, _D), (1, 1, _U), (1, 2, _D)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U), (1, 0, _D), (1, 1, _U)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U), (1, 0, _D), (1, 2, _D)),
    ((0, 0, _U), (0, 1, _D), (0, 2, _U), (1, 1, _U), (1, 2, _D)),
    ((0, 0, _U), (0, 2, _U), (1, 0, _D), (1, 1, _U), (1, 2, _D)),  # = 14
    ((0, 0, _U), (0, 1, _D), (1, 0, _D), (1, 1, _U), (1, 2, _D)),  # = 17
    ((0, 0, _D), (0, 1, _U), (1, 1, _D)),
    ((0, 0, _U), (1, -1, _U), (1, 0, _D)),
    ((0, 0, _U), (1, 0, _D), (1, 1, _U)),
    ((0, 0, _U), (1, -1, _U), (1, 0, _D), (1, 1, _U)),
    ((0, 0, _U), (1, -1, _U), (1, 0, _D)),  # = 24
    ((0, 0, _D), (0, 1, _U), (0, 2, _D), (1, 1, _D)),
    ((0, 0, _D), (0, 1, _U), (1, 1, _D)),  # = 23
    ((0, 0, _U), (0, 1, _D), (1, 0, _D)),
)
"""The 31 template entries new shapes are drawn from, uniformly by entry (repeated
entries make some shapes likelier). Each is a tuple of ``(dr, dc, up)``."""

DEFAULT_OPTIONS: dict[str, Any] = {
    "rows": 8,
    "cols": 15,
    "playable": "auto",
    "slots": 3,
    "colors": 9,
    "reward_placed": 0.01,
    "reward_cleared": 0.5,
    "reward_alive": 0.005,
}
"""Every option of ``Game("triangle")`` with its default value."""


def action(slot: int, r: int, c: int, *, rows: int = ROWS, cols: int = COLS) -> int:
    """The action that puts the shape of ``slot`` with its anchor on cell ``(r, c)``."""
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"cell ({r}, {c}) is outside a {rows} x {cols} board")
    return slot * rows * cols + r * cols + c


def decode_action(a: int, *, rows: int = ROWS, cols: int = COLS) -> tuple[int, int, int]:
    """``(slot, r, c)`` of an action: the inverse of ``action``."""
    slot, cell = divmod(a, rows * cols)
    return slot, cell // cols, cell % cols


def _flag(v: Any) -> int:
    return 1 if bool(v) else 0


def _shape(entry: Iterable[Sequence[Any]] | None) -> list[list[int]] | None:
    if entry is None:
        return None
    return [[int(t[0]), int(t[1]), _flag(t[2])] for t in entry]


def position(
    occupied: Any,
    shapes: Sequence[Iterable[Sequence[Any]] | None],
    seed: int = 0,
    *,
    colors: Sequence[int | None] | None = None,
    game: Game | str = "triangle",
) -> State:
    """A state built from a described position, for puzzles, tests and analysis.

    ``occupied``: ``rows x cols`` of 0/1 (nested lists or a NumPy array), 1 where a
    triangle lies. ``shapes``: one entry per slot, ``None`` for an empty slot or a list
    of ``(dr, dc, up)`` triangles (a template or any other shape joined edge to edge
    within ``0 <= dr < 4, -4 <= dc < 4``). ``colors``: optional colour id per slot.
    ``seed`` seeds the generator that draws the shapes to come (and the first three at
    once when every slot is empty). ``game``: a ``Game`` or spec for other options.

    Counters (score, step) start at zero. Raises ``InvalidArgumentError`` (a
    ``ValueError``) naming the first broken rule: a triangle on a death cell, a full
    line (it would have been cleared), a list that is not a shape, wrong sizes.
    """
    g = game if isinstance(game, Game) else Game(game)
    rows = occupied.tolist() if hasattr(occupied, "tolist") else occupied
    doc: dict[str, Any] = {
        "occupied": [[_flag(v) for v in row] for row in rows],
        "shapes": [_shape(e) for e in shapes],
    }
    if colors is not None:
        doc["colors"] = [None if c is None else int(c) for c in colors]
    return g.from_position(doc, seed)
