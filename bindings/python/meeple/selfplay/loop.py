"""The self-play loop: generation after generation, self-play -> train -> gate ->
measure, with everything it needs to resume kept in the run's folder.

``DIR/run.json`` (format :data:`RUN_FORMAT_VERSION`, written whole or not at all) holds
the game, the configuration, the next generation to play, the best net's generation and
one record a finished generation (games, positions, speed, losses, gate, measurement).
A generation is the checkpoint interval: a run killed at any point starts again at the
generation it was in, keeping that generation's finished shards (each whole) and
training again from the last checkpoint; seeded as it is, it writes what an
uninterrupted run would have written.
"""

from __future__ import annotations

import errno
import json
import math
import os
import time
from typing import Any, Callable, Optional

from ..agents import make_agent
from ..errors import MeepleError
from ..game import Game
from ..search import Search
from .config import MAY_CHANGE, Config, ConfigError, data_fingerprint, value_skip_index
from .config import flatten as _flatten
from .replay import ReplayStore, ShardError, write_atomically

__all__ = ["run", "RunError", "check", "RUN_FORMAT_VERSION", "read_run"]

RUN_FORMAT_VERSION = 1
_MAY_CHANGE = MAY_CHANGE


class RunError(RuntimeError):
    """The run cannot go on (a full disk, a folder of another run); the message says what is kept."""


def check(game: Game, config: Config) -> None:
    """Refuses a configuration that cannot run with ``game``, before anything starts."""
    sp = config.selfplay
    try:
        Search(config.search_spec(sp.iterations, 0, noise=True), game)
        if sp.rollout_generations:
            Search(config.rollout_spec(0), game)
    except MeepleError as e:
        raise ConfigError(f"selfplay: the search these settings make is refused for {game.spec}: {e}") from None
    value_skip_index(game, config)
    if config.train.device == "cuda":
        import torch

        if not torch.cuda.is_available():
            raise ConfigError("train.device: cuda, but torch sees no GPU here; allowed: cpu, auto (cuda when "
                              "there is one), cuda")
    if config.evaluate.games:
        try:  # make_agent: the arena also plays the Python agents (greedy-net, mcts-net)
            make_agent(config.evaluate.reference, game, 0)
        except (MeepleError, ValueError, OSError) as e:
            raise ConfigError(f"evaluate.reference: {e}") from None


def read_run(root: str) -> Optional[dict[str, Any]]:
    path = os.path.join(root, "run.json")
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
    except (ValueError, RecursionError) as e:  # cut short, not UTF-8, not JSON
        raise RunError(f"{path}: damaged ({str(e)[:200]}); it is written whole, so another program changed "
                       "it: restore it, or give another folder") from None
    if not isinstance(state, dict):
        raise RunError(f"{path}: damaged (a JSON {type(state).__name__}, not an object); restore it, or give "
                       "another folder")
    if state.get("format") != RUN_FORMAT_VERSION:
        raise RunError(f"{path}: run format {state.get('format')!r}; this meeple reads format {RUN_FORMAT_VERSION}")
    return dict(state)


def _write_run(root: str, state: dict[str, Any]) -> None:
    text = bytes(json.dumps(state, indent=1, allow_nan=True), "utf-8")  # a file, not a library string
    write_atomically(os.path.join(root, "run.json"), lambda f: f.write(text))


def _resume(root: str, game: Game, config: Config) -> dict[str, Any]:
    state = read_run(root)
    if state is None:
        return {"format": RUN_FORMAT_VERSION, "game": game.spec, "config": config.to_dict(), "generation": 0,
                "best": 0, "history": [], "evaluations": []}
    if state["game"] != game.spec:
        raise ConfigError(f"{root} holds a run of {state['game']}, not {game.spec}: give another folder")
    old, new = _flatten(state["config"]), _flatten(config.to_dict())
    defaults = _flatten(Config().to_dict())  # a key newer than the run: the run had its default
    for key in sorted(set(old) | set(new)):
        was = old.get(key, defaults.get(key))
        if key not in _MAY_CHANGE and was != new.get(key):
            raise ConfigError(f"{key}: {root} holds a run made with {was!r}, this configuration says "
                              f"{new.get(key)!r}; resume with the run's configuration ({root}/run.json) "
                              "or give another folder")
    state["config"] = config.to_dict()
    return state


def _disk(e: OSError, what: str, generation: int) -> RunError:
    why = "the disk is full" if e.errno == errno.ENOSPC else str(e)
    return RunError(f"{why} while writing {what}; the run stopped with every generation before {generation} "
                    "kept (and this generation's finished shards): free space and run the same command to resume")


def run(game_spec: str, config: Config, root: str, *, ray: bool = False, ray_address: Optional[str] = None,
        log: Callable[[str], None] = print, plots: bool = True,
        on_chunk: Optional[Callable[[dict[str, Any]], None]] = None) -> dict[str, Any]:
    """Runs (or resumes) the self-play loop of ``game_spec`` in folder ``root`` until
    ``config.generations`` generations are done, and returns the run's state
    (``run.json``). ``ray``/``ray_address``: roles as Ray actors. ``on_chunk`` is
    called with each chunk's positions once its shard is written. Ctrl-C stops it
    (``KeyboardInterrupt``) with everything finished kept."""
    game = Game(game_spec)
    check(game, config)
    os.makedirs(root, exist_ok=True)
    state = _resume(root, game, config)
    _write_run(root, state)
    from .executor import LocalExecutor, RayExecutor  # torch (and ray) load here, after the checks

    if ray or ray_address:
        try:
            import ray as _ray  # noqa: F401
        except ImportError:
            raise ConfigError("--ray needs Ray: pip install \"meeple[ray]\"") from None
        executor: Any = RayExecutor(game.spec, config, root, config.selfplay.actors, log, ray_address)
    else:
        executor = LocalExecutor(game.spec, config, root, config.selfplay.actors, log)
    store = ReplayStore(root, data_fingerprint(game.spec, config))
    try:
        return _loop(game, config, root, state, executor, store, log, plots, on_chunk)
    finally:
        executor.close()


def _loop(game: Game, config: Config, root: str, state: dict[str, Any], executor: Any, store: ReplayStore,
          log: Callable[[str], None], plots: bool, on_chunk: Any) -> dict[str, Any]:
    from .plots import save_plots

    g = state["generation"]
    log(f"self-play {game.spec} in {root}: generation {g} of {config.generations}, best net {state['best']}, "
        f"{executor.actors} actor(s) ({executor.kind})")
    executor.learner.start(g)
    best_weights = executor.learner.weights(state["best"])
    if not os.path.exists(os.path.join(root, "models", "best.npz")):
        _export(root, game, config, best_weights, state["best"], g)
    if g == 0 and not state["evaluations"]:
        first = executor.gate.evaluate(best_weights, 0)
        if first is not None:
            state["evaluations"].append(first)
            log(f"  generation 0 {_describe_eval(first)}")
    while g < config.generations:
        started = time.perf_counter()
        have = store.chunks(g)
        todo = [c for c in range(config.selfplay.chunks_per_generation) if c not in have]
        positions = games = leaves = 0
        for c in sorted(have):  # shards a killed run finished: the history counts the whole generation
            try:
                kept = store.read(g, c, counts=True)
            except ShardError as e:
                raise RunError(str(e)) from None
            positions += int(kept["positions"])
            games += int(kept["games"])
            leaves += int(kept["leaves"])
        played = 0
        for data in executor.play(best_weights, state["best"], g, todo):
            try:
                store.write(data)
            except OSError as e:
                raise _disk(e, f"a shard of generation {g}", g) from None
            played += len(data["obs"])
            games += int(data["games"])
            leaves += int(data["leaves"])
            if on_chunk is not None:
                on_chunk(data)
        positions += played
        play_seconds = time.perf_counter() - started
        try:
            candidate, losses = executor.learner.train(g)
        except OSError as e:
            raise _disk(e, f"the checkpoint of generation {g + 1}", g) from None
        trained = time.perf_counter()
        gate = executor.gate.gate(candidate, g + 1, best_weights, state["best"])
        gate_seconds = time.perf_counter() - trained
        if gate["promoted"]:
            state["best"], best_weights = g + 1, candidate
            _export(root, game, config, best_weights, g + 1, g)
        record = {"generation": g, "games": games, "positions": positions, "leaves": leaves,
                  "play_seconds": play_seconds, "train_seconds": trained - started - play_seconds,
                  "gate_seconds": gate_seconds, "positions_per_second": played / play_seconds if todo else None,
                  "actors": executor.actors,
                  # the learner's "positions" is its training window: kept apart from this generation's
                  **{k: v for k, v in losses.items() if k != "positions"}, "train_positions": losses["positions"],
                  "gate": gate, "best": state["best"],
                  "seconds": time.perf_counter() - started}
        state["history"].append(record)
        measured = None
        if (g + 1) % config.evaluate.every == 0:
            before = [e for e in state["evaluations"] if e["generation"] == state["best"]]
            measured = dict(before[-1]) if before else executor.gate.evaluate(best_weights, state["best"])
            if measured is not None:  # the same net is measured once
                measured["after_generation"] = g
                state["evaluations"].append(measured)
        g += 1
        state["generation"] = g
        try:
            _write_run(root, state)
        except OSError as e:
            raise _disk(e, "run.json", g - 1) from None
        speed = f"{played / play_seconds:,.0f} positions/s" if todo and play_seconds > 0 else "from disk"
        verdict = "promoted" if gate["promoted"] else "kept the best"
        log(f"generation {g - 1}: {games} games, {positions:,} positions ({speed}); loss policy "
            f"{losses['policy_loss']:.3f} value {losses['value_loss']:.3f}; gate {gate['decision']} after "
            f"{gate['games']} games: {verdict} (best: net {state['best']})"
            + (f"; {_describe_eval(measured)}" if measured else ""))
        if plots:
            save_plots(root, state, log)
    return state


def _export(root: str, game: Game, config: Config, weights: Any, net: int, generation: int) -> None:
    """The best net as a model file the search plays with (``mcts-net(model=...)``):
    ``DIR/models/net-GGGGGG`` and ``DIR/models/best`` (.onnx when the onnx package is
    installed, and .npz), with the configuration in their metadata."""
    from .export import export_net

    training = {"source": "meeple selfplay", "game": game.spec, "net": net, "config": config.to_dict()}
    try:
        for name in (f"net-{net:06d}", "best"):
            export_net(weights, game, config.train.value_scale, os.path.join(root, "models", name), training)
    except OSError as e:
        raise _disk(e, f"the model of net {net}", generation) from None


def _describe_eval(e: dict[str, Any]) -> str:
    if "elo" in e:
        elo = e["elo"]
        text = f"{elo:+.0f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")
        if math.isfinite(e.get("elo_interval", math.nan)):
            text += f" ± {e['elo_interval']:.0f}"
        return f"net {e['generation']} vs reference: Elo {text} (W/D/L {e['wins']}/{e['draws']}/{e['losses']})"
    return f"net {e['generation']} mean score {e['net_score']:.3f}, reference {e['reference_score']:.3f}"
