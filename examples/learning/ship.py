"""Trains a game's shipped self-play model and measures it: runs (or resumes) the
self-play loop with this folder's configuration, copies the run's best model to
``bindings/python/meeple/models/GAME_net.{onnx,npz}`` and writes ``GAME_net.json``
beside it (the data, options, generations, the command and the measured strength).

    python examples/learning/ship.py tictactoe          # about 3 minutes of CPU
    python examples/learning/ship.py triangle
    python examples/learning/ship.py triangle --measure-only --games 100
    python examples/learning/ship.py triangle --measure-only --net-options external_depth=1,priors=uniform \
        --probe 1600 --strength-json runs/hybrid.json   # another net search, the model's json untouched

Strength is measured at fixed iteration counts (the machine is shared: time budgets
drift with its load), with the time a move each agent took, so equal time can be read
off: tic-tac-toe against a perfect player from both seats; the triangle puzzle's mean
score, with a 95% interval, against ``mcts(iterations=2000)`` on the same deals, the
net's iterations calibrated once to that search's time a move (``calibrate_triangle``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import pathlib
import shutil
import sys
import time

import numpy as np

import meeple
from meeple import selfplay

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
MODELS = REPO / "bindings" / "python" / "meeple" / "models"
sys.path.insert(0, str(HERE))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def timed(game: str, agents: list, games: int, seed: int, **kw) -> tuple[object, float]:
    t = time.process_time()
    r = meeple.arena.tournament(game, agents, games, seed=seed, keep_moves=False, **kw)
    return r, time.process_time() - t


def measure_tictactoe(model: pathlib.Path, games: int, iterations: int) -> dict:
    from perfect import PerfectTicTacToe

    out: dict = {"opponent": "perfect (negamax, random among optimal moves)", "iterations": iterations}
    net = f"mcts-net(model={model},iterations={iterations})"
    agent = meeple.agents.make_agent(net, "tictactoe", seed=7)
    for seat in (0, 1):
        seats = [agent, PerfectTicTacToe()] if seat == 0 else [PerfectTicTacToe(), agent]
        r, cpu = timed("tictactoe", seats, games, seed=100 + seat, duplicate=False)
        ret = r.games.returns[:, seat]
        losses = int((ret < 0).sum())
        lo, hi = wilson(losses, games)
        out[f"as_seat_{seat}"] = {"games": games, "wins": int((ret > 0).sum()), "draws": int((ret == 0).sum()),
                                  "losses": losses, "loss_rate_95": [lo, hi], "cpu_seconds": cpu}
    return out


NET_SEARCH = "batch=32,priors=uniform"  # 32 leaves a net call; uniform priors (the visit policies are flat)


def _scores(spec: str, games: int, seed: int) -> dict:
    r, cpu = timed("triangle", [spec], games, seed=seed, duplicate=False)
    return _summary(spec, r.games.returns[:, 0].astype(np.float64), cpu, float(np.sum(r.games.moves)))


def _interleaved(specs: list[str], games: int, seed: int, slice_games: int) -> list[dict]:
    """Each agent's scores on the same ``games`` deals, played in slices of
    ``slice_games`` deals taken in turn (agent 1's slice, agent 2's, ..., then the next
    slice), so that a shared machine's load, which changes over minutes, weighs on every
    agent's CPU time alike."""
    scores: list[list[float]] = [[] for _ in specs]
    cpu, moves = [0.0] * len(specs), [0.0] * len(specs)
    for first in range(0, games, slice_games):
        n = min(slice_games, games - first)
        for i, spec in enumerate(specs):
            r, c = timed("triangle", [spec], n, seed=seed, duplicate=False, first_game=first)
            scores[i] += r.games.returns[:, 0].astype(np.float64).tolist()
            cpu[i] += c
            moves[i] += float(np.sum(r.games.moves))
    return [_summary(spec, np.asarray(scores[i]), cpu[i], moves[i]) for i, spec in enumerate(specs)]


def _summary(spec: str, s: np.ndarray, cpu: float, moves: float) -> dict:
    half = 1.96 * s.std(ddof=1) / math.sqrt(len(s))
    return {"agent": spec, "mean": float(s.mean()), "interval_95": [float(s.mean() - half), float(s.mean() + half)],
            "cpu_seconds": cpu, "moves": moves, "ms_per_move": 1000 * cpu / moves, "_scores": s}


def _paired(a: np.ndarray, b: np.ndarray) -> dict:
    """The mean of a - b over the same deals with its 95% t interval (normal quantile
    past 30 deals)."""
    d = a - b
    half = (1.96 if len(d) > 30 else 2.1) * d.std(ddof=1) / math.sqrt(len(d))
    return {"mean": float(d.mean()), "interval_95": [float(d.mean() - half), float(d.mean() + half)]}


def calibrate_triangle(model: pathlib.Path, deals: int = 10, probe: int = 320, net_search: str = NET_SEARCH) -> dict:
    """Iterations of mcts-net that take the time a move of mcts(iterations=2000) does:
    both play the same ``deals`` (seed 299) in this process, the net at ``probe``
    iterations; the count is scaled by the ratio of their CPU times a move, in steps of
    32 (one net call)."""
    net = _scores(f"mcts-net(model={model},iterations={probe},{net_search})", deals, 299)
    ref = _scores("mcts(iterations=2000)", deals, 299)
    net.pop("_scores"), ref.pop("_scores")
    iterations = max(32, int(probe * ref["ms_per_move"] / net["ms_per_move"]) // 32 * 32)
    return {"deals": deals, "seed": 299, "probe_iterations": probe, "net_search": net_search,
            "net_ms_per_move": net["ms_per_move"],
            "mcts2000_ms_per_move": ref["ms_per_move"], "iterations": iterations}


def measure_triangle(model: pathlib.Path, games: int, iterations: int | None, net_search: str = NET_SEARCH,
                     probe: int = 320, also: tuple[str, ...] = (), interleave: int = 0) -> dict:
    """The net's, mcts(iterations=2000)'s and the heuristic's mean scores on ``games``
    deals (seed 300), then those of the ``also`` agents (``also_1``, ...), each with its
    difference from mcts(iterations=2000) on the same deals (``minus_mcts2000``; the
    ``also`` agents' from the net's too, ``minus_net``). ``interleave`` > 0: the agents
    play slices of that many deals in turn (:func:`_interleaved`)."""
    out: dict = {"deals": games, "seed": 300}
    if iterations is None:
        out["calibration"] = calibrate_triangle(model, probe=probe, net_search=net_search)
        iterations = out["calibration"]["iterations"]
    named = [("net", f"mcts-net(model={model},iterations={iterations},{net_search})"),
             ("mcts2000", "mcts(iterations=2000)"), ("heuristic", "heuristic")]
    named += [(f"also_{i + 1}", spec.replace("MODEL", str(model)).replace("ITERATIONS", str(iterations)))
              for i, spec in enumerate(also)]
    if interleave > 0:
        out["interleaved_slices"] = interleave
        for (name, _), result in zip(named, _interleaved([spec for _, spec in named], games, 300, interleave)):
            out[name] = result
    else:
        for name, spec in named:
            out[name] = _scores(spec, games, 300)
    reference, net = out["mcts2000"]["_scores"], out["net"]["_scores"]
    for name, _ in named:
        scores = out[name].pop("_scores")
        if name != "mcts2000":
            out[name]["minus_mcts2000"] = _paired(scores, reference)
        if name.startswith("also_"):
            out[name]["minus_net"] = _paired(scores, net)
    return out


def positions(root: pathlib.Path) -> int:
    """Every position the run's shards hold, counted from the shards themselves."""
    from meeple.selfplay.replay import ReplayStore

    store = ReplayStore(str(root))
    total = 0
    for name in sorted(os.listdir(store.dir)):
        if name.endswith(".npz"):
            g, c = int(name[4:10]), int(name[17:23])
            total += int(store.read(g, c, counts=True)["positions"])
    return total


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=["tictactoe", "triangle"])
    p.add_argument("--out", default=None, help="run folder (default runs/learning-GAME)")
    p.add_argument("--games", type=int, default=None, help="games of the measurement")
    p.add_argument("--iterations", type=int, default=None,
                   help="search iterations of mcts-net a move (triangle default: calibrated to mcts(2000)'s time)")
    p.add_argument("--generations", type=int, default=None, help="stop (or resume) at this many generations")
    p.add_argument("--measure-only", action="store_true", help="measure the shipped model, train nothing")
    p.add_argument("--net-options", default=NET_SEARCH,
                   help=f"triangle: the options of the measured mcts-net besides model and iterations (default {NET_SEARCH})")
    p.add_argument("--probe", type=int, default=320, help="triangle: the iterations the calibration starts from")
    p.add_argument("--also", action="append", default=[],
                   help="triangle: another agent to measure on the same deals (MODEL stands for the model's path, "
                        "ITERATIONS for the net's iterations)")
    p.add_argument("--interleave", type=int, default=0,
                   help="triangle: play the agents in turn, slices of this many deals (load drift weighs alike)")
    p.add_argument("--strength-json", default=None,
                   help="write the measured strength to this file instead of the model's json")
    a = p.parse_args()
    config_path = HERE / f"{a.game}.toml"
    root = pathlib.Path(a.out or f"runs/learning-{a.game}")
    target = MODELS / f"{a.game}_net"
    meta_path = target.with_suffix(".json")
    meta = json.loads(meta_path.read_text()) if a.measure_only and meta_path.exists() else {}
    if not a.measure_only:
        config = selfplay.load_config(str(config_path))
        if a.generations:
            config = dataclasses.replace(config, generations=a.generations)
        t = time.perf_counter()
        c = time.process_time()
        state = selfplay.run(a.game, config, str(root))
        for suffix in (".onnx", ".npz"):
            shutil.copyfile(root / "models" / f"best{suffix}", target.with_suffix(suffix))
        h = state["history"]
        meta = {
            "game": state["game"], "best_net": state["best"], "generations": len(h),
            "data": {"games": sum(x["games"] for x in h), "positions": positions(root),
                     "replay_generations": config.train.replay_generations},
            "options": config.to_dict(),
            "command": f"python examples/learning/ship.py {a.game}" + (f" --generations {a.generations}" if
                                                                          a.generations else "")
            + f"   # config: examples/learning/{a.game}.toml",
            "loop_seconds": sum(x["seconds"] for x in h),
            "this_call": {"wall_seconds": time.perf_counter() - t, "cpu_seconds": time.process_time() - c},
            "gates": [x["gate"]["decision"] for x in h], "evaluations": state["evaluations"],
            "versions": {"meeple": getattr(meeple, "__version__", "?"), "python": sys.version.split()[0]},
        }
    if a.game == "tictactoe":
        meta["strength"] = measure_tictactoe(target.with_suffix(".onnx"), a.games or 500, a.iterations or 64)
    else:
        meta["strength"] = measure_triangle(target.with_suffix(".onnx"), a.games or 100, a.iterations,
                                            a.net_options, a.probe, tuple(a.also), a.interleave)
    # the model's path as the package holds it, not this checkout's
    written = pathlib.Path(a.strength_json) if a.strength_json else meta_path
    content = meta["strength"] if a.strength_json else meta
    written.write_text(json.dumps(content, indent=1).replace(str(MODELS.parent.parent) + os.sep, "") + "\n")
    print(json.dumps(meta["strength"], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
