"""Per-call cost of the calls a Python loop makes on every step, meeple beside fastcatan
2.0.0 (nanobind) and trianglengin 2.0.7 (pybind11), measured inside random play so that
every call meets the kind of position it meets in a real loop.

Each call is timed one at a time with time.perf_counter_ns around it, the timer's own
cost (measured the same way around nothing) is taken off, and the median over every
step of several seconds of games is reported in nanoseconds. "legal + apply" is the
median of the two calls' sum a step: meeple's apply lists the next legal actions and its
legal_actions() reads them, so the work of a step is split unlike fastcatan's. meeple runs in this
interpreter; fastcatan needs Python 3.12 and runs in the interpreter given with
--fastcatan-python (tests/install_peers.sh makes one), through this same script;
trianglengin is measured when this interpreter has it.

    PYTHONPATH=build/test/stage/python python benchmarks/python_calls.py \\
        --fastcatan-python ~/.cache/meeple-ci/fastcatan-py3.12/bin/python [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

Calls = dict[str, Callable[[Any], Any]]


def timer_cost(n: int = 200_000) -> float:
    pc = time.perf_counter_ns
    samples = []
    for _ in range(n):
        a = pc()
        samples.append(pc() - a)
    return statistics.median(samples)


def measure(new: Callable[[int], Any], reads: Calls, legal: Callable[[Any], list[int]],
            step: Callable[[Any, int], Any], over: Callable[[Any], bool], seconds: float) -> dict[str, float]:
    """Median ns of each read, of ``legal`` and of ``step`` over random games."""
    pc = time.perf_counter_ns
    rng = random.Random(0)
    times: dict[str, list[int]] = {name: [] for name in [*reads, "legal_actions", "apply/step", "legal + apply"]}
    end = time.perf_counter() + seconds
    game = 0
    while time.perf_counter() < end:
        state = new(game)
        game += 1
        while not over(state):
            for name, read in reads.items():
                a = pc()
                read(state)
                times[name].append(pc() - a)
            a = pc()
            actions = legal(state)
            listing = pc() - a
            times["legal_actions"].append(listing)
            action = rng.choice(actions)
            a = pc()
            step(state, action)
            stepping = pc() - a
            times["apply/step"].append(stepping)
            # meeple's apply lists the next legal actions and its legal_actions reads them,
            # so the two split a step's work unlike fastcatan's: their sum compares whole.
            times["legal + apply"].append(listing + stepping)
    cost = timer_cost()
    return {name: max(0.0, statistics.median(t) - (2 * cost if name == "legal + apply" else cost))
            for name, t in times.items()}


def bench_meeple(seconds: float) -> dict[str, dict[str, float]]:
    import numpy as np

    import meeple

    out = {}
    for spec in ("catan", "triangle"):
        game = meeple.Game(spec)
        packed = np.zeros(game.mask_words, dtype=np.uint64)  # the form fastcatan's action_mask fills
        dense = np.zeros(game.num_actions, dtype=np.bool_)
        reads: Calls = {"is_terminal": lambda s: s.is_terminal, "current_player": lambda s: s.current_player,
                        "action_mask": lambda s: s.action_mask(out=packed),
                        "mask() new": lambda s: s.action_mask(), "returns": lambda s: s.returns}
        out[spec] = measure(game.new_state, reads, lambda s: s.legal_actions(), lambda s, a: s.apply(a),
                            lambda s: s.is_terminal, seconds)
        # A state remembers the last array given to action_mask(out=...), as a loop passes
        # one every step: the bool form gets a pass of its own so that the two do not take turns.
        out[spec]["mask(out=bool)"] = measure(game.new_state, {"m": lambda s: s.action_mask(out=dense)},
                                              lambda s: s.legal_actions(), lambda s, a: s.apply(a),
                                              lambda s: s.is_terminal, seconds / 3)["m"]
    return out


def bench_fastcatan(seconds: float) -> dict[str, dict[str, float]]:
    import fastcatan as fc
    import numpy as np

    mask = np.zeros(fc.MASK_WORDS, dtype=np.uint64)  # fastcatan fills packed bits into the caller's array

    def new(seed: int) -> Any:
        env = fc.Env()
        env.reset(seed)
        return env

    reads: Calls = {"is_terminal": lambda e: e.done, "current_player": lambda e: e.current_player,
                    "action_mask": lambda e: e.action_mask(mask)}
    return {"catan": measure(new, reads, lambda e: e.legal_actions(), lambda e, a: e.step(a), lambda e: e.done,
                             seconds)}


def bench_trianglengin(seconds: float) -> dict[str, dict[str, float]]:
    import trianglengin as tg

    config = tg.EnvConfig()
    reads: Calls = {"is_terminal": lambda s: s.is_over(), "returns": lambda s: s.game_score()}
    return {"triangle": measure(lambda seed: tg.GameState(config, initial_seed=seed), reads,
                                lambda s: list(s.valid_actions()), lambda s, a: s.step(a), lambda s: s.is_over(),
                                seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="play time per engine and game (default 3)")
    parser.add_argument("--fastcatan-python", help="a Python 3.12 that has fastcatan")
    parser.add_argument("--only", choices=["fastcatan"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only:
        print(json.dumps(bench_fastcatan(args.seconds)))
        return
    rows: dict[str, dict[str, dict[str, float]]] = {"meeple": bench_meeple(args.seconds)}
    if args.fastcatan_python:
        done = subprocess.run([args.fastcatan_python, __file__, "--only", "fastcatan", "--seconds", str(args.seconds)],
                              capture_output=True, text=True)
        if done.returncode == 0:
            rows["fastcatan"] = json.loads(done.stdout.strip().splitlines()[-1])
        else:
            print(f"fastcatan: not measured ({(done.stderr.strip().splitlines() or ['failed'])[-1]})")
    try:
        rows["trianglengin"] = bench_trianglengin(args.seconds)
    except ImportError as e:
        print(f"trianglengin: not measured ({e})")
    print(f"Python {sys.version.split()[0]} for meeple; median ns a call during random play")
    for game, peer in (("catan", "fastcatan"), ("triangle", "trianglengin")):
        ours = rows["meeple"][game]
        theirs = rows.get(peer, {}).get(game, {})
        print(f"\n{game:<16} {'meeple':>8} {peer:>13} {'ratio':>7}")
        for call, ns in ours.items():
            other = theirs.get(call)
            ratio = f"{other / ns:.2f}x" if other and ns else ""
            peer_ns = "-" if other is None else f"{other:.0f}"
            print(f"  {call:<14} {ns:>8.0f} {peer_ns:>13} {ratio:>7}")
        if game == "catan":
            print("  (action_mask: both fill packed uint64 bits into a given array; mask(out=bool): meeple's bool "
                  "array filled in place; mask() new: a new bool array)")


if __name__ == "__main__":
    main()
