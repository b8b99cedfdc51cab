"""``meeple play``: play in the browser against the engine, through a small local server
(``meeple.play``) on 127.0.0.1."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import webbrowser
from pathlib import Path

from .args import UsageError, int_range, seed


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "play", help="play a game in the browser (a local server on 127.0.0.1)",
        description="Starts a small server on 127.0.0.1 that serves a page to play on, prints its "
                    "URL and opens it in a browser. Every game played is written to a game log "
                    "('meeple view LOG' shows it). Ctrl-C stops the server.")
    p.add_argument("game", type=_playable,
                   help="the game to play: triangle (the triangle puzzle), catan (you against agents; "
                        "'catan(players=3)' for three seats), tictactoe or holdem (heads-up), against agents")
    p.add_argument("--seat", type=int_range(0, 3), default=0, help="catan, tictactoe, holdem: your seat, 0 to 3 (default: 0)")
    p.add_argument("--opponents", default="heuristic", metavar="AGENTS",
                   help="catan, tictactoe, holdem: the other seats' agents in seat order, separated by commas, or one for all "
                        "(default: heuristic); e.g. heuristic,mcts(iterations=200),random")
    p.add_argument("--seed", type=seed, default=0, help="seed of the first game, 0 to 2**64-1 (default: 0)")
    p.add_argument("--port", type=_port, default=0,
                   help="the port to listen on, 1024 to 65535 (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="only print the URL")
    p.add_argument("--log", metavar="LOG.jsonl.gz",
                   help="the game log to add the games to (default: a new meeple-play-GAME-TIME.jsonl.gz "
                        "in the temporary folder)")
    p.set_defaults(run=run, prog=p.prog)


def _playable(text: str) -> str:
    """triangle, catan (with options: catan(players=3)), tictactoe or holdem (heads-up;
    with options too): the games with a page."""
    name = text.split("(", 1)[0].strip()
    if name not in ("triangle", "catan", "tictactoe", "holdem") or (name == "triangle" and text.strip() != "triangle"):
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose triangle, catan, tictactoe or holdem; "
                                         "catan, tictactoe and holdem take options, as 'catan(players=3)')")
    return text.strip()


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1024 to 65535, or 0 for a free one)")
    if value != 0 and not 1024 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is out of range: use 1024 to 65535, or 0 for a free one")
    return value


def run(args: argparse.Namespace) -> int:
    from ..records.gamelog import GameLogWriter
    from ..errors import MeepleError
    from ..play import TABLE_GAMES, CatanSession, TableSession, TriangleSession, make_server, serve, split_agents

    opponents = split_agents(args.opponents)

    def make(log: GameLogWriter | None) -> TriangleSession | CatanSession:
        if args.game == "triangle":
            return TriangleSession(args.seed, log)
        try:
            if args.game.split("(")[0] in TABLE_GAMES:
                return TableSession(args.game, args.seat, opponents, args.seed, log)
            return CatanSession(args.seat, opponents, args.seed, log, spec=args.game)
        except (MeepleError, ValueError) as e:
            raise UsageError(f"--opponents/--seat: {e}") from None

    session = make(None)  # bad agents or seats are refused before any file is written
    log_path = Path(args.log) if args.log else (
        Path(tempfile.gettempdir()) / f"meeple-play-{args.game.split('(')[0]}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl.gz")
    try:
        server = make_server(session, args.port)
    except OSError as e:
        raise UsageError(f"cannot listen on 127.0.0.1:{args.port}: {e.strerror}") from None
    try:
        log = GameLogWriter(log_path, append=True)
    except OSError as e:
        server.server_close()
        raise UsageError(f"cannot write the game log {log_path}: {e.strerror}") from None
    try:
        session.log = log

        def ready(url: str) -> None:
            print(f"meeple play {args.game}: {url}")
            print(f"game log: {log_path} (Ctrl-C stops the server)")
            sys.stdout.flush()
            if not args.no_browser and not webbrowser.open(url):
                print(f"no browser could be started; open {url} yourself")

        serve(server, ready)
        print(f"stopped; {log.games_written} game(s) written to {log_path}")
    finally:
        log.close()
    return 0
