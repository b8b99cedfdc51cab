"""meeple's triangle game side by side with trianglengin 2.0.7, in one process.

Measures, for each engine, over random play on the default board (8 x 15, 96 cells):
  * the Python loop an RL user writes: legal actions, random.choice, apply (steps/s);
  * a state copy (meeple: State.clone, trianglengin: GameState.copy);
  * the legal actions of a state just after a step (meeple: State.legal_actions,
    trianglengin: GameState.valid_actions(force_recalculate=True)).
and prints the ratios. The two engines draw shapes from different generators, so the
games differ; the comparison is of throughput on the same kind of positions.

trianglengin's Linux wheels do not import; build it from its source distribution
(docs/triangle.md gives the commands). Usage (from a build's staged package):
  PYTHONPATH=build/triangle/stage/python python benchmarks/triangle_vs_trianglengin.py [seconds]
"""

from __future__ import annotations

import random
import sys
import time

import meeple

try:
    import trianglengin as tg
except ImportError:  # the script still measures meeple alone
    tg = None

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0


def loop_rate(new_game, legal, apply, is_over, seconds: float) -> float:
    """Steps per second of: legal actions, random.choice, apply; a new game at the end."""
    rng = random.Random(0)
    steps, seed = 0, 0
    state = new_game(seed)
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while True:
        for _ in range(200):
            if is_over(state):
                seed += 1
                state = new_game(seed)
            apply(state, rng.choice(legal(state)))
            steps += 1
        if time.perf_counter() > end:
            break
    return steps / (time.perf_counter() - start)


def sampled_states(new_game, legal, apply, is_over, count: int) -> list:
    """Live states just after a step, from random play."""
    rng = random.Random(1)
    out, seed = [], 0
    state = new_game(seed)
    while len(out) < count:
        if is_over(state):
            seed += 1
            state = new_game(seed)
            continue
        apply(state, rng.choice(legal(state)))
        if not is_over(state):
            out.append(state)
            state = state.clone() if hasattr(state, "clone") else state.copy()
    return out


def per_call_us(fn, states: list, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        for s in states:
            fn(s)
    return (time.perf_counter() - t0) * 1e6 / (repeat * len(states))


def main() -> None:
    game = meeple.Game("triangle")
    engines = {
        "meeple": dict(
            new_game=lambda seed: game.new_state(seed),
            legal=lambda s: s.legal_actions(),
            apply=lambda s, a: s.apply(a),
            is_over=lambda s: s.is_terminal,
            copy=lambda s: s.clone(),
            legal_fresh=lambda s: s.legal_actions(),
        ),
    }
    if tg is not None:
        config = tg.EnvConfig()
        engines["trianglengin"] = dict(
            new_game=lambda seed: tg.GameState(config, initial_seed=seed),
            legal=lambda s: list(s.valid_actions()),
            apply=lambda s, a: s.step(a),
            is_over=lambda s: s.is_over(),
            copy=lambda s: s.copy(),
            legal_fresh=lambda s: s.valid_actions(True),
        )
    else:
        print("trianglengin is not installed: measuring meeple alone")

    results: dict[str, dict[str, float]] = {}
    for name, e in engines.items():
        loop = loop_rate(e["new_game"], e["legal"], e["apply"], e["is_over"], SECONDS)
        states = sampled_states(e["new_game"], e["legal"], e["apply"], e["is_over"], 300)
        copy_repeat = 20 if name == "meeple" else 2
        copy = per_call_us(e["copy"], states, copy_repeat)
        legal = per_call_us(e["legal_fresh"], states, 20)
        results[name] = {"loop": loop, "copy": copy, "legal": legal}
        print(f"{name:13s} loop {loop:10.0f} steps/s   copy {copy:9.2f} us   legal actions {legal:7.2f} us")

    if "trianglengin" in results:
        m, p = results["meeple"], results["trianglengin"]
        print("ratios (meeple is better by):")
        print(f"  Python loop (legal_actions + random.choice + apply): {m['loop'] / p['loop']:.1f}x steps/s")
        print(f"  state copy from Python:                              {p['copy'] / m['copy']:.0f}x")
        print(f"  legal actions after a step, from Python:             {p['legal'] / m['legal']:.1f}x")


if __name__ == "__main__":
    main()
