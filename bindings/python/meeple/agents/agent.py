"""Agents made from spec strings (the built-in ones in C++) and the Python agents' spec
registry; see ``meeple.agents``."""

from __future__ import annotations

import re
from typing import Any, Optional, Protocol, Union, runtime_checkable

import numpy as np

from .. import _long_call
from .._ffi import c_string, check, ffi, fetch_string, lib
from ..errors import InvalidArgumentError, ParseError
from ..game import Game, State

__all__ = ["Agent", "PythonAgent", "derive_seed", "make_agent", "is_python_spec", "PYTHON_AGENTS"]

_ACTING = lib.MEEPLE_ACTING_PLAYER
_MASK64 = (1 << 64) - 1


@runtime_checkable
class PythonAgent(Protocol):
    """What the arena asks of an agent written in Python."""

    def act(self, state: State) -> int: ...


_SEARCH_AGENTS = ("mcts", "ismcts")


class Agent:
    """A built-in agent of ``game`` made from ``spec``, its generator seeded by ``seed``.

    Raises ``InvalidArgumentError`` for an unknown agent or option (the message lists
    the valid ones) and ``ParseError`` for a malformed spec.
    """

    __slots__ = ("_ptr", "_game", "_spec", "_searches")

    def __init__(self, spec: str, game: Union[Game, str], seed: int = 0) -> None:
        if not isinstance(spec, str):
            raise TypeError(f"spec must be an agent spec string such as 'heuristic', not {type(spec).__name__}")
        game = game if isinstance(game, Game) else Game(game)
        out = ffi.new("meeple_agent_t **")
        check(lib.meeple_agent_new(game._ptr, c_string(spec, "spec"), _seed(seed), out))
        self._ptr = ffi.gc(out[0], lib.meeple_agent_free)
        self._game = game
        self._spec = fetch_string(lambda o, c, k: lib.meeple_agent_spec(self._ptr, o, c, k))
        # Search agents decide by a long call, on a worker thread that Ctrl-C can cancel;
        # the others decide in microseconds, here.
        self._searches = self._spec.split("(")[0] in _SEARCH_AGENTS

    @property
    def spec(self) -> str:
        """The canonical spec (every search option filled in)."""
        return self._spec

    @property
    def game(self) -> Game:
        return self._game

    def reset(self, seed: int) -> None:
        """Starts a new game: reseeds the agent's generator."""
        check(lib.meeple_agent_reset(self._ptr, _seed(seed)))

    def act(self, state: State, player: Optional[int] = None) -> int:
        """The agent's action for ``player`` (default: the acting seat), always legal.
        The state is not changed. Raises ``WrongStateError`` when the game is over or a
        chance outcome is pending, ``NotActiveError`` for a seat that owes nothing."""
        if not isinstance(state, State):
            raise TypeError(f"state must be a meeple.State, not {type(state).__name__}")
        out = ffi.new("int32_t *")
        seat = _ACTING if player is None else int(player)
        if self._searches:  # a long call: Ctrl-C cancels the search
            # The call releases the GIL: it reads a clone no other thread can change.
            private = state.clone()
            _long_call.run(lambda control: lib.meeple_agent_act_controlled(self._ptr, private._ptr, seat, control, out),
                           desc="agent")
        else:
            check(lib.meeple_agent_act(self._ptr, state._ptr, seat, out))
        return int(out[0])

    def policy(self, state: State, player: Optional[int] = None) -> np.ndarray:
        """The agent's move probabilities for ``player`` (default: the acting seat):
        float32 over every action, zero on illegal ones, summing to one. ``random``:
        uniform over the legal actions; search agents: the root's visit shares after a
        search of the state; ``heuristic``: its action alone. Raises as :meth:`act`."""
        if not isinstance(state, State):
            raise TypeError(f"state must be a meeple.State, not {type(state).__name__}")
        out = np.zeros(self._game.num_actions, dtype=np.float32)
        length = ffi.new("size_t *")
        seat = _ACTING if player is None else int(player)
        buf = ffi.from_buffer("float[]", out, require_writable=True)
        if self._searches:
            private = state.clone()
            _long_call.run(lambda control: lib.meeple_agent_policy_controlled(self._ptr, private._ptr, seat, control,
                                                                              buf, out.size, length), desc="agent")
        else:
            check(lib.meeple_agent_policy(self._ptr, state._ptr, seat, buf, out.size, length))
        return out

    @property
    def iterations(self) -> int:
        """Iterations the agent's search completed in its last decision (what a
        ``time_ms`` budget reached); 0 for agents that do not search and for a decision
        with one legal action."""
        out = ffi.new("uint64_t *")
        check(lib.meeple_agent_iterations(self._ptr, out))
        return int(out[0])

    def __repr__(self) -> str:
        return f"Agent({self._spec!r}, {self._game.spec!r})"


# Agents with spec strings that run in Python: name -> the module whose make(spec, game,
# seed) builds them (imported on first use).
PYTHON_AGENTS = {"greedy-net": "meeple.net.agents", "mcts-net": "meeple.net.agents"}


def _spec_name(spec: str) -> str:
    return spec.split("(", 1)[0].strip()


def is_python_spec(spec: Any) -> bool:
    """Whether ``spec`` names an agent that runs in Python (``greedy-net``, ``mcts-net``)."""
    return isinstance(spec, str) and _spec_name(spec) in PYTHON_AGENTS


def make_agent(spec: str, game: Union[Game, str], seed: int = 0) -> Any:
    """The agent ``spec`` names, seeded by ``seed``: a built-in :class:`Agent`, or a
    Python agent for the names of ``PYTHON_AGENTS`` (an object with ``act(state)``,
    ``reset(seed)``). Refuses unknown agents and options as :class:`Agent` does, the
    message listing the Python agents as well."""
    if not isinstance(spec, str):
        raise TypeError(f"spec must be an agent spec string such as 'heuristic', not {type(spec).__name__}")
    game = game if isinstance(game, Game) else Game(game)
    if is_python_spec(spec):
        import importlib

        module = importlib.import_module(PYTHON_AGENTS[_spec_name(spec)])
        _seed(seed)
        return module.make(spec, game, seed)
    try:
        return Agent(spec, game, seed)
    except InvalidArgumentError as e:
        if str(e).startswith("unknown agent"):
            raise InvalidArgumentError(f"{e}; in Python also: {', '.join(PYTHON_AGENTS)}") from None
        raise
    except ParseError:
        name = _spec_name(spec)
        if not name or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", name) or re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise
        # A name the library's parser refuses (a hyphen, a capital): say which names there are.
        try:
            Agent("unknown", game)
        except InvalidArgumentError as probe:
            built_in = str(probe).split("available: ", 1)[-1]
        raise InvalidArgumentError(f"unknown agent {name!r} for {game.name}; available: {built_in}; in Python "
                                   f"also: {', '.join(PYTHON_AGENTS)}") from None


def _seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MASK64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    return seed


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31), x


def derive_seed(seed: int, index: int) -> int:
    """The seed of item ``index`` under ``seed``, as the library derives it:
    splitmix64(splitmix64(seed) ^ index) (docs/batch.md)."""
    first, _ = _splitmix64(seed & _MASK64)
    out, _ = _splitmix64(first ^ (index & _MASK64))
    return out
