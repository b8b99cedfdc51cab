"""Self-play speed: positions a second of the self-play actors, by game and number of
actors, with the example configurations' search settings and a fresh net.

    python examples/selfplay/throughput.py --actors 1 2 --chunks 4 --out docs/selfplay-scaling.png
    python examples/selfplay/throughput.py --ray --actors 1 2      # the same on a local Ray cluster

Each actor first plays one untimed chunk (process start, imports); then ``--chunks``
chunks an actor are timed, from handing out the work to the last positions back.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import tempfile
import time

from meeple import selfplay
from meeple.selfplay.executor import LocalExecutor, RayExecutor
from meeple.selfplay.actor import SelfPlayActor
from meeple.selfplay.net import weights_of


def measure(game: str, actors: int, chunks: int, ray: bool) -> dict:
    config = selfplay.load_config(selfplay.config.default_config_path(game))  # the packaged one
    sp = dataclasses.replace(config.selfplay, actors=actors)
    config = dataclasses.replace(config, selfplay=sp)
    weights = weights_of(SelfPlayActor(game, config).net)
    with tempfile.TemporaryDirectory() as root:
        cls = RayExecutor if ray else LocalExecutor
        ex = cls(game, config, root, actors, print)
        try:
            list(ex.play(weights, 0, 0, list(range(actors))))  # warm-up: one chunk an actor
            load = os.getloadavg()[0]
            started = time.perf_counter()
            positions = games = 0
            for data in ex.play(weights, 0, 1, list(range(actors * chunks))):
                positions += len(data["obs"])
                games += data["games"]
            seconds = time.perf_counter() - started
        finally:
            ex.close()
    return {"game": game, "actors": actors, "executor": "ray" if ray else "local", "positions": positions,
            "games": games, "seconds": seconds, "positions_per_second": positions / seconds, "load_before": load,
            "iterations": config.selfplay.iterations, "games_per_chunk": config.selfplay.games_per_chunk}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", nargs="+", default=["tictactoe", "triangle", "catan"])
    p.add_argument("--actors", nargs="+", type=int, default=[1, 2])
    p.add_argument("--chunks", type=int, default=2, help="timed chunks an actor")
    p.add_argument("--ray", action="store_true")
    p.add_argument("--json", default=None, help="append the results to this JSON file")
    p.add_argument("--out", default=None, help="a PNG chart of positions/s against actors")
    p.add_argument("--chart-from", default=None, metavar="JSON",
                   help="no measuring: chart the best of the repetitions in a --json file (local executor)")
    args = p.parse_args()
    if args.chart_from:
        rows = json.load(open(args.chart_from))
        best: dict = {}
        for r in rows:
            key = (r["game"], r["executor"], r["actors"])
            if r["executor"] == "local" and (key not in best or r["positions_per_second"] > best[key]["positions_per_second"]):
                best[key] = r
        games = list(dict.fromkeys(r["game"] for r in rows))
        actors = sorted({k[2] for k in best})
        chart([best[k] for k in sorted(best, key=lambda k: (games.index(k[0]), k[2]))], games, actors, args.out)
        return
    results = []
    if args.ray:
        import ray
        ray.init(num_cpus=max(args.actors), include_dashboard=False, log_to_driver=False)
    for game in args.games:
        for actors in args.actors:
            r = measure(game, actors, args.chunks, args.ray)
            results.append(r)
            print(f"{game:10s} {r['executor']:5s} {actors} actor(s): {r['positions']:6,} positions in "
                  f"{r['seconds']:6.1f} s = {r['positions_per_second']:8,.0f} positions/s (load {r['load_before']:.1f})",
                  flush=True)
    if args.json:
        old = json.load(open(args.json)) if os.path.exists(args.json) else []
        json.dump(old + results, open(args.json, "w"), indent=1)
    if args.out:
        chart(results, args.games, args.actors, args.out)


def chart(results: list, games: list, actors: list, out: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 3.6))
    for game in games:
        rows = [r for r in results if r["game"] == game]
        base = rows[0]["positions_per_second"]
        ax.plot([r["actors"] for r in rows], [r["positions_per_second"] / base for r in rows], marker="o",
                label=f"{game} ({base:,.0f}/s at {rows[0]['actors']})")
    ax.plot(actors, [a / actors[0] for a in actors], ls="--", color="grey", label="linear")
    ax.set_xlabel("self-play actors")
    ax.set_ylabel("positions/s, relative to 1 actor")
    ax.set_xticks(actors)
    ax.legend(fontsize=8)
    ax.set_title("self-play scaling with actors (2 shared cores)")
    fig.tight_layout()
    fig.savefig(out, dpi=90)


if __name__ == "__main__":
    main()
