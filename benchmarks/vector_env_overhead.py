"""VectorEnv's cost over a hand-written loop over the raw meeple.Batch doing the same
work, for every registered game, on one thread (docs/benchmarks.md, issue 35).

Both sides play the first legal action of each game (``argmax`` of the mask) and read
what a training loop reads after each step: the learner seat's observations, the masks
and the rewards. In a game of one seat the raw loop is ``step_autoreset(observations=)``,
``dense_masks(out=)`` and ``rewards(out=)``. In a game of several seats VectorEnv plays
seat 0 and steps the other seats' moves (random C++ agents) inside each step, so the
raw loop does that too, with the same batch calls: ``step``, ``rewards``,
``meeple_batch_play_agents`` for the opponents, ``status``, ``reset`` of the ended games
and the opponents' moves in the new ones (again while a new game ended before seat 0's
first decision), then the seat's observations and the masks. What VectorEnv adds is its
own work: the legality check of the actions, terminations and truncations, episode
returns and lengths, and the final observations and infos of the games that ended.

The two sides are made once and take turns in the same process, a chunk of about
``--seconds`` each, ``--rounds`` times (the order flips every round), so that they meet
the same load; each round gives a ratio, and the ranges are printed.

    PYTHONPATH=build/test/stage/python nice -n 10 python benchmarks/vector_env_overhead.py --envs 1024 --rounds 8
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time
from typing import Callable

import numpy as np

import meeple
from meeple._ffi import check, ffi, lib
from meeple.envs import VectorEnv
from meeple.envs._seats import opponent_seed

Step = Callable[[dict], dict]


def first_legal(obs: dict) -> np.ndarray:
    return np.argmax(obs["action_mask"], axis=1)


def raw_loop(spec: str, n: int, opponents: str = "random") -> tuple[Step, dict]:
    """The raw batch loop of the docstring; returns its step and first observations."""
    game = meeple.Game(spec)
    batch = meeple.Batch(game, n, seed=0, threads=1)
    batch.reseed(seeds=np.arange(n, dtype=np.uint64))
    players = game.num_players
    obs = np.zeros((n, game.obs_size), dtype=np.float32)
    mask = np.zeros((n, game.num_actions), dtype=np.int8)
    mask_bool = mask.view(np.bool_)
    rewards = np.zeros((n, players), dtype=np.float32)
    dones = np.zeros(n, dtype=np.bool_)
    arrays = {"observation": obs, "action_mask": mask}
    if players == 1:
        batch.observations(out=obs)
        batch.dense_masks(out=mask_bool)

        def step(o: dict) -> dict:
            batch.step_autoreset(first_legal(o), dones, observations=obs)
            batch.dense_masks(out=mask_bool)
            batch.rewards(out=rewards)
            return arrays

        return step, arrays

    # Seeded as VectorEnv seeds its opponents after reset(seed=0): both sides play the same games.
    agents = [[meeple.Agent(opponents, game, seed=opponent_seed(i, s)) for s in range(1, players)] for i in range(n)]
    pointers = ffi.new("meeple_agent_t *[]", n * players)
    for i, row in enumerate(agents):
        for s, agent in enumerate(row, start=1):
            pointers[i * players + s] = agent._ptr
    more = np.zeros((n, players), dtype=np.float32)
    more_ptr = ffi.from_buffer("float[]", more)
    status = np.zeros((n, 5), dtype=np.int32)
    seats = np.zeros(n, dtype=np.int32)

    def play(keep=agents) -> None:  # keep: the agents live as long as the loop (the pointers are theirs)
        check(lib.meeple_batch_play_agents(batch._ptr, pointers, len(pointers), more_ptr, more.size))

    def restart_ended() -> None:
        while True:  # a new Hold'em hand can end before seat 0 acts
            batch.status(out=status)
            over = status[:, 0] != 0
            if not over.any():
                return
            batch.reset(over)
            play()

    play()
    restart_ended()
    batch.observations(out=obs, seats=seats)
    batch.dense_masks(out=mask_bool)

    def step(o: dict) -> dict:
        batch.step(first_legal(o), dones)
        batch.rewards(out=rewards)
        play()
        rewards[:] += more
        restart_ended()
        batch.observations(out=obs, seats=seats)
        batch.dense_masks(out=mask_bool)
        return arrays

    return step, arrays


def vector_loop(spec: str, n: int, opponents: str = "random") -> tuple[Step, dict]:
    env = VectorEnv(spec, num_envs=n, opponents=opponents if meeple.Game(spec).num_players > 1 else None,
                    threads=1)
    obs, _ = env.reset(seed=0)
    return (lambda o: env.step(first_legal(o))[0]), obs


def chunk(step: Step, state: list, steps: int) -> float:
    """Seconds for ``steps`` steps; ``state[0]`` carries the observations on."""
    obs = state[0]
    start = time.perf_counter()
    for _ in range(steps):
        obs = step(obs)
    elapsed = time.perf_counter() - start
    state[0] = obs
    return elapsed


def measure(spec: str, n: int, seconds: float, rounds: int) -> tuple[list[float], list[float]]:
    """Steps a second (games x steps) of each side, one entry a round."""
    sides = [raw_loop(spec, n), vector_loop(spec, n)]
    states = [[obs] for _, obs in sides]
    for (step, _), state in zip(sides, states):
        chunk(step, state, 5)  # warm up
    for key in ("observation", "action_mask"):  # the same games on both sides
        np.testing.assert_array_equal(states[0][0][key], states[1][0][key], err_msg=f"{spec}: {key} differ")
    # Calibrate the chunk on the raw side, so both run the same number of steps.
    steps = max(5, int(seconds / (chunk(sides[0][0], states[0], 20) / 20)))
    rates: list[list[float]] = [[], []]
    for r in range(rounds):
        for k in ((0, 1) if r % 2 == 0 else (1, 0)):
            rates[k].append(steps * n / chunk(sides[k][0], states[k], steps))
    return rates[0], rates[1]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--envs", type=int, default=1024)
    p.add_argument("--seconds", type=float, default=0.5, help="time of one side's chunk")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--games", nargs="*", default=None, help="specs (default: every registered game)")
    args = p.parse_args()
    print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; machine: "
          f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; "
          f"Python {platform.python_version()}, NumPy {np.__version__}; {args.envs} games, one thread, "
          f"{args.rounds} rounds")
    print(f"{'game':<10} {'raw Batch steps/s':>22} {'VectorEnv steps/s':>22} {'VectorEnv cost: median (range)':>32}")
    for spec in args.games or meeple.games():
        raw, vec = measure(spec, args.envs, args.seconds, args.rounds)
        costs = [a / b - 1 for a, b in zip(raw, vec)]
        print(f"{spec:<10} {min(raw):>10,.0f}-{max(raw):>10,.0f} {min(vec):>10,.0f}-{max(vec):>10,.0f} "
              f"{statistics.median(costs):>+10.1%} ({min(costs):+.1%} to {max(costs):+.1%})")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
