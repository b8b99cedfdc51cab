"""The game-log viewer: one HTML page of the package (``pages/viewer.html``) with its
drawing functions in ``pages/draw.js``, which the pages of ``meeple play`` load too.
The page reads a log that is opened or dropped into it, or one embedded in a copy of
the page (``page_with_log``: a browser cannot be handed a local file by name)."""

from __future__ import annotations

import base64
import html
from pathlib import Path

__all__ = ["VIEWER", "DRAW_JS", "page_with_log"]

VIEWER: Path = Path(__file__).resolve().parent / "pages" / "viewer.html"
"""The viewer's HTML file inside the installed package."""
DRAW_JS: Path = VIEWER.parent / "draw.js"
"""The drawing functions (boards, pieces, seats) shared by the viewer and the play pages."""


def page_with_log(log: Path) -> str:
    """The viewer as one page with draw.js and the log (base64) inside it."""
    page = VIEWER.read_text(encoding="utf-8")
    draw = DRAW_JS.read_text(encoding="utf-8")
    page = page.replace('<script src="draw.js"></script>', "<script>\n" + draw + "\n</script>", 1)
    data = base64.b64encode(log.read_bytes()).decode()
    embedded = (f'<script id="meeple-embedded-log" type="application/octet-stream" '
                f'data-name="{html.escape(log.name)}">{data}</script>')
    return page.replace("<!--MEEPLE-EMBEDDED-LOG-->", embedded, 1)
