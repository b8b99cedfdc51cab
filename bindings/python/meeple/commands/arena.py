"""``meeple arena``: plays agents against each other and reports who is stronger, as fits
the game: big blinds per 100 hands for holdem, the mean score for one-seat games (the
triangle puzzle), win rates and Elo for the others; each with a 95% interval.

    meeple arena catan heuristic random --games 400 --threads 0
    meeple arena holdem heuristic "ismcts(iterations=2000)" --games 2000
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
    p.add_argument("--json", action="store_true",
                   help="print the results as JSON: numbers only, null where a figure does not exist")
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
    """A finite number, or None (JSON null) for a figure that does not exist: the Elo of
    an agent that won or lost every comparison, an interval from one sample."""
    return x if math.isfinite(x) else None


def _fmt_score(score: Any) -> str:
    """"+344.0 [+290.1, +398.0]" (bb/100), "21.6 [19.0, 24.2]" (mean score)."""
    f = "{:+.1f}" if score.measure == "bb/100" else "{:.2f}"
    text = f.format(score.value)
    if score.interval is not None:
        text += f" [{f.format(score.interval[0])}, {f.format(score.interval[1])}]"
    return text


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
    scores = result.scores()
    if args.json:
        out = {"game": result.game, "games": played, "measure": scores[0].measure,
               "agents": [{"spec": a.spec, "games": a.games, "seats": a.seats, "wins": a.wins, "draws": a.draws,
                           "losses": a.losses, "truncations": a.truncations, "illegal": a.illegal,
                           "score": a.score, "win_rate": a.win_rate, "win_interval": list(a.win_interval),
                           "elo": _num(a.elo), "elo_interval": _num(a.elo_interval),
                           "measure": sc.measure, "value": _num(sc.value),
                           "interval": None if sc.interval is None else [_num(x) for x in sc.interval],
                           "samples": sc.samples,
                           **({"plays": plays[a.spec]} if a.spec in plays else {})}
                          for a, sc in zip(result.agents, scores)],
               "sprt": None if result.sprt is None else {k: _num(v) if isinstance(v, float) else v
                                                         for k, v in result.sprt._asdict().items()}}
        print(json.dumps(out, indent=2, allow_nan=False))
        return 0
    print(f"{result.game}: {played} games, seed {args.seed}")
    if scores[0].measure != "win rate":
        return _print_scores(result, scores, plays, not args.no_duplicate)
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
    _print_illegal(result)
    return 0


def _print_scores(result: Any, scores: Any, plays: dict[str, str], duplicate: bool) -> int:
    """The table of a chip game (bb/100) or a one-seat game (mean score)."""
    measure = scores[0].measure
    width = max(len(a.spec) for a in result.agents)
    seats = "hands" if measure == "bb/100" else "games"
    print(f"  {'agent':<{width}}  {seats:>6}  {measure + ' (95%)':<30} illegal")
    for a, sc in zip(result.agents, scores):
        print(f"  {a.spec:<{width}}  {a.seats:>6}  {_fmt_score(sc):<30} {a.illegal}")
    for spec, resolved in plays.items():
        print(f"  {spec} plays as {resolved}")
    first = scores[0]
    unit = " bb/100" if measure == "bb/100" else ""
    label = "" if measure == "bb/100" else "mean score "
    setups = f" ({first.samples} duplicate setups)" if duplicate and first.samples != result.agents[0].seats else ""
    print(f"{first.spec}: {label}{_fmt_score(first)}{unit} over {result.agents[0].seats} {seats}{setups}")
    _print_illegal(result)
    return 0


def _print_illegal(result: Any) -> None:
    illegal = [e for e in result.games.errors if e]
    if illegal:
        print(f"  {len(illegal)} games ended by an illegal action; the first: {illegal[0]}")
