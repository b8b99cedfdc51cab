"""``meeple convert``: event-log files (``*.evlog``) to game logs for the viewer."""

from __future__ import annotations

import argparse
from pathlib import Path

from .args import UsageError, check_output, int_range


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "convert", help="turn an event log (.evlog) into a game log for 'meeple view'",
        description="Replays the games of an event-log file through the engine, checking every step "
                    "against the log, and writes them as a game log (gzipped JSON Lines) that "
                    "'meeple view' opens. With --list, lists the games instead.")
    p.add_argument("evlog", metavar="RUN.evlog", help="the event-log file")
    p.add_argument("-o", "--output", metavar="OUT.jsonl.gz", help="the game log to write")
    p.add_argument("--list", action="store_true", help="list the recorded games and write nothing")
    p.add_argument("--finished", action="store_true", help="only games that ended (the default unless "
                   "--slot/--game pick one)")
    p.add_argument("--slot", type=int_range(0), metavar="S", help="only games of batch slot S")
    p.add_argument("--game", type=int_range(0), metavar="G", help="only the slot's game number G (with --slot)")
    p.add_argument("--force", action="store_true",
                   help="read a file written by another library version (its games may not replay)")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    from ..records.events import EventLogError, read_event_log
    from ..errors import VersionMismatchError
    from ..records.gamelog import convert_event_log

    path = Path(args.evlog)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    if args.output and not args.list:
        check_output("-o", args.output, [path])
    try:
        log = read_event_log(path, force=args.force)
    except (EventLogError, VersionMismatchError) as e:
        raise UsageError(str(e)) from None
    if log.cut_at is not None:
        print(f"note: {path} is cut at byte {log.cut_at} (a run that stopped while writing); "
              f"reading the {len(log.rows)} rows before it")
    if log.lost:
        print(f"note: the batch dropped {log.lost} rows (its event queue was full); games missing rows are skipped")
    if args.list:
        print(f"{path}: {log.spec}, {len(log.rows)} rows, {len(log.games())} games")
        for g in log.games():
            reason = g.replayable_reason()
            status = "finished" if g.finished else "unfinished"
            note = f"  (not replayable: {reason})" if reason else ""
            print(f"  slot {g.slot} game {g.game}: seed {g.seed}, {len(g.actions)} actions, {status}{note}")
        return 0
    if not args.output:
        raise UsageError("give the game log to write with -o OUT.jsonl.gz (or --list to list the games)")
    if args.game is not None and args.slot is None:
        raise UsageError("--game G names a slot's game number; give --slot S too")
    finished = args.finished or (args.slot is None and args.game is None)
    try:
        written = convert_event_log(log, args.output, finished=finished, slot=args.slot, game=args.game)
    except (ValueError, KeyError) as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write -o {args.output}: {e.strerror or e}") from None
    print(f"wrote {written} game(s) to {args.output}; view them with: meeple view {args.output}")
    return 0
