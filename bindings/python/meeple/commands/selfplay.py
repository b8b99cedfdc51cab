"""``meeple selfplay``: an AlphaZero-style self-play run for any game (docs/selfplay.md).

    meeple selfplay tictactoe --config examples/selfplay/tictactoe.toml --out runs/ttt
    meeple selfplay tictactoe --config examples/selfplay/tictactoe.toml --out runs/ttt --ray
    meeple selfplay tictactoe --config ... --out runs/ttt        # again: resumes where it stopped
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import sys

from .args import game_spec, int_range


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("selfplay", help="AlphaZero-style self-play: actors, learner, gate (resumable; --ray)")
    p.add_argument("game", type=game_spec, help="game spec, e.g. tictactoe, triangle or 'catan(players=2)'")
    p.add_argument("--config", required=True, metavar="FILE",
                   help="configuration, .toml or .json (examples/selfplay/ has one a game)")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the run's folder: replay shards, checkpoints, plots, run.json; an existing run resumes")
    p.add_argument("--generations", type=int_range(1, 100_000), default=None,
                   help="generations to reach (default: the configuration's)")
    p.add_argument("--actors", type=int_range(0, 1024), default=None,
                   help="self-play actors, 0: one per core (default: the configuration's)")
    p.add_argument("--ray", action="store_true", help="run the roles as Ray actors (a local Ray cluster)")
    p.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="run the roles on the Ray cluster at ADDRESS (e.g. auto or ray://host:10001)")
    p.add_argument("--no-plots", action="store_true", help="no progress.png beside the checkpoints")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    from ..selfplay import ConfigError, load_config

    prog = args.prog
    try:
        config = load_config(args.config)
    except ConfigError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    if args.generations is not None:
        config = dataclasses.replace(config, generations=args.generations)
    if args.actors is not None:
        config = dataclasses.replace(config, selfplay=dataclasses.replace(config.selfplay, actors=args.actors))
    missing = [name for name in ("torch",) if importlib.util.find_spec(name) is None]
    if (args.ray or args.ray_address) and importlib.util.find_spec("ray") is None:
        missing.append("ray")
    if missing:
        extras = "selfplay,ray" if "ray" in missing else "selfplay"
        print(f"{prog}: error: {' and '.join(missing)} not installed; pip install \"meeple[{extras}]\"",
              file=sys.stderr)
        return 2
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        print(f"{prog}: error: --out {args.out}: not a folder (a file is there); give a folder to make or "
              "resume", file=sys.stderr)
        return 2
    from ..selfplay.learner import CheckpointError
    from ..selfplay.loop import RunError
    from ..selfplay.replay import ShardError
    from ..selfplay.loop import run as run_loop

    def log(line: str) -> None:
        print(line, flush=True)

    try:
        state = run_loop(args.game.spec, config, args.out, ray=args.ray, ray_address=args.ray_address, log=log,
                         plots=not args.no_plots)
    except ConfigError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    except (RunError, CheckpointError, ShardError) as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # a folder that cannot be made (a file on its path, no permission)
        print(f"{prog}: error: --out {args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{prog}: stopped; finished generations and shards are kept in {args.out}: run the same command "
              "to resume", file=sys.stderr)
        return 130
    print(f"done: {state['generation']} generations, best net {state['best']}: {args.out}")
    return 0
