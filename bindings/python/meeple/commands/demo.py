"""``meeple demo``: plays a few games between random players, says what happened and
records them to a game log for ``meeple view``."""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from ..batch import derive_seed
from ..game import CHANCE, Game
from ..records.gamelog import GameLogWriter
from .args import UsageError, games_help, game_spec, int_range, seed


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "demo", help="play a few games between random players and print what happened",
        description="Plays games between players that choose uniformly among their legal actions, "
                    "printing every move (one a line), the final position and the returns.")
    p.add_argument("--game", type=game_spec, default="tictactoe", metavar="SPEC",
                   help=f"the game: one of {games_help()}, with options in parentheses as in "
                        "'catan(players=3)' (default: tictactoe)")
    p.add_argument("--games", type=int_range(1, 100_000), default=3, metavar="N",
                   help="number of games to play, 1 to 100,000 (default: 3)")
    p.add_argument("--seed", type=seed, default=0,
                   help="seed of the games and the players, 0 to 2**64-1 (default: 0); game i starts "
                        "from derive_seed(seed, i)")
    p.add_argument("--quiet", action="store_true", help="print only the total returns, nothing per game")
    p.add_argument("--json", action="store_true",
                   help="print one JSON document: every game's moves and returns, and the totals")
    p.add_argument("--log", metavar="LOG.jsonl.gz",
                   help="the game log to record the games to (default: meeple-demo-GAME.jsonl.gz in the "
                        "temporary folder); 'meeple view LOG' shows them")
    p.add_argument("--no-log", action="store_true", help="record nothing")
    p.set_defaults(run=run, prog=p.prog)


def _who(player: int | None) -> str:
    return "chance" if player == CHANCE else f"seat {player}"


def _play(game: Game, state_seed: int, rng: random.Random,
          log: GameLogWriter | None) -> tuple[list[tuple[int | None, int]], Any]:
    state = game.new_state(seed=state_seed)
    recorder = log.game(state, seed=state_seed, agents=["random"] * game.num_players,
                        meta={"source": "meeple demo"}) if log else None
    moves = []
    while not state.is_terminal:
        player = state.current_player
        action = rng.choice(state.legal_actions())
        moves.append((player, action))
        if recorder:
            recorder.apply(action)
        else:
            state.apply(action)
    return moves, state


def run(args: argparse.Namespace) -> int:
    game: Game = args.game
    rng = random.Random(args.seed)
    totals = [0.0] * game.num_players
    played: list[dict[str, Any]] = []
    if not args.json and not args.quiet:
        print(f"meeple demo: {args.games} games of {game.spec} between random players (seed {args.seed})")
    log_path = None if args.no_log else Path(args.log) if args.log else \
        Path(tempfile.gettempdir()) / f"meeple-demo-{game.name}.jsonl.gz"
    try:
        log = GameLogWriter(log_path) if log_path else None
    except OSError as e:
        raise UsageError(f"cannot write the game log {log_path}: {e.strerror}") from None
    try:
        _run_games(args, game, rng, totals, played, log)
    finally:
        if log:
            log.close()
    if log_path and not args.json:  # --quiet too: the log is written either way
        print(f"recorded {args.games} game(s) to {log_path}; view them with: meeple view {log_path}")
    return 0


def _run_games(args: argparse.Namespace, game: Game, rng: random.Random, totals: list[float],
               played: list[dict[str, Any]], log: GameLogWriter | None) -> None:
    for i in range(args.games):
        moves, state = _play(game, derive_seed(args.seed, i), rng, log)
        returns = [float(r) for r in state.returns]
        if args.json:
            record: dict[str, Any] = {"seed": derive_seed(args.seed, i), "moves": len(moves), "returns": returns,
                                      "truncated": state.truncated}
            if not args.quiet:
                record["actions"] = [{"player": p, "action": a, "name": game.action_name(a)} for p, a in moves]
            played.append(record)
        elif not args.quiet:
            print(f"\ngame {i + 1}: {len(moves)} moves")
            width = len(str(len(moves)))
            for n, (player, action) in enumerate(moves, 1):
                print(f"{n:>{width}}. {_who(player):<7} {game.action_name(action)}")
            print(state.render().rstrip())
            print(f"game {i + 1} returns: {returns}")
        totals[:] = [t + r for t, r in zip(totals, returns)]
    if args.json:
        print(json.dumps({"game": game.spec, "seed": args.seed, "games": played, "total_returns": totals}, indent=2))
    else:
        print(f"total returns over {args.games} games: {totals}")
