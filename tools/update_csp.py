#!/usr/bin/env python3
"""Writes the script hashes of each page's Content-Security-Policy: run it after editing
an inline script of the viewer or the play pages (tests/python/test_viewer_security.py
fails until the hashes match). Usage: python tools/update_csp.py"""

from __future__ import annotations

import base64
import hashlib
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent / "bindings" / "python" / "meeple"
PAGES = [ROOT / "records" / "pages" / "viewer.html", ROOT / "play" / "pages" / "play-catan.html",
         ROOT / "play" / "pages" / "play-triangle.html", ROOT / "play" / "pages" / "play-table.html"]


def hashes(page: str) -> str:
    return "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
                    for body in re.findall(r"<script>(.*?)</script>", page, re.S))


for path in PAGES:
    text = path.read_text(encoding="utf-8")
    new = re.sub(r"script-src 'self'[^;]*;", f"script-src 'self'{hashes(text)};", text, count=1)
    if new != text:
        path.write_text(new, encoding="utf-8")
        print(f"updated {path}")
