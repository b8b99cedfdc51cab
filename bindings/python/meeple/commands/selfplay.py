"""``meeple selfplay``: an AlphaZero-style self-play run for any game (docs/selfplay.md).

    meeple selfplay tictactoe --out runs/ttt                  # the packaged tictactoe.toml
    meeple selfplay tictactoe --out runs/ttt --ray
    meeple selfplay tictactoe --out runs/ttt                  # again: resumes where it stopped
    meeple selfplay tictactoe --config my.toml --out runs/ttt # your own configuration
    meeple selfplay --list-configs                            # the packaged ones
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import sys

from .args import UsageError, game_spec, int_range


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("selfplay", help="AlphaZero-style self-play: actors, learner, gate (resumable; --ray)")
    p.add_argument("game", type=game_spec, nargs="?", help="game spec, e.g. tictactoe, triangle or 'catan(players=2)'")
    p.add_argument("--config", metavar="FILE",
                   help="configuration, .toml or .json (default: the one the package ships for the game, "
                        "see --list-configs; the built-in defaults for a game without one)")
    p.add_argument("--list-configs", action="store_true",
                   help="list the packaged configurations (one a game) with their paths, and exit")
    p.add_argument("--out", metavar="DIR",
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


def _first_comment(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return ""


def run(args: argparse.Namespace) -> int:
    from ..selfplay import ConfigError, load_config
    from ..selfplay.config import default_config_path, packaged_configs

    prog = args.prog
    if args.list_configs:
        for name, file in packaged_configs().items():
            print(f"{name}: {file}\n    {_first_comment(file)}")
        return 0
    if args.game is None or args.out is None:
        needed = " and ".join(n for n, v in (("GAME", args.game), ("--out DIR", args.out)) if v is None)
        raise UsageError(f"give {needed}, as in 'meeple selfplay tictactoe --out runs/tictactoe' "
                         "(or --list-configs)")
    path: str | None = args.config if args.config is not None else default_config_path(args.game.name)
    if args.config is None:
        print(f"configuration: {path or 'the built-in defaults (no packaged one for ' + args.game.name + ')'}",
              flush=True)
    try:
        config = load_config(path)
    except ConfigError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    if args.generations is not None:
        config = dataclasses.replace(config, generations=args.generations)
    if args.actors is not None:
        config = dataclasses.replace(config, selfplay=dataclasses.replace(config.selfplay, actors=args.actors))
    # The arguments first, the extras after: a wrong --out is wrong with or without torch.
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        print(f"{prog}: error: --out {args.out}: not a folder (a file is there); give a folder to make or "
              "resume", file=sys.stderr)
        return 2
    missing = [name for name in ("torch",) if importlib.util.find_spec(name) is None]
    if (args.ray or args.ray_address) and importlib.util.find_spec("ray") is None:
        missing.append("ray")
    if missing:
        extras = "selfplay,ray" if "ray" in missing else "selfplay"
        print(f"{prog}: error: {' and '.join(missing)} not installed; pip install \"meeple[{extras}]\"",
              file=sys.stderr)
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
    print(f"play it: mcts-net(model={os.path.join(args.out, 'models', 'best.npz')},iterations=64)")
    return 0
