"""Masked PPO on the triangle puzzle, in one file, over meeple.envs.VectorEnv.

A CleanRL-style proximal policy optimisation loop (clipped surrogate, GAE, value loss,
entropy bonus) whose policy only ever samples legal actions: the logits of illegal
actions are set to a large negative number before the softmax, using the
``action_mask`` the environment returns with each observation. It trains on the CPU
with PyTorch, prints a learning curve and the score against uniformly random play, and
saves the curve as a picture (matplotlib).

    pip install "meeple[train]"
    python examples/python/rl/ppo_triangle.py                 # about 2.5 minutes of CPU time
    python examples/python/rl/ppo_triangle.py --smoke         # a few hundred steps

docs/envs.md gives the figures measured with it.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from meeple.envs import VectorEnv


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--total-steps", type=int, default=600_000, help="environment steps in all (all games)")
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--num-steps", type=int, default=64, help="steps a game per rollout")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=1, help="torch and batch threads (1 is fastest for this small network)")
    p.add_argument("--eval-episodes", type=int, default=512)
    p.add_argument("--plot", default="ppo_triangle.png", help="where to save the learning curve")
    p.add_argument("--smoke", action="store_true", help="a few hundred steps: checks that it runs")
    args = p.parse_args(argv)
    if args.smoke:
        args.total_steps, args.num_envs, args.num_steps, args.eval_episodes = 512, 8, 32, 16
    return args


class Policy(nn.Module):
    def __init__(self, obs_size: int, num_actions: int) -> None:
        super().__init__()

        def layer(i: int, o: int, std: float = 2 ** 0.5) -> nn.Linear:
            lin = nn.Linear(i, o)
            nn.init.orthogonal_(lin.weight, std)
            nn.init.zeros_(lin.bias)
            return lin

        self.body = nn.Sequential(layer(obs_size, 256), nn.Tanh(), layer(256, 256), nn.Tanh())
        self.actor = layer(256, num_actions, 0.01)
        self.critic = layer(256, 1, 1.0)

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        return self.critic(self.body(obs)).squeeze(-1)

    def act(self, obs: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None):
        h = self.body(obs)
        logits = self.actor(h).masked_fill(~mask, -1e8)  # illegal actions get no probability
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(h).squeeze(-1)


def mean_return(env: VectorEnv, episodes: int, choose) -> float:
    """The mean return of a policy over the first game of each environment, in rounds
    of num_envs games with fixed seeds (so that short games are not over-counted and
    every policy meets the same games)."""
    n = env.num_envs
    returns: list[float] = []
    for r in range(-(-episodes // n)):
        obs, _ = env.reset(seed=1_000_000 + r * n)
        first = np.full(n, np.nan)
        while np.isnan(first).any():
            obs, _, _, _, infos = env.step(choose(obs))
            if "final_info" in infos:
                for i in np.flatnonzero(infos["_final_info"] & np.isnan(first)):
                    first[i] = infos["final_info"]["episode_return"][i]
        returns.extend(first.tolist())
    return float(np.mean(returns))


def main(argv: list[str] | None = None) -> dict[str, float]:
    args = parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    env = VectorEnv("triangle", num_envs=args.num_envs, threads=args.threads)
    n, steps = args.num_envs, args.num_steps
    obs_size, num_actions = env.single_observation_space["observation"].shape[0], env.single_action_space.n

    def random_choice(o):
        return np.argmax(rng.random(o["action_mask"].shape) * o["action_mask"], axis=1)

    random_score = mean_return(env, args.eval_episodes, random_choice)
    print(f"random play: mean return {random_score:.2f} over {args.eval_episodes} games")

    policy = Policy(obs_size, num_actions)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr, eps=1e-5)
    buf_obs = torch.zeros((steps, n, obs_size))
    buf_mask = torch.zeros((steps, n, num_actions), dtype=torch.bool)
    buf_act = torch.zeros((steps, n), dtype=torch.long)
    buf_logp = torch.zeros((steps, n))
    buf_rew = torch.zeros((steps, n))
    buf_done = torch.zeros((steps, n))
    buf_val = torch.zeros((steps, n))

    obs, _ = env.reset(seed=args.seed)
    next_obs = torch.from_numpy(obs["observation"].copy())
    next_mask = torch.from_numpy(obs["action_mask"].astype(bool))
    next_done = torch.zeros(n)
    updates = max(1, args.total_steps // (n * steps))
    curve: list[tuple[int, float]] = []
    recent: list[float] = []
    start = time.perf_counter()
    print(f"{'steps':>9} {'games':>7} {'mean return':>12} {'seconds':>8}")
    games = 0
    for update in range(updates):
        frac = 1.0 - update / updates
        optimizer.param_groups[0]["lr"] = frac * args.lr
        this_update: list[float] = []
        for t in range(steps):
            buf_obs[t], buf_mask[t], buf_done[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logp, _, value = policy.act(next_obs, next_mask)
            buf_act[t], buf_logp[t], buf_val[t] = action, logp, value
            obs, reward, terms, truncs, infos = env.step(action.numpy())
            buf_rew[t] = torch.from_numpy(np.asarray(reward, dtype=np.float32))
            next_obs = torch.from_numpy(obs["observation"].copy())
            next_mask = torch.from_numpy(obs["action_mask"].astype(bool))
            next_done = torch.from_numpy((terms | truncs).astype(np.float32))
            if "final_info" in infos:
                done = np.flatnonzero(infos["_final_info"])
                finished = infos["final_info"]["episode_return"][done].tolist()
                recent.extend(finished)
                this_update.extend(finished)
                games += done.size
        # Generalised advantage estimation; a finished game does not bootstrap.
        with torch.no_grad():
            next_value = policy.value(next_obs)
            adv = torch.zeros_like(buf_rew)
            last = torch.zeros(n)
            for t in reversed(range(steps)):
                nonterminal = 1.0 - (next_done if t == steps - 1 else buf_done[t + 1])
                following = next_value if t == steps - 1 else buf_val[t + 1]
                delta = buf_rew[t] + args.gamma * following * nonterminal - buf_val[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            ret = adv + buf_val
        b_obs, b_mask = buf_obs.reshape(-1, obs_size), buf_mask.reshape(-1, num_actions)
        b_act, b_logp, b_adv, b_ret = buf_act.reshape(-1), buf_logp.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = n * steps
        mb = size // args.minibatches
        for _ in range(args.epochs):
            order = torch.randperm(size)
            for k in range(0, size, mb):
                idx = order[k:k + mb]
                _, logp, entropy, value = policy.act(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((value - b_ret[idx]) ** 2).mean()
                loss = pg + args.vf_coef * v_loss - args.ent_coef * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                optimizer.step()
        done_steps = (update + 1) * size
        if this_update:
            curve.append((done_steps, float(np.mean(this_update))))
        if recent and (update + 1) % max(1, updates // 10) == 0 or update == updates - 1:
            score = float(np.mean(recent)) if recent else float("nan")
            print(f"{done_steps:>9} {games:>7} {score:>12.2f} {time.perf_counter() - start:>8.1f}")
            recent = []
    train_seconds = time.perf_counter() - start

    def policy_choice(o):
        with torch.no_grad():
            action, *_ = policy.act(torch.from_numpy(o["observation"].copy()),
                                    torch.from_numpy(o["action_mask"].astype(bool)))
        return action.numpy()

    ppo_score = mean_return(env, args.eval_episodes, policy_choice)
    print(f"trained policy: mean return {ppo_score:.2f} over {args.eval_episodes} games "
          f"(random play {random_score:.2f}: x{ppo_score / random_score:.1f}); training took {train_seconds:.0f} s")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    if curve:
        xs, ys = zip(*curve)
        ax.plot(xs, ys, label="masked PPO (training games)")
    ax.axhline(random_score, color="grey", linestyle="--", label="random play")
    ax.axhline(ppo_score, color="green", linestyle=":", label="trained policy (evaluation)")
    ax.set_xlabel("environment steps")
    ax.set_ylabel("mean episode return")
    ax.set_title("triangle puzzle: masked PPO over meeple.envs.VectorEnv")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"learning curve saved to {args.plot}")
    return {"random": random_score, "ppo": ppo_score, "seconds": train_seconds}


if __name__ == "__main__":
    main()
