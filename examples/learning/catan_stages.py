"""Times each stage of the Catan learning loop on this machine, scaled down, so that a
recipe's budget can be read off (docs/selfplay.md, "Catan: a recipe"): seconds a game
a position of the expert search (generation 0) and of the net's search (later
generations), a thousand training steps and a move of a gate game, with the
configuration of ``catan.toml`` but ``--games`` games a stage, each cut at ``--moves``
decisions, and how many moves a game of four heuristic seats has. One process, one core.

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
    p.add_argument("--moves", type=int, default=150, help="decisions a game is cut at (the unit is a position)")
    p.add_argument("--json", default=None)
    a = p.parse_args()
    config = selfplay.load_config(str(HERE / "catan.toml"))
    config = dataclasses.replace(config, selfplay=dataclasses.replace(config.selfplay, games_per_chunk=a.games,
                                                                      max_moves=a.moves),
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
                         "seconds_a_position": cpu / len(data["obs"])}
            print(name, out[name], flush=True)
        learner = Learner(game.spec, config, root)
        learner.start(0)
        t = time.process_time()
        learner.train(0)
        cpu = time.process_time() - t
        out["train"] = {"steps": a.steps, "batch_size": config.train.batch_size, "cpu_seconds": cpu,
                        "seconds_a_1000_steps": 1000 * cpu / a.steps, "threads": config.train.threads}
        print("train", out["train"], flush=True)
        agent = NetAgent(game, config, weights_of(net), "net", config.gate.iterations, config.gate.opening_moves)
        t = time.process_time()
        r = arena.tournament(game, [agent, agent], a.games, seed=1, keep_moves=False, max_moves=a.moves)
        cpu = time.process_time() - t
        out["gate"] = {"games": a.games, "cpu_seconds": cpu, "seconds_a_move": cpu / float(r.games.moves.sum())}
    # how long a game is: decisions of four heuristic seats (no time to play the searches' to the end here)
    r = arena.tournament(game, ["heuristic"] * 4, 50, seed=2, duplicate=False, keep_moves=False)
    out["heuristic_game_moves"] = {"games": 50, "mean": float(r.games.moves.mean()),
                                   "truncated": int(r.games.truncated.sum())}
    print(json.dumps(out, indent=1))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
