"""Throughput of the value-net evaluator and of net-guided search (docs/net-agents.md).

Leaves a second: feature rows of Catan positions (from games played by random moves)
through meeple.net.ValueNet, onnxruntime against NumPy, at several batch sizes; then
search iterations a second of mcts-net against playout mcts on the same positions.

    python benchmarks/net_evaluator.py --model /work/wt/models/catan_value
    python benchmarks/net_evaluator.py --random-model 256,256   # weights drawn at random
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import tempfile
import time

import numpy as np

import meeple
from meeple.agents import make_agent
from meeple.net import ValueNet
from meeple.net.testing import random_weights, write_model


def positions(game: meeple.Game, n: int, seed: int) -> list[meeple.State]:
    """States after a random number of random moves (setups, mid-games)."""
    rng = np.random.default_rng(seed)
    agent = meeple.agents.Agent("random", game, seed=seed)
    out = []
    while len(out) < n:
        state = game.new_state(int(rng.integers(1 << 30)))
        for _ in range(int(rng.integers(0, 400))):
            if state.is_terminal:
                break
            state.apply(agent.act(state))
        if not state.is_terminal and len(state.legal_actions()) > 1:  # a decision to search
            out.append(state)
    return out


def rate(fn, rows: int, seconds: float = 1.0) -> float:
    fn()  # warm up
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        done += rows
    return done / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=None, help="NAME of NAME.onnx/NAME.npz (default: the shipped model)")
    ap.add_argument("--random-model", default=None, metavar="H1,H2,...",
                    help="write a model with these hidden widths and random weights instead")
    ap.add_argument("--game", default="catan")
    ap.add_argument("--iterations", type=int, default=400, help="search iterations for the search figures")
    ap.add_argument("--positions", type=int, default=8)
    args = ap.parse_args()
    game = meeple.Game(args.game)
    model = args.model
    if args.random_model:
        hidden = tuple(int(h) for h in args.random_model.split(","))
        model = str(write_model(pathlib_tmp() / "random", random_weights(game, hidden, seed=1), game))
    states = positions(game, max(args.positions, 64), seed=1)
    print(f"{platform.processor() or platform.machine()}, {platform.python_version()}, numpy {np.__version__}, "
          f"onnxruntime {'yes' if importlib.util.find_spec('onnxruntime') else 'no'}")
    backends = ["numpy"] + (["onnx"] if importlib.util.find_spec("onnxruntime") else [])
    for backend in backends:
        net = ValueNet(model, game, backend=backend)
        x_all = np.stack([s.features(s.active_players[0]) for s in states])
        line = []
        for batch in (1, 8, 64, 512):
            x = np.ascontiguousarray(np.resize(x_all, (batch, x_all.shape[1])))
            line.append(f"batch {batch}: {rate(lambda x=x: net.forward(x), batch):,.0f}")
        print(f"{backend:>6} leaves/s  " + "  ".join(line) + f"   ({net.path.name})")
    for spec in (f"mcts(iterations={args.iterations})",
                 *(f"mcts-net(model={model},backend={b},iterations={args.iterations})" for b in backends)):
        start = time.perf_counter()
        for i, s in enumerate(states[:args.positions]):
            make_agent(spec.replace("model=None,", ""), game, seed=i).act(s.clone())
        dt = time.perf_counter() - start
        print(f"{spec.replace('model=None,', '')}: {args.positions * args.iterations / dt:,.0f} iterations/s "
              f"({1000 * dt / args.positions:.0f} ms a move)")


def pathlib_tmp():
    import pathlib
    return pathlib.Path(tempfile.mkdtemp(prefix="meeple-net-"))


if __name__ == "__main__":
    main()
