"""The static site of ``meeple web``: the viewer and the play pages running the library
compiled to WebAssembly in the browser, with no server (``docs/wasm.md``).

The play pages are meeple play's own files (``pages/play-*.html`` and their scripts);
only ``transport.js`` differs: here it starts a Web Worker that answers the pages'
routes with ``web/sessions.js``. A page opened from disk (``file://``) may neither
start a worker from a file nor fetch a ``.wasm`` in Chromium, so the worker's whole
script (the emscripten glue, the binding made a classic script, the ``.wasm`` as
base64, the sessions) travels inside ``transport.js`` and the worker is made from a
Blob of it. The same site works from any static host.

The WebAssembly build ships in the package as ``play/wasm/`` (``tools/build_wasm.sh``
copies it there); in a checkout without that copy it is read from ``build/wasm/`` and
``bindings/js/``.
"""

from __future__ import annotations

import base64
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..records.viewer import DRAW_JS, VIEWER

__all__ = ["WasmBuild", "find_wasm_build", "classic_module", "worker_source", "write_site", "HOW_TO_BUILD"]

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
WEB = HERE / "web"
PLAY_PAGES = ("catan", "triangle", "table")
HOW_TO_BUILD = ("build it in a meeple checkout with tools/build_wasm.sh (Debian's emscripten: apt-get install "
                "emscripten node-acorn), which also copies it into the package (bindings/python/meeple/play/wasm/); "
                "then reinstall meeple, or set MEEPLE_REPO_ROOT to the checkout")


@dataclass(frozen=True)
class WasmBuild:
    """Where the four files of the WebAssembly build are: the .wasm, the emscripten glue
    (an ES module) and the binding's two ES modules."""

    wasm: Path
    glue: Path
    binding: Path
    errors: Path


def _candidates() -> list[tuple[Path, Path]]:
    """(folder of meeple.wasm and its glue, folder of the binding), most preferred first."""
    out = [(HERE / "wasm", HERE / "wasm" / "js")]
    roots = [Path(os.environ["MEEPLE_REPO_ROOT"])] if os.environ.get("MEEPLE_REPO_ROOT") else []
    roots += [p for p in HERE.parents if (p / "tools" / "build_wasm.sh").is_file()][:1]
    out += [(root / "build" / "wasm", root / "bindings" / "js") for root in roots]
    return out


def find_wasm_build() -> WasmBuild:
    """The WebAssembly build this installation can use; ``FileNotFoundError`` saying
    where it looked and how to build it when there is none."""
    looked = []
    for build, js in _candidates():
        found = WasmBuild(build / "meeple.wasm", build / "meeple.mjs", js / "meeple.mjs", js / "errors.mjs")
        if all(p.is_file() for p in (found.wasm, found.glue, found.binding, found.errors)):
            return found
        looked.append(str(build))
    raise FileNotFoundError(f"the WebAssembly build of meeple is not here (looked in {', '.join(looked)}); "
                            + HOW_TO_BUILD)


_EXPORTED = re.compile(r"^export (?:async function|function|const|let|class) (\w+)", re.M)


def classic_module(text: str, local_imports: tuple[str, ...] = ("./errors.mjs",)) -> tuple[str, list[str]]:
    """An ES module of the binding as classic-script code, and the names it exported:
    imports of ``local_imports`` (put beside it by the caller) and re-exports dropped,
    ``export`` taken off declarations, ``import.meta.url`` the script's own address.
    Raises ``ValueError`` on module syntax it does not know (the worker would fail)."""
    names = _EXPORTED.findall(text)
    lines = []
    for line in text.splitlines():
        if re.match(r'^import .* from "([^"]+)";$', line) or re.match(r'^export \* from "([^"]+)";$', line):
            source = re.search(r'"([^"]+)"', line).group(1)  # type: ignore[union-attr]
            if source not in local_imports:
                raise ValueError(f"the binding imports {source}, which the worker's script does not hold")
            continue
        lines.append(re.sub(r"^export (?=async function|function|const|let|class)", "", line))
    out = "\n".join(lines).replace("import.meta.url", "self.location.href")
    if re.search(r"^\s*(import|export)\b", out, re.M):
        raise ValueError("the binding has import or export statements this converter does not know")
    return out, names


def _classic_glue(text: str) -> str:
    """Emscripten's ES module glue as a classic script defining ``createMeeple``."""
    if text.count("export default createMeeple;") != 1:
        raise ValueError("the emscripten glue does not end with 'export default createMeeple;'; rebuild it with "
                         "tools/build_wasm.sh")
    return text.replace("export default createMeeple;", "").replace("import.meta.url", "self.location.href")


def _site_data() -> dict[str, object]:
    """Constant data the pages' info routes give (the triangle's shape templates)."""
    from ..per_game import triangle
    return {"triangle": {"templates": [list(map(list, t)) for t in triangle.TEMPLATES],
                         "rows": triangle.ROWS, "cols": triangle.COLS}}


def worker_source(build: WasmBuild) -> str:
    """The static site's whole worker script (see the module's docstring)."""
    errors, errors_names = classic_module(build.errors.read_text(encoding="utf-8"), ())
    binding, names = classic_module(build.binding.read_text(encoding="utf-8"))
    exported = sorted(set(names) | set(errors_names))
    wasm = base64.b64encode(build.wasm.read_bytes()).decode("ascii")
    parts = [
        _classic_glue(build.glue.read_text(encoding="utf-8")),
        "const MeepleJS = (() => {\n\"use strict\";\n" + errors + "\n" + binding
        + "\nreturn { " + ", ".join(exported) + " };\n})();",
        f'const MEEPLE_WASM_BASE64 = "{wasm}";',
        "const MEEPLE_SITE = " + json.dumps(_site_data(), separators=(",", ":")) + ";",
        (WEB / "sessions.js").read_text(encoding="utf-8"),
        (WEB / "worker.js").read_text(encoding="utf-8"),
    ]
    return "\n;\n".join(parts)


def _static_policy(page: str) -> str:
    """A play page's policy for the static site: no server to connect to, a worker from
    a Blob, and WebAssembly compiled in it."""
    out = page.replace("connect-src 'self'", "connect-src 'none'; worker-src blob:", 1)
    out = out.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1)
    if out.count("worker-src blob:") != 1 or "'wasm-unsafe-eval'" not in out:
        raise ValueError("a play page's Content-Security-Policy is not the one this site writer knows")
    return out


def write_site(folder: str | os.PathLike[str], build: WasmBuild | None = None) -> list[Path]:
    """Writes the static site into ``folder`` (made if missing) and returns the files
    written: index.html, viewer.html, the play pages and their scripts, and under lib/
    the WebAssembly build and the binding for pages of one's own."""
    build = build or find_wasm_build()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    (out / "lib" / "wasm").mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {
        "index.html": (WEB / "index.html").read_bytes(),
        "viewer.html": VIEWER.read_bytes(),
        "draw.js": DRAW_JS.read_bytes(),
        "play-page.js": (PAGES / "play-page.js").read_bytes(),
        "transport.js": bytes("const MEEPLE_WORKER_SOURCE = " + json.dumps(worker_source(build)) + ";\n"
                              + (WEB / "transport.js").read_text(encoding="utf-8"), "utf-8"),
        "lib/wasm/meeple.wasm": build.wasm.read_bytes(),
        "lib/wasm/meeple.mjs": build.glue.read_bytes(),
        "lib/meeple.mjs": build.binding.read_bytes(),
        "lib/errors.mjs": build.errors.read_bytes(),
    }
    for name in PLAY_PAGES:
        page = (PAGES / f"play-{name}.html").read_text(encoding="utf-8")
        files[f"play-{name}.html"] = bytes(_static_policy(page), "utf-8")
        files[f"play-{name}.js"] = (PAGES / f"play-{name}.js").read_bytes()
    written = []
    for rel, data in files.items():
        path = out / rel
        path.write_bytes(data)
        written.append(path)
    return written
