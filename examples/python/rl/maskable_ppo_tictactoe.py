"""sb3-contrib's MaskablePPO on meeple.envs.GymEnv: tic-tac-toe as X against a random O.

The environment hands MaskablePPO the legal actions through ``action_masks()``, so the
policy never plays an illegal move; the opponent moves inside each step (a C++ agent,
``"random"``). It prints the win, draw and loss rates before and after training, a
learning curve, and saves the curve as a picture (matplotlib).

    pip install "meeple[train]"
    python examples/python/rl/maskable_ppo_tictactoe.py            # under a minute of CPU time
    python examples/python/rl/maskable_ppo_tictactoe.py --smoke    # a few hundred steps
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from meeple.envs import GymEnv


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--total-steps", type=int, default=60_000)
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--opponent", default="random", help="agent spec of O: random, heuristic, mcts(iterations=50)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--eval-games", type=int, default=1000)
    p.add_argument("--n-steps", type=int, default=256, help="steps an environment per rollout")
    p.add_argument("--plot", default="maskable_ppo_tictactoe.png")
    p.add_argument("--smoke", action="store_true", help="a few hundred steps: checks that it runs")
    args = p.parse_args(argv)
    if args.smoke:
        args.total_steps, args.num_envs, args.eval_games = 256, 2, 20
        args.n_steps = 64
    return args


def play(model, opponent: str, games: int, seed: int) -> tuple[float, float, float]:
    """Win, draw and loss rates of `model` (None: uniformly random moves) as X."""
    env = GymEnv("tictactoe", seat=0, opponents=opponent)
    rng = np.random.default_rng(seed)
    results = []
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        while True:
            if model is None:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                results.append(info["returns"][0])
                break
    r = np.array(results)
    return float((r > 0).mean()), float((r == 0).mean()), float((r < 0).mean())


class Curve(BaseCallback):
    """Mean return of the training games, every rollout."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[int, float]] = []
        self.returns: list[float] = []

    def _on_step(self) -> bool:
        for info, done in zip(self.locals["infos"], self.locals["dones"]):
            if done:
                self.returns.append(float(info["episode_return"]))
        return True

    def _on_rollout_end(self) -> None:
        if self.returns:
            self.points.append((self.num_timesteps, float(np.mean(self.returns))))
            self.returns = []


def main(argv: list[str] | None = None) -> dict[str, float]:
    args = parse_args(argv)
    torch.set_num_threads(1)  # faster than 2 for this small network, and on a busy machine
    before = play(None, args.opponent, args.eval_games, seed=10_000)
    print(f"random X against {args.opponent} O: win {before[0]:.1%}, draw {before[1]:.1%}, loss {before[2]:.1%}")

    def make(i: int):
        def thunk():
            env = GymEnv("tictactoe", seat=0, opponents=args.opponent)
            env.reset(seed=args.seed * 1000 + i)
            return env
        return thunk

    venv = DummyVecEnv([make(i) for i in range(args.num_envs)])
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=args.n_steps, batch_size=min(256, args.n_steps * args.num_envs),
                        learning_rate=1e-3, gamma=0.99, ent_coef=0.01, seed=args.seed, verbose=0)
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=args.total_steps, callback=curve)
    seconds = time.perf_counter() - start
    print(f"{'steps':>8} {'mean return':>12}")
    for k, (steps, value) in enumerate(curve.points):
        if k % max(1, len(curve.points) // 10) == 0 or k == len(curve.points) - 1:
            print(f"{steps:>8} {value:>12.3f}")
    after = play(model, args.opponent, args.eval_games, seed=10_000)
    print(f"MaskablePPO X against {args.opponent} O: win {after[0]:.1%}, draw {after[1]:.1%}, loss {after[2]:.1%} "
          f"(training took {seconds:.0f} s)")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    if curve.points:
        xs, ys = zip(*curve.points)
        ax.plot(xs, ys, label="MaskablePPO (training games)")
    ax.axhline(before[0] - before[2], color="grey", linestyle="--", label="random play")
    ax.set_xlabel("environment steps")
    ax.set_ylabel("mean return (win 1, draw 0, loss -1)")
    ax.set_title(f"tic-tac-toe as X against {args.opponent}: MaskablePPO over GymEnv")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"learning curve saved to {args.plot}")
    return {"win_before": before[0], "win_after": after[0], "loss_after": after[2], "seconds": seconds}


if __name__ == "__main__":
    main()
