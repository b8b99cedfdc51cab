"""``meeple demo``: plays a few games between simple agents and says what happened."""

from __future__ import annotations

import argparse
import random

from ..game import Game


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("demo", help="play a few games and print what happened")
    p.add_argument("--game", default="tictactoe", help="game spec (default: tictactoe)")
    p.add_argument("--games", type=int, default=3, help="number of games to play (default: 3)")
    p.add_argument("--seed", type=int, default=0, help="seed of the games and the agents")
    p.add_argument("--quiet", action="store_true", help="print only the summary")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = Game(args.game)
    rng = random.Random(args.seed)
    totals = [0.0] * game.num_players
    print(f"meeple demo: {args.games} games of {game.spec} between random players (seed {args.seed})")
    for i in range(args.games):
        state = game.new_state(seed=args.seed + i)
        moves = []
        while not state.is_terminal:
            player = state.current_player
            action = rng.choice(state.legal_actions())
            moves.append(f"{player}:{game.action_name(action)}")
            state.apply(action)
        returns = state.returns
        totals = [t + float(r) for t, r in zip(totals, returns)]
        if not args.quiet:
            print(f"\ngame {i + 1}: {len(moves)} moves: {' '.join(moves)}")
            print(state.render().rstrip())
        print(f"game {i + 1} returns: {[float(r) for r in returns]}")
    print(f"\ntotal returns over {args.games} games: {totals}")
    return 0
