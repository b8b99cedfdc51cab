"""meeple.envs.VectorEnv against Gymnasium's SyncVectorEnv and AsyncVectorEnv over
meeple.envs.GymEnv, and against the raw meeple.Batch it wraps, side by side in one
process (docs/benchmarks.md#rl-environments).

Every contender plays the same policy, the first legal action of each game
(``argmax`` of the action mask, computed the same way for all), and reads what a
training loop reads after each step: observations, action masks and rewards. The raw
batch loop does exactly that with ``step_autoreset(observations=...)``,
``dense_masks(out=...)`` and ``rewards(out=...)`` into arrays made once; the adapter's
cost is what VectorEnv adds on top (the legality check of the actions, the
termination and truncation arrays, final observations and infos of ended games).

    PYTHONPATH=build/test/stage/python python benchmarks/envs_vs_gymnasium.py
    PYTHONPATH=build/test/stage/python python benchmarks/envs_vs_gymnasium.py --envs 1024 --async-envs 16
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import gymnasium as gym
import numpy as np

import meeple
from meeple.envs import GymEnv, VectorEnv


def rate(step, first_obs, seconds: float, n: int) -> float:
    """Environment steps a second (games x steps) of `step(obs) -> obs`."""
    obs = first_obs
    for _ in range(3):  # warm up
        obs = step(obs)
    steps, start = 0, time.perf_counter()
    while True:
        for _ in range(10):
            obs = step(obs)
        steps += 10
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps * n / elapsed


def first_legal(obs) -> np.ndarray:
    return np.argmax(obs["action_mask"], axis=1)


def raw_batch(spec: str, n: int, seconds: float) -> float:
    game = meeple.Game(spec)
    batch = meeple.Batch.seeded(game, np.arange(n, dtype=np.uint64), threads=1)
    obs = np.zeros((n, game.obs_size), dtype=np.float32)
    mask = np.zeros((n, game.num_actions), dtype=np.int8)
    rewards = np.zeros((n, game.num_players), dtype=np.float32)
    dones = np.zeros(n, dtype=np.bool_)
    batch.observations(out=obs)
    batch.dense_masks(out=mask.view(np.bool_))
    arrays = {"observation": obs, "action_mask": mask}

    def step(o):
        batch.step_autoreset(first_legal(o), dones, observations=obs)
        batch.dense_masks(out=mask.view(np.bool_))
        batch.rewards(out=rewards)
        return arrays

    return rate(step, arrays, seconds, n)


def vector_env(spec: str, n: int, seconds: float, opponents=None) -> float:
    env = VectorEnv(spec, num_envs=n, opponents=opponents, threads=1)
    obs, _ = env.reset(seed=0)
    return rate(lambda o: env.step(first_legal(o))[0], obs, seconds, n)


def gymnasium_vector(kind: str, spec: str, n: int, seconds: float, opponents=None) -> float:
    fns = [lambda: GymEnv(spec, opponents=opponents) for _ in range(n)]
    env = gym.vector.SyncVectorEnv(fns) if kind == "sync" else gym.vector.AsyncVectorEnv(fns)
    try:
        obs, _ = env.reset(seed=0)
        return rate(lambda o: env.step(first_legal(o))[0], obs, seconds, n)
    finally:
        env.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--envs", type=int, default=1024)
    p.add_argument("--async-envs", type=int, default=16, help="AsyncVectorEnv starts one process a game")
    p.add_argument("--seconds", type=float, default=3.0, help="time a measurement")
    p.add_argument("--repeats", type=int, default=3, help="raw batch and VectorEnv alternate, best of each")
    args = p.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load "
          f"{os.getloadavg()[0]:.1f}; Python {platform.python_version()}, gymnasium {gym.__version__}")

    for spec, opponents in (("triangle", None), ("tictactoe", "heuristic")):
        n = args.envs
        print(f"\n{spec}" + (f" against {opponents}" if opponents else "") + f", {n} games, steps/s:")
        raw, vec = [], []
        if opponents is None:  # the raw batch has no opponents to play
            for _ in range(args.repeats):
                raw.append(raw_batch(spec, n, args.seconds))
                vec.append(vector_env(spec, n, args.seconds))
            print(f"  raw meeple.Batch      {max(raw):>12,.0f}")
            print(f"  VectorEnv             {max(vec):>12,.0f}   adapter cost {max(raw) / max(vec) - 1:+.1%} "
                  f"over the raw batch")
        else:
            vec = [vector_env(spec, n, args.seconds, opponents) for _ in range(args.repeats)]
            print(f"  VectorEnv             {max(vec):>12,.0f}")
        sync = gymnasium_vector("sync", spec, n, args.seconds, opponents)
        print(f"  SyncVectorEnv(GymEnv) {sync:>12,.0f}   VectorEnv is x{max(vec) / sync:.0f}")
        k = args.async_envs
        small_vec = vector_env(spec, k, args.seconds, opponents)
        small_async = gymnasium_vector("async", spec, k, args.seconds, opponents)
        print(f"  at {k} games: VectorEnv {small_vec:,.0f}, AsyncVectorEnv(GymEnv) {small_async:,.0f}: "
              f"VectorEnv is x{small_vec / small_async:.0f}")


if __name__ == "__main__":
    main()
