"""``meeple view``: opens the game-log viewer (a single HTML file of the package)."""

from __future__ import annotations

import argparse
import tempfile
import webbrowser
from pathlib import Path
from urllib.parse import quote

from ..records.viewer import VIEWER, page_with_log
from .args import UsageError, check_output


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "view", help="open the game-log viewer in a browser",
        description="Prints the path of the viewer (one HTML file, no network) and opens it in a "
                    "browser. Open or drop a game log (.jsonl.gz from 'meeple demo' or 'meeple "
                    "convert') into it. With LOG, writes a copy of the viewer with the log inside "
                    "(a browser cannot be handed a local file) and opens that.")
    p.add_argument("log", nargs="?", metavar="LOG", help="a game log to open")
    p.add_argument("--no-browser", action="store_true", help="only print the paths")
    p.add_argument("-o", "--output", metavar="PAGE.html",
                   help="where to write the viewer with LOG inside (default: a file in the temporary folder)")
    p.set_defaults(run=run, prog=p.prog)


def _check_log(log: Path) -> None:
    """A LOG that is not a file: say what it is, and for a folder, which logs it holds."""
    if log.is_dir():
        logs = sorted(p.name for p in log.glob("*.jsonl*"))
        held = (f"it holds {len(logs)} log{'s' if len(logs) != 1 else ''}, as {log / logs[0]}" if logs
                else "it holds no .jsonl or .jsonl.gz log")
        raise UsageError(f"{log} is a folder, not a game log; give one log file ({held})")
    if not log.is_file():
        raise UsageError(f"{log}: no such file")


def run(args: argparse.Namespace) -> int:
    viewer = VIEWER
    if not viewer.is_file():
        raise UsageError(f"the viewer is missing from the package ({viewer}); reinstall meeple")
    log = Path(args.log) if args.log else None
    if log is not None:
        _check_log(log)
    print(f"viewer: {viewer}")
    page = viewer
    if log is not None:
        page = Path(args.output) if args.output else Path(tempfile.gettempdir()) / f"meeple-view-{log.name}.html"
        check_output("-o", page, [log])
        try:
            page.write_text(page_with_log(log), encoding="utf-8")
        except OSError as e:
            raise UsageError(f"cannot write {page}: {e.strerror}") from None
        print(f"page with {log}: {page}")
    elif args.output:
        raise UsageError("--output needs a LOG to put inside the page")
    if not args.no_browser:
        url = "file://" + quote(str(page.resolve()))
        if not webbrowser.open(url):
            print(f"no browser could be started; open {url} yourself")
    return 0
