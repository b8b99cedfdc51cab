"""Drawings of a state as an RGB image (``uint8[height, width, 3]``), for
``render_mode="rgb_array"``: NumPy rasterisation only, no drawing library.

Each game has its own picture, drawn from what the state shows every seat (its
``view()`` and the game's constant data):

- tictactoe: the 3 x 3 grid, X as a red cross, O as a blue ring;
- triangle: the triangular cells, empty ones light, filled ones dark, cells outside
  the board left white; the three waiting shapes below the board;
- catan: the 19 hexes in their terrain colours, each number token as a disc with one
  dot a pip (how many of the 36 dice rolls hit it; 6 and 8 in red), the robber as a
  black disc, roads as thick lines and settlements (squares) and cities (bigger
  squares) in the seats' colours;
- holdem: the table in green, each seat around it as a disc in its colour (grey once
  folded, ringed in white on the button) with a bar for its stack, a disc for its bet
  growing with the amount, the pot as a gold disc in the middle, and the board cards as
  white cards whose bar in the suit's colour (four-colour deck) grows with the rank.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..game import ALL, PUBLIC, State

__all__ = ["draw"]

WHITE = (255, 255, 255)
BLACK = (20, 20, 20)
SEAT_COLOURS = ((214, 39, 40), (31, 119, 180), (255, 140, 0), (90, 90, 90))
TERRAIN_COLOURS = {"brick": (178, 84, 48), "lumber": (34, 110, 52), "wool": (144, 200, 90),
                   "grain": (236, 200, 70), "ore": (130, 130, 140), "desert": (222, 205, 160)}
SEA = (70, 130, 190)


class Canvas:
    """An RGB image with the few shapes the pictures need, drawn in pixel coordinates
    (x to the right, y down)."""

    def __init__(self, height: int, width: int, background: Sequence[int] = WHITE) -> None:
        self.image = np.empty((height, width, 3), dtype=np.uint8)
        self.image[:] = background
        self._y, self._x = np.mgrid[0:height, 0:width].astype(np.float32) + 0.5

    def _box(self, xs: Sequence[float], ys: Sequence[float]) -> tuple[slice, slice] | None:
        h, w = self.image.shape[:2]
        x0, x1 = max(int(min(xs)) - 1, 0), min(int(max(xs)) + 2, w)
        y0, y1 = max(int(min(ys)) - 1, 0), min(int(max(ys)) + 2, h)
        if x0 >= x1 or y0 >= y1:
            return None
        return slice(y0, y1), slice(x0, x1)

    def polygon(self, points: Sequence[tuple[float, float]], colour: Sequence[int]) -> None:
        """Fills a convex polygon (points in either winding order)."""
        box = self._box([p[0] for p in points], [p[1] for p in points])
        if box is None:
            return
        x, y = self._x[box], self._y[box]
        inside_pos = np.ones(x.shape, dtype=bool)
        inside_neg = np.ones(x.shape, dtype=bool)
        for (ax, ay), (bx, by) in zip(points, list(points[1:]) + [points[0]]):
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            inside_pos &= cross >= 0
            inside_neg &= cross <= 0
        self.image[box][inside_pos | inside_neg] = colour

    def disc(self, cx: float, cy: float, r: float, colour: Sequence[int]) -> None:
        box = self._box([cx - r, cx + r], [cy - r, cy + r])
        if box is None:
            return
        inside = (self._x[box] - cx) ** 2 + (self._y[box] - cy) ** 2 <= r * r
        self.image[box][inside] = colour

    def ring(self, cx: float, cy: float, r: float, width: float, colour: Sequence[int]) -> None:
        box = self._box([cx - r, cx + r], [cy - r, cy + r])
        if box is None:
            return
        d2 = (self._x[box] - cx) ** 2 + (self._y[box] - cy) ** 2
        self.image[box][(d2 <= r * r) & (d2 >= (r - width) ** 2)] = colour

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float, colour: Sequence[int]) -> None:
        half = width / 2
        box = self._box([x0 - half, x1 - half, x0 + half, x1 + half], [y0 - half, y1 - half, y0 + half, y1 + half])
        if box is None:
            return
        x, y = self._x[box], self._y[box]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy or 1.0
        t = np.clip(((x - x0) * dx + (y - y0) * dy) / length2, 0.0, 1.0)
        d2 = (x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2
        self.image[box][d2 <= half * half] = colour

    def rect(self, cx: float, cy: float, half: float, colour: Sequence[int]) -> None:
        self.polygon([(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)],
                     colour)


def _tictactoe(state: State) -> np.ndarray:
    cell = 40
    canvas = Canvas(3 * cell, 3 * cell)
    for k in (1, 2):
        canvas.line(k * cell, 4, k * cell, 3 * cell - 4, 3, BLACK)
        canvas.line(4, k * cell, 3 * cell - 4, k * cell, 3, BLACK)
    board = state.view(PUBLIC)["board"]
    for r in range(3):
        for c in range(3):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            mark = board[r][c]
            if mark == "X":
                canvas.line(cx - 12, cy - 12, cx + 12, cy + 12, 5, SEAT_COLOURS[0])
                canvas.line(cx - 12, cy + 12, cx + 12, cy - 12, 5, SEAT_COLOURS[0])
            elif mark == "O":
                canvas.ring(cx, cy, 14, 5, SEAT_COLOURS[1])
    return canvas.image


def _field(state: State, name: str) -> np.ndarray:
    game = state.game
    obs = state.observation(ALL)
    for f in game.obs_fields:
        if f.name == name:
            return obs[f.offset:f.offset + f.size].reshape(f.shape)
    raise KeyError(name)


def _triangle_cell(canvas: Canvas, x: float, y: float, side: float, height: float, up: bool,
                   colour: Sequence[int]) -> None:
    if up:
        points = [(x, y + height), (x + side / 2, y), (x + side, y + height)]
    else:
        points = [(x, y), (x + side, y), (x + side / 2, y + height)]
    canvas.polygon(points, colour)


def _triangle(state: State) -> np.ndarray:
    view = state.view(PUBLIC)
    rows, cols = int(view["rows"]), int(view["cols"])
    occupied = np.asarray(view["occupied"])
    playable = np.asarray(view["playable"])
    up = _field(state, "up") > 0.5
    side, height = 24.0, 20.0
    margin = 8
    shapes: list[Any] = view.get("shapes") or []
    board_w = (cols + 1) * side / 2
    shape_rows = 3
    width = int(board_w + 2 * margin)
    height_px = int(rows * height + 2 * margin + (shape_rows * height / 2 + margin) + margin)
    canvas = Canvas(height_px, max(width, int(len(shapes) * 5 * side / 4) + 2 * margin))
    for r in range(rows):
        for c in range(cols):
            if not playable[r][c]:
                continue
            colour = (60, 70, 110) if occupied[r][c] else (215, 222, 235)
            x, y = margin + c * side / 2, margin + r * height
            _triangle_cell(canvas, x + 1, y + 1, side - 2, height - 2, bool(up[r][c]), colour)
    # The waiting shapes, at half size, each in its own box below the board.
    small_side, small_h = side / 2, height / 2
    top = margin + rows * height + margin
    for k, shape in enumerate(shapes):
        if not shape:
            continue
        left = margin + k * 5 * side / 4
        for dr, dc, cell_up in shape:
            x, y = left + dc * small_side / 2, top + dr * small_h
            _triangle_cell(canvas, x, y, small_side - 1, small_h - 1, bool(cell_up), SEAT_COLOURS[k % 4])
    return canvas.image


_PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
_TOPOLOGY: dict[str, Any] = {}


def _catan(state: State) -> np.ndarray:
    spec = state.game.spec
    if spec not in _TOPOLOGY:
        _TOPOLOGY[spec] = state.game.data("topology")
    topo = _TOPOLOGY[spec]
    view = state.view(PUBLIC)
    # Topology coordinates: a hex spans 2 units across (x) and 4 from its top node to
    # its bottom one (y); a regular hexagon is sqrt(3) times as wide for its height, so
    # an x unit is drawn sqrt(3) times as long as a y unit.
    unit = 12.0
    centres = np.asarray(topo["hex_centers"], dtype=np.float32)
    nodes = np.asarray(topo["node_positions"], dtype=np.float32)
    lo = nodes.min(axis=0) - 1
    hi = nodes.max(axis=0) + 1
    scale = np.array([unit * 3 ** 0.5, unit], dtype=np.float32)

    def px(p: Any) -> tuple[float, float]:
        q = (np.asarray(p, dtype=np.float32) - lo) * scale
        return float(q[0]), float(q[1])

    size = (hi - lo) * scale
    canvas = Canvas(int(size[1]) + 1, int(size[0]) + 1, SEA)
    hex_nodes = topo["hex_nodes"]
    for h in view["board"]["hexes"]:
        corners = [px(nodes[v]) for v in hex_nodes[h["hex"]]]
        canvas.polygon(corners, TERRAIN_COLOURS.get(h["terrain"], WHITE))
        cx, cy = px(centres[h["hex"]])
        number = h.get("number")
        if number:
            canvas.disc(cx, cy, 10, (245, 235, 210))
            pips = _PIPS.get(int(number), 0)
            colour = (200, 30, 30) if number in (6, 8) else BLACK
            for k in range(pips):
                canvas.disc(cx - (pips - 1) * 2.5 + k * 5, cy, 1.8, colour)
    robber = view["board"].get("robber")
    if robber is not None:
        cx, cy = px(centres[int(robber)])
        canvas.disc(cx, cy + 6, 4, BLACK)
    edge_nodes = topo["edge_nodes"]
    for road in view.get("roads", []):
        a, b = edge_nodes[road["edge"]]
        (x0, y0), (x1, y1) = px(nodes[a]), px(nodes[b])
        canvas.line(x0, y0, x1, y1, 4, SEAT_COLOURS[road["owner"] % 4])
    for building in view.get("buildings", []):
        x, y = px(nodes[building["node"]])
        half = 6 if building["kind"] == "city" else 4
        canvas.rect(x, y, half + 1, BLACK)
        canvas.rect(x, y, half, SEAT_COLOURS[building["owner"] % 4])
    return canvas.image


SUIT_COLOURS = {"s": BLACK, "h": (214, 39, 40), "d": (31, 119, 180), "c": (44, 160, 44)}
RANKS = "23456789TJQKA"
FELT, GOLD, GREY = (30, 110, 60), (230, 180, 40), (170, 170, 170)


def _holdem(state: State) -> np.ndarray:
    view = state.view(PUBLIC)
    height, width = 200, 320
    canvas = Canvas(height, width)
    cx, cy, rx, ry = width / 2, height / 2, 120.0, 62.0
    canvas.rect(cx, cy, ry, FELT)
    canvas.polygon([(cx - rx + ry, cy - ry), (cx + rx - ry, cy - ry), (cx + rx - ry, cy + ry), (cx - rx + ry, cy + ry)],
                   FELT)
    canvas.disc(cx - rx + ry, cy, ry, FELT)
    canvas.disc(cx + rx - ry, cy, ry, FELT)
    seats = view["seats"]
    start = max((s["starting_stack"] for s in seats), default=1) or 1
    for i, seat in enumerate(seats):
        angle = np.pi / 2 + 2 * np.pi * i / len(seats)
        x, y = cx + (rx + 22) * np.cos(angle), cy + (ry + 22) * np.sin(angle)
        colour = GREY if seat["folded"] else SEAT_COLOURS[i % len(SEAT_COLOURS)]
        if i == view["button"]:
            canvas.disc(x, y, 14, WHITE)
            canvas.ring(x, y, 14, 2, BLACK)
        canvas.disc(x, y, 11, colour)
        bar = 24 * min(seat["stack"] / start, 2.0)
        canvas.polygon([(x - 12, y + 14), (x - 12 + bar, y + 14), (x - 12 + bar, y + 18), (x - 12, y + 18)], colour)
        if seat["bet"] > 0:
            bx, by = cx + (rx - 18) * np.cos(angle), cy + (ry - 18) * np.sin(angle)
            canvas.disc(bx, by, 3 + 6 * min(seat["bet"] / start, 1.0) ** 0.5, GOLD)
    if view["pot"] > 0:
        canvas.disc(cx, cy - 32, 4 + 10 * min(view["pot"] / (start * len(seats)), 1.0) ** 0.5, GOLD)
    for k, card in enumerate(view["board"]):
        x = cx + (k - 2) * 26
        canvas.polygon([(x - 10, cy - 14), (x + 10, cy - 14), (x + 10, cy + 14), (x - 10, cy + 14)], WHITE)
        top = cy + 12 - 24 * (RANKS.index(card[0]) + 1) / len(RANKS)
        canvas.polygon([(x - 6, top), (x + 6, top), (x + 6, cy + 12), (x - 6, cy + 12)], SUIT_COLOURS[card[1]])
    return canvas.image


_DRAWINGS = {"tictactoe": _tictactoe, "triangle": _triangle, "catan": _catan, "holdem": _holdem}


def draw(state: State) -> np.ndarray:
    """The state as an RGB image, ``uint8[height, width, 3]``. ``ValueError`` for a game
    without a drawing (a test keeps every registered game drawn; ``render_mode="ansi"``
    works for every game)."""
    drawing = _DRAWINGS.get(state.game.name)
    if drawing is None:
        raise ValueError(f"no rgb_array drawing for {state.game.name}; games with one: "
                                  f"{', '.join(sorted(_DRAWINGS))}; render_mode='ansi' draws every game as text")
    return drawing(state)
