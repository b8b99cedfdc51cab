"""Agents that play with a value network: ``greedy-net`` and ``mcts-net``.

Both are Python agents made from spec strings, as the library's agents are, and play
wherever a spec does in Python (``meeple.arena.tournament``, ``meeple arena``, the
opponents of ``meeple.envs``) through :func:`meeple.agents.make_agent`::

    import meeple
    agent = meeple.agents.make_agent("mcts-net(iterations=400)", "catan", seed=1)
    state = meeple.Game("catan").new_state(seed=7)
    state.apply(agent.act(state))

``greedy-net(model=PATH,backend=auto)``: every legal move is scored by the net's value,
for the seat that moves, of the position after it, and the best is played (exact ties,
such as the steps of composing a trade, which change no feature: one drawn by the
agent's generator). A move with a random outcome (the dice roll, buying a development
card, a robber's steal) is scored by the expectation over all its outcomes, each with
its probability, on a determinization of the position for the moving seat (what it
cannot see is redrawn from the agent's generator), so no hidden card decides a score.

``mcts-net(model=PATH,backend=auto,priors=auto,search=mcts,...)``: Monte Carlo tree
search with the net at the leaves: ``evaluator=external``, ``inputs=features``; every
other option is a search option (``iterations``, ``batch``, ``c_puct``, ``trees``,
``time_ms``, ...; docs/search.md). ``priors``: ``uniform``, ``policy`` (the model's
policy head; refused for a model without one) or ``auto`` (policy when the model has
one). ``prior_temperature``: the policy's logits are divided by it before the softmax
(default 1; above 1 flattens the priors toward uniform, below 1 sharpens them; only
with policy priors). ``search``: ``mcts`` (sees the whole state, as the ``mcts`` agent
does) or ``ismcts``. Each batch of leaves (up to ``batch`` a tree) is one call of the net.
With the search option ``external_depth=D`` the net evaluates only the nodes less than
D deep and rollouts score the rest (``external_depth=1``: the net gives the root's
priors and value, one row a move, and the rollout search does the rest under PUCT with
those priors: docs/selfplay.md, "Triangle puzzle").

``model`` is ``NAME``, ``NAME.onnx`` or ``NAME.npz`` (default: the shipped model);
``backend`` ``auto`` (onnxruntime when installed, else NumPy), ``onnx`` or ``numpy``.
"""

from __future__ import annotations

import re
from typing import Any, Optional, Union

import numpy as np

from ..agents import derive_seed
from ..errors import InvalidArgumentError, ParseError
from ..game import Game, State
from ..search import Search
from .evaluator import OBSERVATION_INPUTS, ValueNet, load_value_net

__all__ = ["GreedyNetAgent", "MctsNetAgent", "make", "NAMES", "parse_spec"]

NAMES = ("greedy-net", "mcts-net")
_MASK53 = (1 << 53) - 1
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"name(k=v,...)"`` into the name and its options (values as written)."""
    if not isinstance(spec, str):
        raise TypeError(f"an agent spec must be a string such as 'mcts-net(iterations=400)', not {type(spec).__name__}")
    text = spec.strip()
    name, _, rest = text.partition("(")
    name = name.strip()
    if not _NAME.match(name):
        raise ParseError(f"malformed agent spec {spec!r}: expected NAME or NAME(key=value,...)")
    options: dict[str, str] = {}
    if _:
        if not rest.endswith(")"):
            raise ParseError(f"malformed agent spec {spec!r}: the options must end with ')'")
        body = rest[:-1].strip()
        for part in (p.strip() for p in body.split(",")) if body else ():
            key, eq, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key or not value:
                raise ParseError(f"malformed option {part!r} in agent spec {spec!r}: write key=value")
            if key in options:
                raise ParseError(f"option {key!r} appears twice in agent spec {spec!r}")
            options[key] = value
    return name, options


def _choice(name: str, key: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise InvalidArgumentError(f"{name}: {key}={value} is not one of {', '.join(allowed)}")
    return value


def _seed_option(name: str, options: dict[str, str]) -> int:
    text = options.pop("seed", "0")
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed <= _MASK53:
        raise InvalidArgumentError(f"{name}: seed={text} must be an integer in 0..2^53-1")
    return seed


def _as_game(game: Union[Game, str]) -> Game:
    return game if isinstance(game, Game) else Game(game)


class GreedyNetAgent:
    """One move ahead with the net: the legal move whose successor (expected over its
    random outcomes, on a determinization for the moving seat) the net values most
    for that seat. ``act(state)`` and ``reset(seed)``."""

    def __init__(self, game: Union[Game, str], model: Any = None, backend: str = "auto", seed: int = 0,
                 user_seed: int = 0, spec: Optional[str] = None) -> None:
        self.game = _as_game(game)
        self.net = model if isinstance(model, ValueNet) else load_value_net(model, self.game, backend)
        self.name = spec or "greedy-net"
        self._user_seed = user_seed
        self._rng = np.random.default_rng(0)
        self._rows = np.empty((64, self.net.feature_size), np.float32)
        self.reset(seed)

    def reset(self, seed: int) -> None:
        self._rng = np.random.default_rng(derive_seed(self._user_seed, seed))

    def scores(self, state: State, seat: Optional[int] = None) -> tuple[list[int], np.ndarray]:
        """The legal actions of the acting seat and each one's expected value for it
        (float64, the scale of the game's returns)."""
        if seat is None:
            active = state.active_players
            if not active or active[0] < 0:
                raise InvalidArgumentError("greedy-net acts only where a seat owes a decision")
            seat = int(active[0])
        actions = state.legal_actions(seat)
        world = state.determinize(seat, int(self._rng.integers(0, 2**63)))
        owner: list[int] = []
        weight: list[float] = []
        rows = 0
        for i, a in enumerate(actions):
            for successor, p in world.enumerate_outcomes(a, seat):
                if rows == self._rows.shape[0]:
                    self._rows = np.concatenate([self._rows, np.empty_like(self._rows)])
                self.net.rows(successor, seat, out=self._rows[rows])
                owner.append(i)
                weight.append(p)
                rows += 1
        raw, _ = self.net.forward(self._rows[:rows])
        value = self.net.viewer_value(raw).astype(np.float64)  # column 0: the viewer, the moving seat
        total = np.zeros(len(actions))
        np.add.at(total, np.asarray(owner), value * np.asarray(weight))
        return actions, total

    def act(self, state: State, player: Optional[int] = None) -> int:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return int(actions[0])
        actions, total = self.scores(state, player)
        # Moves the net cannot tell apart (a step of composing a trade changes no feature)
        # tie exactly; the agent's generator picks among them, not the action order.
        best = np.flatnonzero(total >= total.max() - 1e-9)
        return int(actions[int(best[0] if best.size == 1 else self._rng.choice(best))])

    def __repr__(self) -> str:
        return f"GreedyNetAgent({self.name!r}, {self.net!r})"


class MctsNetAgent:
    """MCTS whose leaves the net evaluates: values rotated to absolute seats, priors
    uniform or from the model's policy head. ``act(state)``, ``policy(state)`` and
    ``reset(seed)``."""

    def __init__(self, game: Union[Game, str], model: Any = None, backend: str = "auto", seed: int = 0,
                 user_seed: int = 0, priors: str = "auto", search: str = "mcts",
                 search_options: Optional[dict[str, str]] = None, spec: Optional[str] = None,
                 prior_temperature: float = 1.0) -> None:
        self.game = _as_game(game)
        self.net = model if isinstance(model, ValueNet) else load_value_net(model, self.game, backend)
        self.name = spec or "mcts-net"
        if priors == "policy" and not self.net.has_policy:
            raise InvalidArgumentError(f"mcts-net: priors=policy, but {self.net.path} has no policy head; use "
                                       "priors=uniform (or auto)")
        self.use_policy = priors == "policy" or (priors == "auto" and self.net.has_policy)
        if prior_temperature != 1.0 and not self.use_policy:
            raise InvalidArgumentError("mcts-net: prior_temperature shapes the policy's priors, and this agent's priors "
                                       "are uniform: use priors=policy with a model that has a policy head, or drop "
                                       "prior_temperature")
        self.prior_temperature = prior_temperature
        options = dict(search_options or {})
        for fixed, why in (("evaluator", "the net is the evaluator"), ("inputs", "the model says what the net reads")):
            if fixed in options:
                raise InvalidArgumentError(f"mcts-net sets {fixed} itself ({why}); leave {fixed} out")
        self._options = "".join(f"{k}={v}," for k, v in options.items())
        self._kind = search
        self._user_seed = user_seed
        self._search: Optional[Search] = None
        self.reset(seed)  # checks the search options: the message lists the accepted ones

    @property
    def search_spec(self) -> str:
        assert self._search is not None
        return self._search.spec

    def reset(self, seed: int) -> None:
        s = derive_seed(self._user_seed, seed) & _MASK53
        inputs = "observation" if self.net.inputs == OBSERVATION_INPUTS else "features"
        spec = f"{self._kind}({self._options}evaluator=external,inputs={inputs},seed={s})"
        try:
            self._search = Search(spec, self.game)
        except InvalidArgumentError as e:
            raise InvalidArgumentError(f"mcts-net: {e}") from None

    def _evaluate(self, features: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        raw, logits = self.net.forward(features)
        values = self.net.as_values(raw, players)
        if not self.use_policy or logits is None:
            return values, None
        # A softmax over each leaf's legal actions (the loop zeroes the rest again).
        z = np.where(masks, logits if self.prior_temperature == 1.0 else logits / self.prior_temperature, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        np.exp(z, out=z)
        return values, z

    def _search_state(self, state: State, player: Optional[int]) -> Search:
        search = self._search
        assert search is not None
        search.set_root(state, 0, player)
        # On this thread: a move's search is milliseconds, and a worker thread's start
        # and join cost a good part of one.
        search.run(self._evaluate, interruptible=False)
        return search

    def act(self, state: State, player: Optional[int] = None) -> int:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return int(actions[0])
        return self._search_state(state, player).action()

    def policy(self, state: State, player: Optional[int] = None) -> np.ndarray:
        """The root's visit shares after a search (float32 over every action)."""
        actions = state.legal_actions(player)
        if len(actions) == 1:
            out = np.zeros(self.game.num_actions, np.float32)
            out[actions[0]] = 1
            return out
        return self._search_state(state, player).policy(temperature=1.0)

    def __repr__(self) -> str:
        return f"MctsNetAgent({self.name!r}, {self.net!r})"


def make(spec: str, game: Union[Game, str], seed: int = 0) -> Union[GreedyNetAgent, MctsNetAgent]:
    """The agent ``spec`` names (``greedy-net(...)`` or ``mcts-net(...)``) for ``game``,
    seeded with ``seed``. Refuses an unknown name or option, a bad value or a model that
    does not fit the game with an ``InvalidArgumentError`` that says what is accepted."""
    name, options = parse_spec(spec)
    g = _as_game(game)
    model = options.pop("model", None)
    backend = _choice(name, "backend", options.pop("backend", "auto"), ("auto", "onnx", "numpy"))
    user_seed = _seed_option(name, options)
    if name == "greedy-net":
        if options:
            raise InvalidArgumentError(f"unknown option {next(iter(options))!r} for greedy-net; available: model, "
                                       "backend, seed")
        return GreedyNetAgent(g, model, backend, seed, user_seed, spec=spec)
    if name == "mcts-net":
        priors = _choice(name, "priors", options.pop("priors", "auto"), ("auto", "uniform", "policy"))
        kind = _choice(name, "search", options.pop("search", "mcts"), ("mcts", "ismcts"))
        text = options.pop("prior_temperature", "1")
        try:
            temperature = float(text)
        except ValueError:
            temperature = -1.0
        if not 0.01 <= temperature <= 100:
            raise InvalidArgumentError(f"mcts-net: prior_temperature={text} must be a number from 0.01 to 100")
        return MctsNetAgent(g, model, backend, seed, user_seed, priors, kind, options, spec=spec,
                            prior_temperature=temperature)
    raise InvalidArgumentError(f"unknown net agent {name!r}; available: {', '.join(NAMES)}")
