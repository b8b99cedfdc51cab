"""Rows a second of meeple.net.datagen.generate_rows (docs/benchmarks.md, Data generation).

    PYTHONPATH=build/test/stage/python python benchmarks/datagen_rows.py --games 8 --playouts 16 --threads 1

Prints one line a thread count: rows, playouts (rows * K), seconds, rows/s, playouts/s.
"""

from __future__ import annotations

import argparse
import time

from meeple.net import datagen


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="catan")
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--playouts", type=int, default=16)
    p.add_argument("--samples", type=int, default=4)
    p.add_argument("--siblings", type=int, default=4)
    p.add_argument("--threads", type=int, nargs="+", default=[1])
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    opts = datagen.DatagenOptions(playouts=args.playouts, samples_per_game=args.samples, siblings=args.siblings)
    for threads in args.threads:
        start = time.perf_counter()
        _, labels, _ = datagen.generate_rows(args.game, games=args.games, seed=args.seed, threads=threads,
                                             options=opts)
        seconds = time.perf_counter() - start
        rows = len(labels)
        print(f"{args.game} games={args.games} K={args.playouts} samples={args.samples} siblings={args.siblings} "
              f"threads={threads}: {rows} rows, {rows * args.playouts} playouts in {seconds:.2f} s: "
              f"{rows / seconds:.1f} rows/s, {rows * args.playouts / seconds:.0f} playouts/s")


if __name__ == "__main__":
    main()
