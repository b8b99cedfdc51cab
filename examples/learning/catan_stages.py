"""Times each stage of the Catan learning loop on this machine, scaled down, so that a
recipe's budget can be read off (docs/selfplay.md, "Catan: a recipe"): seconds a game
of the expert search (generation 0), a game of the net's search (later generations), a
thousand training steps, a gate game and a measurement game, with the configuration of
``catan.toml`` but ``--games`` games a stage. Single process, one core each stage.

    python examples/learning/catan_stages.py --games 2 --json stages.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import tempfile
import time

import meeple
from meeple import arena, selfplay
from meeple.selfplay.actor import make_net, play_chunk
from meeple.selfplay.gate import NetAgent
from meeple.selfplay.learner import Learner
from meeple.selfplay.net import weights_of
from meeple.selfplay.replay import ReplayStore
from meeple.selfplay.config import data_fingerprint

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--json", default=None)
    a = p.parse_args()
    config = selfplay.load_config(str(HERE / "catan.toml"))
    config = dataclasses.replace(config, selfplay=dataclasses.replace(config.selfplay, games_per_chunk=a.games),
                                 train=dataclasses.replace(config.train, steps=a.steps))
    game = meeple.Game("catan")
    out: dict = {"config": str(HERE / "catan.toml"), "games": a.games}
    net = make_net(game, config)
    net.eval()
    with tempfile.TemporaryDirectory() as root:
        store = ReplayStore(root, data_fingerprint(game.spec, config))
        for generation, name in ((0, "expert"), (1, "net_search")):
            t = time.process_time()
            data = play_chunk(game, net, config, generation, 0)
            cpu = time.process_time() - t
            store.write(data)
            out[name] = {"games": a.games, "positions": int(len(data["obs"])), "cpu_seconds": cpu,
                         "seconds_a_game": cpu / a.games, "positions_a_game": len(data["obs"]) / a.games}
        learner = Learner(game.spec, config, root)
        learner.start(0)
        t = time.process_time()
        learner.train(1)
        cpu = time.process_time() - t
        out["train"] = {"steps": a.steps, "batch_size": config.train.batch_size, "cpu_seconds": cpu,
                        "seconds_a_1000_steps": 1000 * cpu / a.steps, "threads": config.train.threads}
        agent = NetAgent(game, config, weights_of(net), "net", config.gate.iterations, config.gate.opening_moves)
        t = time.process_time()
        r = arena.tournament(game, [agent, agent], a.games, seed=1, keep_moves=False)
        cpu = time.process_time() - t
        out["gate"] = {"games": a.games, "cpu_seconds": cpu, "seconds_a_game": cpu / a.games,
                       "moves_a_game": float(r.games.moves.mean())}
    print(json.dumps(out, indent=1))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
