"""``meeple datagen``: labelled states for value networks, as sharded .npz files.

    meeple datagen catan --games 200 --playouts 16 --out data/ --seed 1
    meeple datagen catan --games 200 --playouts 16 --out data/ --seed 1   # resumes, skips finished shards
    meeple datagen catan --games 200 --playouts 16 --out data/ --seed 1 --ray   # shards as Ray tasks: same files
"""

from __future__ import annotations

import argparse
import sys

from ..net import datagen as datagen_module
from .args import UsageError, float_range, game_spec, int_range, seed

_probability = float_range("probability", 0.0, 1.0)


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("datagen", help="labelled states for value networks (sharded .npz, resumable)")
    p.add_argument("game", type=game_spec, help="game spec with feature vectors, e.g. catan or 'catan(players=3)'")
    p.add_argument("--games", type=int_range(1, 2**40), required=True, help="games to sample states from")
    p.add_argument("--playouts", type=int_range(1, 100000), default=16,
                   help="playouts labelling each state (default: 16)")
    p.add_argument("--out", required=True, help="directory for the shards and manifest.json")
    p.add_argument("--seed", type=seed, default=0, help="seed of the whole run (default: 0)")
    p.add_argument("--samples", type=int_range(1, 10000), default=4,
                   help="decisions sampled a game (default: 4)")
    p.add_argument("--siblings", type=int_range(1, 1024), default=4,
                   help="moves labelled a decision, the played one included (default: 4)")
    p.add_argument("--heuristic-share", type=_probability, default=0.5,
                   help="chance that a seat plays the heuristic, else random (default: 0.5)")
    p.add_argument("--random-move", type=_probability, default=0.1,
                   help="chance that a heuristic seat plays a random move (default: 0.1)")
    p.add_argument("--variant", choices=("seat", "omniscient"), default="seat",
                   help="feature variant (default: seat)")
    p.add_argument("--all-viewers", action="store_true", help="a row per seat for each state (default: the mover's)")
    p.add_argument("--max-moves", type=int_range(0), default=0,
                   help="a game or playout longer than this counts as truncated (default: 0, no cap)")
    p.add_argument("--shard-games", type=int_range(1, 2**40), default=64, help="games a shard (default: 64)")
    p.add_argument("--threads", type=int_range(0, 256), default=0, help="threads (default: 0, one per core)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--ray", action="store_true", help="generate the shards as Ray tasks on a local Ray cluster")
    p.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="generate the shards as Ray tasks on the cluster at ADDRESS (e.g. auto)")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    options = datagen_module.DatagenOptions(
        playouts=args.playouts, samples_per_game=args.samples, siblings=args.siblings,
        heuristic_share=args.heuristic_share, random_move=args.random_move, variant=args.variant,
        all_viewers=args.all_viewers, max_moves=args.max_moves)
    try:
        manifest = datagen_module.generate(
            args.game, args.out, games=args.games, seed=args.seed, shard_games=args.shard_games,
            threads=args.threads, options=options, progress=not args.no_progress and sys.stderr.isatty(),
            ray=args.ray_address or args.ray)
    except ValueError as e:
        raise UsageError(str(e)) from None
    print(f"{manifest['rows']:,} rows from {args.games:,} games in {len(manifest['shards'])} shards: {args.out}")
    return 0
