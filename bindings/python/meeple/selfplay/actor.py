"""Self-play actors: each plays one chunk at a time, a :class:`meeple.Batch` of games
searched by one :class:`meeple.Search` with ``evaluator=external``; the net evaluates
every leaf of a search call at once.

A chunk is the unit of work and of data: chunk c of generation g plays from the seed
``derive_seed(derive_seed(seed, g), c)`` with the weights of that generation's best net,
so it gives the same positions whichever actor plays it, on one machine or on Ray. Its
positions are handed back only when every game of the chunk is over: an actor that dies
mid-chunk leaves nothing behind, and the chunk is played again from its seed.

Each position keeps the observation from the seat to act, that seat's legal mask, the
search's visit policy (temperature 1), the root value per seat and, once the game is
over, its final result per seat. A game cut by ``max_moves`` (or ended by the game's own
turn cap with no winner) takes its last root value as its result.

The first ``selfplay.rollout_generations`` generations are played by MCTS with random
rollouts (``selfplay.rollout_iterations`` a move) instead of the net: positions of a
strong search with its visit policies and root values, for the first net to learn from.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import torch

from ..agents import derive_seed
from ..batch import Batch
from ..game import NO_ACTION, Game
from ..search import Search
from .config import Config, value_skip_index
from .net import PolicyValueNet, load_weights, new_net

__all__ = ["SelfPlayActor", "chunk_seed", "make_net"]

_DONE, _CURRENT, _TRUNCATED = 0, 3, 4  # columns of Batch.status()


def chunk_seed(seed: int, generation: int, chunk: int) -> int:
    return derive_seed(derive_seed(seed, generation), chunk)


def make_net(game: Game, config: Config) -> PolicyValueNet:
    """The run's initial net (generation 0): its weights depend only on the seed."""
    return new_net(game.obs_size, game.num_actions, game.num_players, config.net.hidden, config.net.layers,
                   config.train.value_scale, derive_seed(config.seed, 0x6E6574), value_skip_index(game, config))


class SelfPlayActor:
    """Plays chunks of self-play games for one game spec and configuration."""

    def __init__(self, game_spec: str, config: Config) -> None:
        torch.set_num_threads(1)  # an actor is one core; results do not depend on the machine's count
        self.game = Game(game_spec)
        self.config = config
        self.net = make_net(self.game, config)
        self.net.eval()
        self._weights_key: Any = None

    def ping(self) -> bool:
        return True

    def play(self, weights: dict[str, np.ndarray], weights_key: Any, generation: int, chunk: int) -> dict[str, Any]:
        """Plays chunk ``chunk`` of ``generation`` with ``weights`` and returns its
        positions as arrays (see the module docstring) with a few counters."""
        if weights_key != self._weights_key:
            load_weights(self.net, weights)
            self._weights_key = weights_key
        return play_chunk(self.game, self.net, self.config, generation, chunk)


def play_chunk(game: Game, net: PolicyValueNet, config: Config, generation: int, chunk: int) -> dict[str, Any]:
    sp = config.selfplay
    seed = chunk_seed(config.seed, generation, chunk)
    n, players, actions_n = sp.games_per_chunk, game.num_players, game.num_actions
    started = time.perf_counter()
    batch = Batch(game, n, seed=seed, threads=1)
    # The rollout generations bootstrap the net from a search that needs none (expert
    # iteration's first expert); the net's own search plays every later generation.
    spec = (config.rollout_spec(seed) if generation < sp.rollout_generations
            else config.search_spec(sp.iterations, seed, noise=True))
    search = Search(spec, game, roots=n, threads=1)
    rng = np.random.default_rng(seed)
    obs_rows: list[np.ndarray] = []
    mask_rows: list[np.ndarray] = []
    policy_rows: list[np.ndarray] = []
    value_rows: list[np.ndarray] = []
    player_rows: list[np.ndarray] = []
    game_rows: list[np.ndarray] = []
    results = np.zeros((n, players), np.float32)
    last_value = np.zeros((n, players), np.float32)
    moves = np.zeros(n, np.int64)
    leaves = evaluations = 0
    status = batch.status()
    capped = np.zeros(n, bool)
    live = status[:, _DONE] == 0
    while live.any():
        search.set_roots(batch)
        for i in np.flatnonzero(capped):
            search.clear_root(int(i))
        while not search.run():
            leaf = search.leaves()
            values, priors = net.evaluate(leaf.obs, leaf.masks, leaf.players)
            search.provide(values, priors)
            leaves += len(leaf.obs)
            evaluations += 1
        idx = np.flatnonzero(live)
        obs = batch.observations()[idx]
        masks = batch.dense_masks()[idx]
        policy = np.zeros((len(idx), actions_n), np.float32)
        root_values = np.zeros((len(idx), players), np.float32)
        actions = np.full(n, NO_ACTION, np.int32)
        for row, i in enumerate(idx):
            pi = search.policy(int(i), temperature=1.0)
            policy[row] = pi
            root_values[row] = search.root_value(int(i))
            if moves[i] < sp.temperature_moves:
                p = pi.astype(np.float64)
                actions[i] = int(rng.choice(actions_n, p=p / p.sum()))
            else:
                actions[i] = int(np.argmax(pi))
        obs_rows.append(obs)
        mask_rows.append(masks)
        policy_rows.append(policy)
        value_rows.append(root_values)
        player_rows.append(status[idx, _CURRENT].astype(np.int32))
        game_rows.append(idx.astype(np.int32))
        last_value[idx] = root_values
        batch.step(actions)
        moves[idx] += 1
        status = batch.status()
        for i in idx:
            if status[i, _DONE]:
                state = batch.state(int(i))
                results[i] = last_value[i] if status[i, _TRUNCATED] else state.returns
            elif sp.max_moves and moves[i] >= sp.max_moves:
                results[i] = last_value[i]
                capped[i] = True  # left out from here on
        live = (status[:, _DONE] == 0) & ~capped
    games_of = np.concatenate(game_rows)
    return {
        "obs": np.concatenate(obs_rows), "masks": np.concatenate(mask_rows), "policy": np.concatenate(policy_rows),
        "root_value": np.concatenate(value_rows), "player": np.concatenate(player_rows), "game": games_of,
        "result": results[games_of], "generation": generation, "chunk": chunk, "seed": seed, "games": n,
        "leaves": leaves, "evaluations": evaluations, "seconds": time.perf_counter() - started,
    }
