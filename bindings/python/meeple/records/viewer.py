"""The game-log viewer: one HTML page of the package (``pages/viewer.html``) with its
drawing functions in ``pages/draw.js``, which the pages of ``meeple play`` load too.
The page reads a log that is opened or dropped into it, or one embedded in a copy of
the page (``page_with_log``: a browser cannot be handed a local file by name)."""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

__all__ = ["VIEWER", "DRAW_JS", "page_with_log", "inline_script_hashes"]

VIEWER: Path = Path(__file__).resolve().parent / "pages" / "viewer.html"
"""The viewer's HTML file inside the installed package."""
DRAW_JS: Path = VIEWER.parent / "draw.js"
"""The drawing functions (boards, pieces, seats) shared by the viewer and the play pages."""


def inline_script_hashes(page: str) -> list[str]:
    """The CSP sources (``'sha256-...'``) of the inline scripts of ``page``: each page's
    Content-Security-Policy runs only these, so markup that reached the page runs nothing."""
    bodies = re.findall(r"<script>(.*?)</script>", page, re.S)
    digests = [hashlib.sha256(bytes(body, "utf-8")).digest() for body in bodies]
    return [f"'sha256-{base64.b64encode(d).decode()}'" for d in digests]


def page_with_log(log: Path) -> str:
    """The viewer as one page with draw.js and the log (base64) inside it."""
    page = VIEWER.read_text(encoding="utf-8")
    draw = "\n" + DRAW_JS.read_text(encoding="utf-8") + "\n"
    page = page.replace('<script src="draw.js"></script>', "<script>" + draw + "</script>", 1)
    page = page.replace("script-src 'self'", "script-src 'self' " + inline_script_hashes(f"<script>{draw}</script>")[0], 1)
    data = base64.b64encode(log.read_bytes()).decode()
    embedded = (f'<script id="meeple-embedded-log" type="application/octet-stream" '
                f'data-name="{html.escape(log.name)}">{data}</script>')
    return page.replace("<!--MEEPLE-EMBEDDED-LOG-->", embedded, 1)
