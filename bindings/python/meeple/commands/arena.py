"""``meeple arena``: plays agents against each other and reports who is stronger.

    meeple arena catan heuristic random --games 400 --threads 0
    meeple arena tictactoe --agents "mcts(iterations=500),heuristic" --sprt 0,50,0.05,0.05
    meeple arena catan heuristic random --games 4000 --ray   # slices as Ray tasks: the same results
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..agents import arena as arena_module
from ..agents.agent import Agent
from ..game import Game
from .args import UsageError, check_output


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("arena", help="play agents against each other: win rates, Elo, SPRT")
    p.add_argument("game", help="game spec, e.g. catan or 'catan(players=3)'")
    p.add_argument("agent", nargs="*", help="agent specs, one a seat; the last fills the remaining seats")
    p.add_argument("--agents", default=None, help="agent specs separated by commas (outside parentheses)")
    p.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the setups and the agents (default: 0)")
    p.add_argument("--threads", type=int, default=0, help="threads (default: 0, one per core)")
    p.add_argument("--max-moves", type=int, default=0, help="truncate a game after this many moves (0: 1,000,000)")
    p.add_argument("--no-duplicate", action="store_true", help="a new setup every game instead of once per rotation")
    p.add_argument("--sprt", default=None, metavar="ELO0,ELO1,ALPHA,BETA",
                   help="sequential test of the first agent against the second; stops when it decides")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="write every game's seed, seats and moves as JSON, to replay any game")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--ray", action="store_true",
                   help="play slices of the games as Ray tasks on a local Ray cluster (the same results)")
    p.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="play them on the Ray cluster at ADDRESS (auto, HOST:PORT or ray://HOST:PORT); implies --ray")
    p.set_defaults(run=run)


def _fmt_elo(elo: float, half: float) -> str:
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return f"{elo:+.0f} ± {half:.0f}" if math.isfinite(half) else f"{elo:+.0f}"


def _num(x: float) -> Any:
    return x if math.isfinite(x) else (None if math.isnan(x) else ("inf" if x > 0 else "-inf"))


def _resolved(game: Game, agents: Any) -> dict[str, str]:
    """The real configuration of each `best` agent of the lineup (the agent's own spec)."""
    out: dict[str, str] = {}
    for a in agents:
        if a.spec == "best" or a.spec.startswith("best("):
            out[a.spec] = Agent(a.spec, game, seed=0).spec
    return out


def run(args: argparse.Namespace) -> int:
    specs = list(args.agent)
    if args.agents:
        specs += arena_module.split_specs(args.agents)
    if not specs:
        print("meeple arena: error: give at least one agent (e.g. 'meeple arena catan heuristic random')",
              file=sys.stderr)
        return 2
    sprt = None
    if args.sprt is not None:
        try:
            sprt = tuple(float(x) for x in args.sprt.split(","))
        except ValueError:
            sprt = ()
        if len(sprt) != 4:
            print(f"meeple arena: error: --sprt takes ELO0,ELO1,ALPHA,BETA (four numbers), got {args.sprt!r}",
                  file=sys.stderr)
            return 2
    if args.save:
        try:  # before the tournament: a bad path should not cost the games
            check_output("--save", args.save)
        except UsageError as e:
            print(f"meeple arena: error: {e}", file=sys.stderr)
            return 2
    try:
        game = Game(args.game)
        result = arena_module.tournament(
            game, specs, args.games, seed=args.seed, threads=args.threads, duplicate=not args.no_duplicate,
            max_moves=args.max_moves, sprt=sprt, keep_moves=args.save is not None,
            progress=not args.no_progress and not args.json and sys.stderr.isatty(),
            ray=args.ray_address if args.ray_address is not None else args.ray)
    except (ValueError, TypeError) as e:
        print(f"meeple arena: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("meeple arena: cancelled", file=sys.stderr)
        return 130
    if args.save:
        saved = {"game": result.game, "agents": [a.spec for a in result.agents],
                 "games": [{"seed": int(result.games.seeds[i]),
                            "agent_of_seat": result.games.agent_of_seat[i].tolist(),
                            "returns": result.games.returns[i].tolist(),
                            "moves": result.moves[i].tolist()} for i in range(len(result.games.seeds))]}
        try:
            with open(args.save, "w", encoding="utf-8") as f:
                json.dump(saved, f)
        except OSError as e:  # the folder went away or filled up while the games played
            print(f"meeple arena: error: cannot write --save {args.save}: {e.strerror or e}", file=sys.stderr)
            return 1
    played = len(result.games.seeds)
    plays = _resolved(game, result.agents)
    if args.json:
        out = {"game": result.game, "games": played,
               "agents": [{"spec": a.spec, "games": a.games, "seats": a.seats, "wins": a.wins, "draws": a.draws,
                           "losses": a.losses, "truncations": a.truncations, "illegal": a.illegal,
                           "score": a.score, "win_rate": a.win_rate, "win_interval": list(a.win_interval),
                           "elo": _num(a.elo), "elo_interval": _num(a.elo_interval),
                           **({"plays": plays[a.spec]} if a.spec in plays else {})} for a in result.agents],
               "sprt": None if result.sprt is None else {k: _num(v) if isinstance(v, float) else v
                                                         for k, v in result.sprt._asdict().items()}}
        print(json.dumps(out, indent=2))
        return 0
    print(f"{result.game}: {played} games, seed {args.seed}")
    width = max(len(a.spec) for a in result.agents)
    print(f"  {'agent':<{width}}  {'seats':>6} {'wins':>6} {'draws':>6} {'losses':>6} {'trunc':>5}"
          f"  {'win rate (95%)':<24} Elo (95%)")
    for a in result.agents:
        rate = f"{100 * a.win_rate:.1f}% [{100 * a.win_interval[0]:.1f}, {100 * a.win_interval[1]:.1f}]"
        print(f"  {a.spec:<{width}}  {a.seats:>6} {a.wins:>6} {a.draws:>6} {a.losses:>6} {a.truncations:>5}"
              f"  {rate:<24} {_fmt_elo(a.elo, a.elo_interval)}")
    for spec, resolved in plays.items():
        print(f"  {spec} plays as {resolved}")
    first = result.agents[0]
    line = (f"{first.spec}: {100 * first.win_rate:.1f}% wins [{100 * first.win_interval[0]:.1f}, "
            f"{100 * first.win_interval[1]:.1f}] over {first.seats} seats, Elo {_fmt_elo(first.elo, first.elo_interval)}")
    if result.sprt is not None:
        s = result.sprt
        verdict = {"H1": f"H1 accepted (Elo >= {s.elo1:g})", "H0": f"H0 accepted (Elo <= {s.elo0:g})",
                   None: "undecided"}[s.decision]
        line += f"; SPRT: {verdict}, LLR {s.llr:.2f} in ({s.lower:.2f}, {s.upper:.2f}) after {played} games"
    print(line)
    illegal = [e for e in result.games.errors if e]
    if illegal:
        print(f"  {len(illegal)} games ended by an illegal action; the first: {illegal[0]}")
    return 0
