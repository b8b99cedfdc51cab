"""meeple's VectorEnv and raw Batch beside the vectorised environments of PufferLib and
EnvPool that install here, steps a second on one core, taking turns in one process
(docs/benchmarks.md, issue 35). None of them has one of meeple's games, so the rows
are a class figure, not the same game:

- meeple tic-tac-toe against the C++ heuristic opponent, 1,024 games, one thread:
  the raw Batch loop of benchmarks/vector_env_overhead.py and VectorEnv;
- PufferLib 2.0.2's Connect Four (``ocean/connect4``: C, its own one-ply opponent,
  autoreset on the step after a game ends, no action masks), driven through its Cython
  class ``CyConnect4`` straight (the 2.0.2 wheel ships the compiled module without the
  Python wrapper ``connect4.py``, so ``pufferlib.ocean`` does not import);
- EnvPool's CartPole-v1 (C++, ``num_threads=1``, synchronous: ``batch_size ==
  num_envs``), Gymnasium API.

Every side plays the first legal action (CartPole: always action 0). Run in a scratch
virtual environment that has envpool and pufferlib (pufferlib's own dependencies pin
NumPy 1.x, so install pufferlib there with ``--no-deps``):

    python -m venv /tmp/peers && /tmp/peers/bin/pip install envpool gymnasium
    /tmp/peers/bin/pip install --no-deps pufferlib==2.0.2
    PYTHONPATH=build/test/stage/python nice -n 10 /tmp/peers/bin/python benchmarks/vector_env_peers.py
"""

from __future__ import annotations

import argparse
import datetime
import importlib.machinery
import importlib.util
import os
import pathlib
import platform
import statistics
import sys
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from vector_env_overhead import chunk, raw_loop, vector_loop  # noqa: E402

Step = Callable[[Any], Any]


def pufferlib_connect4(n: int) -> tuple[Step, Any]:
    """PufferLib's Connect Four C environments through the compiled Cython class."""
    spec = importlib.util.find_spec("pufferlib")
    if spec is None or spec.origin is None:
        raise ImportError("pufferlib is not installed")
    folder = pathlib.Path(spec.origin).parent / "ocean" / "connect4"
    path = next(folder.glob("cy_connect4*.so"))
    loader = importlib.machinery.ExtensionFileLoader("cy_connect4", str(path))
    module = importlib.util.module_from_spec(importlib.util.spec_from_file_location("cy_connect4", path, loader=loader))
    loader.exec_module(module)
    obs = np.zeros((n, 42), dtype=np.float32)  # column c, row r (0 at the bottom) at c * 6 + r
    actions = np.zeros(n, dtype=np.int32)
    rewards = np.zeros(n, dtype=np.float32)
    dones = np.zeros(n, dtype=np.uint8)
    envs = module.CyConnect4(obs, actions, rewards, dones, n, 672, 576, 96, 96)  # the sizes only draw
    envs.reset()
    top = obs.reshape(n, 7, 6)[:, :, 5]

    def step(_: Any, keep: Any = envs) -> Any:
        actions[:] = np.argmax(top == 0, axis=1)  # the first column with room
        keep.step()
        return obs

    return step, obs


def envpool_cartpole(n: int) -> tuple[Step, Any]:
    import envpool

    env = envpool.make("CartPole-v1", env_type="gymnasium", num_envs=n, batch_size=n, num_threads=1, seed=0)
    obs, _ = env.reset()
    actions = np.zeros(n, dtype=np.int32)

    def step(_: Any) -> Any:
        return env.step(actions)[0]

    return step, obs


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--envs", type=int, default=1024)
    p.add_argument("--seconds", type=float, default=0.5, help="time of one side's chunk")
    p.add_argument("--rounds", type=int, default=6)
    args = p.parse_args()
    n = args.envs
    sides: dict[str, tuple[Step, Any]] = {
        "meeple raw Batch, tic-tac-toe vs heuristic": raw_loop("tictactoe", n, "heuristic"),
        "meeple VectorEnv, tic-tac-toe vs heuristic": vector_loop("tictactoe", n, "heuristic"),
    }
    versions = []
    for name, make in (("PufferLib 2.0.2 CyConnect4, Connect Four vs its opponent", pufferlib_connect4),
                       ("EnvPool CartPole-v1, 1 thread", envpool_cartpole)):
        try:
            sides[name] = make(n)
        except Exception as exc:  # report what did not load and measure the rest
            print(f"{name}: not measured ({type(exc).__name__}: {exc})")
    for module in ("pufferlib", "envpool", "gymnasium"):
        try:
            versions.append(f"{module} {importlib.import_module(module).__version__}")
        except Exception:
            pass
    print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; Python {platform.python_version()}, "
          f"NumPy {np.__version__}, {', '.join(versions)}; {n} environments, {args.rounds} rounds")
    states = {name: [obs] for name, (_, obs) in sides.items()}
    steps = {}
    for name, (step, _) in sides.items():
        chunk(step, states[name], 5)
        steps[name] = max(5, int(args.seconds / (chunk(step, states[name], 20) / 20)))
    rates: dict[str, list[float]] = {name: [] for name in sides}
    names = list(sides)
    for r in range(args.rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            rates[name].append(steps[name] * n / chunk(sides[name][0], states[name], steps[name]))
    first = names[0]
    for name in names:  # each round's rate over the raw meeple loop's in the same round: steadier than either
        ratios = [a / b for a, b in zip(rates[name], rates[first])]
        print(f"{name:<58} {statistics.median(rates[name]):>12,.0f} steps/s (range {min(rates[name]):,.0f} - "
              f"{max(rates[name]):,.0f}); x{statistics.median(ratios):.2f} the raw meeple loop "
              f"(x{min(ratios):.2f} - x{max(ratios):.2f})")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
