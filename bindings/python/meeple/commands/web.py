"""``meeple web DIR``: writes the static site (the viewer and the play pages, with the
library compiled to WebAssembly inside) into DIR: open DIR/index.html from disk or
serve DIR from any static host. See ``meeple.play.site`` and docs/wasm.md."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..play.site import find_wasm_build, write_site
from .args import UsageError


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "web", help="write the static site: viewer and play pages running in the browser",
        description="Writes into DIR a static site that runs meeple in the browser with no server: "
                    "index.html, the game-log viewer, and pages to play Catan, the triangle puzzle, "
                    "tic-tac-toe and heads-up Hold'em against agents that think in a Web Worker. "
                    "Open DIR/index.html from disk, or serve DIR from any static host. Needs the "
                    "WebAssembly build (tools/build_wasm.sh in a checkout).")
    p.add_argument("folder", metavar="DIR", help="the folder to write (made if missing)")
    p.add_argument("--force", action="store_true", help="write into DIR even if it holds files other than a site")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    out = Path(args.folder)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} is a file, not a folder; name a folder for the site")
    if out.is_dir() and not args.force and any(out.iterdir()) and not (out / "transport.js").is_file():
        raise UsageError(f"{out} holds other files; name an empty folder (or a site written before), or pass --force")
    try:
        build = find_wasm_build()
    except FileNotFoundError as e:
        raise UsageError(str(e)) from None
    try:
        written = write_site(out, build)
    except OSError as e:
        raise UsageError(f"cannot write the site into {out}: {e.strerror}") from None
    size = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files ({size / 1e6:.1f} MB) into {out}")
    print(f"open {(out / 'index.html').resolve()} in a browser, or serve {out} from any static host")
    return 0
