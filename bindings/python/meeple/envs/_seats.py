"""What every adapter shares: the game check, who acts, the opponents and their seeds."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, Union

import numpy as np

from ..agents import Agent, derive_seed, make_agent
from ..errors import IllegalActionError
from ..game import CHANCE, Game, State

__all__ = ["env_game", "acting_seat", "Opponents", "opponent_seed", "check_action", "OPPONENT_SEED_KEY",
           "first_seed"]

# Opponents' seeds: seat s of an environment reset with seed x plays with
# derive_seed(derive_seed(x, OPPONENT_SEED_KEY), s). "opponent" in ASCII.
OPPONENT_SEED_KEY = 0x6F70706F6E656E74

OpponentSpec = Union[str, Any]


def env_game(spec: Union[str, Game]) -> Game:
    """The game of an environment: a spec string or a Game, with implicit chance (the
    environments draw chance outcomes inside each step, from the state's generator)."""
    game = spec if isinstance(spec, Game) else Game(spec) if isinstance(spec, str) else None
    if game is None:
        raise TypeError(f"spec must be a game spec string such as 'triangle' or a meeple.Game, not "
                        f"{type(spec).__name__}")
    option = game.options.get("explicit_chance")
    if option is not None and option.value == "true":
        raise ValueError(f"{game.spec}: the environments resolve chance inside each step; make the game "
                         f"without explicit_chance=true")
    return game


def acting_seat(state: State) -> int | None:
    """The seat that acts next, as batches count it: the lowest active seat (several
    seats may be active at once in a simultaneous phase: they play one after another),
    ``None`` once the game is over. Chance never shows: its draws happen inside steps."""
    players = state.active_players
    if not players:
        return None
    if players[0] == CHANCE:
        raise RuntimeError(f"{state.game.spec}: a chance outcome is pending, which the environments never leave")
    return min(players)


def opponent_seed(seed: int, seat: int) -> int:
    """The seed of the opponent in ``seat`` of an environment reset with ``seed``."""
    return derive_seed(derive_seed(seed, OPPONENT_SEED_KEY), seat)


def first_seed(np_random: np.random.Generator) -> int:
    """A game seed for an environment reset without one before any seed was given."""
    return int(np_random.integers(0, 2**63, dtype=np.int64))


def check_action(state: State, seat: int, action: Any, who: str = "action") -> int:
    """``action`` as an int after checking that it is one of ``seat``'s legal actions;
    ``IllegalActionError`` (a ``ValueError``) otherwise, with nothing changed."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
        raise TypeError(f"{who} must be an integer action id, not {type(action).__name__}")
    a = int(action)
    num_actions = state.game.num_actions
    if not 0 <= a < num_actions or not state.is_legal(a, seat):
        legal = state.legal_actions(seat)
        shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
        what = f"out of range 0..{num_actions - 1}" if not 0 <= a < num_actions else \
            f"{state.game.action_name(a)} is not legal now"
        raise IllegalActionError(f"{who} {a} is illegal for seat {seat} ({what}); the {len(legal)} legal actions "
                                 f"are [{shown}] (observation['action_mask'] marks them)")
    return a


class Opponents:
    """The players of the seats an environment does not hand to its caller.

    ``opponents``: ``None`` (every other seat plays ``"random"``), one agent for every
    other seat (a spec string such as ``"heuristic"`` or ``"mcts(iterations=50)"``, or a
    Python object with ``act(state) -> action``), a sequence with one entry a seat in
    seat order (entries for the learner's seats are ignored and may be ``None``), or a
    mapping ``{seat: agent}``. Spec strings become agents by
    :func:`meeple.agents.make_agent` (:class:`meeple.Agent` objects, or the Python agents
    ``greedy-net`` and ``mcts-net``), one per seat, seeded by :func:`opponent_seed`."""

    def __init__(self, game: Game, learner_seats: Sequence[int], opponents: Any) -> None:
        players = game.num_players
        self.game = game
        self.learners = tuple(learner_seats)
        others = [s for s in range(players) if s not in self.learners]
        entries: dict[int, OpponentSpec] = {}
        if opponents is None or isinstance(opponents, str) or hasattr(opponents, "act"):
            for s in others:
                entries[s] = "random" if opponents is None else opponents
        elif isinstance(opponents, Mapping):
            unknown = [k for k in opponents if k not in others]
            if unknown:
                raise ValueError(f"opponents names seats {unknown} that are not opponents' seats; those are {others}")
            entries = dict(opponents)
            missing = [s for s in others if s not in entries]
            if missing:
                raise ValueError(f"opponents has no agent for seats {missing}; give one for each of {others}")
        elif isinstance(opponents, Sequence):
            if len(opponents) == len(others):
                entries = dict(zip(others, opponents))
            elif len(opponents) == players:
                entries = {s: opponents[s] for s in others}
            else:
                raise ValueError(f"opponents has {len(opponents)} entries; give one for each opponent seat "
                                 f"{others} ({len(others)}) or one a seat ({players})")
        else:
            raise TypeError("opponents must be None, an agent spec string, a Python agent with act(state), a "
                            f"sequence or a mapping of seats to agents, not {type(opponents).__name__}")
        self.agents: dict[int, Any] = {}
        for s, entry in entries.items():
            if isinstance(entry, str):
                self.agents[s] = make_agent(entry, game, seed=0)
            elif isinstance(entry, Agent) or hasattr(entry, "act"):
                self.agents[s] = entry
            else:
                raise TypeError(f"the opponent of seat {s} must be an agent spec string or an object with "
                                f"act(state), not {type(entry).__name__}")

    @property
    def all_builtin(self) -> bool:
        """Whether every opponent is a C++ agent (a spec string or a meeple.Agent)."""
        return all(isinstance(a, Agent) for a in self.agents.values())

    def reset(self, seed: int) -> None:
        """Reseeds every opponent for an episode reset with ``seed``."""
        for s, agent in self.agents.items():
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(opponent_seed(seed, s))

    def play(self, state: State, stop_seats: Sequence[int]) -> np.ndarray:
        """Plays the opponents in ``state`` until a seat of ``stop_seats`` acts or the
        game ends; returns the sum of the step rewards of those moves (float64[players])."""
        total = np.zeros(self.game.num_players)
        while True:
            seat = acting_seat(state)
            if seat is None or seat in stop_seats:
                return total
            agent = self.agents[seat]
            if isinstance(agent, Agent):
                action = agent.act(state, seat)
            else:
                action = agent.act(state)
                action = check_action(state, seat, action, who=f"the action of the opponent in seat {seat} ({agent!r})")
            state.apply(int(action), seat)
            total += state.step_reward
