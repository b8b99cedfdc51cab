"""VectorEnv's cost over the raw meeple.Batch it wraps, for every registered game, on one
thread: the two loops of benchmarks/envs_vs_gymnasium.py (the first legal action of each
game; observations, dense masks and rewards read every step), taking turns `--repeats`
times so that both meet the same load, best of each kept.

    PYTHONPATH=build/test/stage/python python benchmarks/vector_env_overhead.py [--envs 256] [--seconds 2]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import platform
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import meeple  # noqa: E402
from envs_vs_gymnasium import raw_batch, vector_env  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=2.0, help="time of one measurement")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--games", nargs="*", default=None, help="specs (default: every registered game)")
    args = p.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load "
          f"{os.getloadavg()[0]:.1f}; Python {platform.python_version()}; {args.envs} games, one thread")
    print(f"{'game':<12} {'raw Batch steps/s':>18} {'VectorEnv steps/s':>18} {'VectorEnv cost':>15}")
    for spec in args.games or meeple.games():
        raw, vec = [], []
        for _ in range(args.repeats):
            raw.append(raw_batch(spec, args.envs, args.seconds))
            vec.append(vector_env(spec, args.envs, args.seconds))
        print(f"{spec:<12} {max(raw):>18,.0f} {max(vec):>18,.0f} {max(raw) / max(vec) - 1:>+14.1%}")


if __name__ == "__main__":
    main()
