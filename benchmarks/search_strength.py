"""How well search plays: MCTS against random (and greedy) opponents, with confidence.

- catan: one seat searched with MCTS, the other three play uniformly random legal moves;
  the searched seat moves first in a quarter of the games each (seat = game % 4). Reports
  its wins, truncated games, the win rate with a 95% Wilson interval, and seconds a game.
- triangle: the mean score of MCTS, of uniformly random play and of greedy play (the
  placement with the best immediate reward, ties to the lowest action) on the same seeds.
- tictactoe: MCTS against random play from both seats (it should never lose).

Usage: python benchmarks/search_strength.py [catan|triangle|tictactoe] [--games N]
       [--spec "mcts(iterations=1000)"] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import meeple


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def random_move(state: meeple.State, rng: random.Random) -> int:
    if state.active_players == (meeple.CHANCE,):
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def play_against_random(game_spec: str, spec: str, games: int, seed: int) -> None:
    game = meeple.Game(game_spec)
    players = game.num_players
    wins = losses = truncated = draws = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        seat = g % players
        state = game.new_state(seed + g)
        search = meeple.Search(spec.replace(")", f",seed={seed + g})") if ")" in spec else f"{spec}(seed={seed + g})",
                               game)
        while not state.is_terminal:
            if state.active_players[0] == seat:
                search.set_root(state)
                search.run()
                state.apply(search.action())
            else:
                state.apply(random_move(state, rng))
        returns = state.returns
        if state.truncated:
            truncated += 1
        elif returns[seat] > 0 and returns[seat] == max(returns):
            wins += 1
        elif returns[seat] < 0:
            losses += 1
        else:
            draws += 1
        print(f"\rgame {g + 1}/{games}: wins {wins}, losses {losses}, draws {draws}, truncated {truncated}",
              end="", flush=True)
    seconds = time.perf_counter() - start
    low, high = wilson(wins, games)
    print(f"\n{game_spec}: {spec} against random: {wins}/{games} won = {wins / games:.1%} "
          f"(95% interval {low:.1%}..{high:.1%}), {losses} lost, {draws} drawn, {truncated} truncated; "
          f"{seconds / games:.1f} s a game")


def greedy_move(state: meeple.State) -> int:
    best, best_reward = -1, -math.inf
    for a in state.legal_actions():
        s = state.clone()
        s.apply(a)
        reward = float(s.step_reward[0])
        if reward > best_reward:
            best, best_reward = a, reward
    return best


def triangle_scores(spec: str, games: int, seed: int) -> None:
    game = meeple.Game("triangle")
    results: dict[str, list[float]] = {"random": [], "greedy": [], spec: []}
    for g in range(games):
        for name in results:
            rng = random.Random(seed + g)
            state = game.new_state(seed + g)
            search = meeple.Search(spec, game) if name == spec else None
            while not state.is_terminal:
                if name == "random":
                    a = rng.choice(state.legal_actions())
                elif name == "greedy":
                    a = greedy_move(state)
                else:
                    assert search is not None
                    search.set_root(state)
                    search.run()
                    a = search.action()
                state.apply(a)
            results[name].append(float(state.returns[0]))
        print(f"\rgame {g + 1}/{games}", end="", flush=True)
    print()
    for name, scores in results.items():
        mean = sum(scores) / len(scores)
        sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, len(scores) - 1))
        print(f"triangle {name:<40} mean score {mean:7.2f} (sd {sd:.2f}, {len(scores)} games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="catan", choices=["catan", "triangle", "tictactoe"],
                        help="which measurement to run")
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--spec", default=None, help="the search spec (default per game)")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    args = parser.parse_args()
    try:
        if args.game == "catan":
            play_against_random("catan", args.spec or "mcts(iterations=1000)", args.games, args.seed)
        elif args.game == "tictactoe":
            play_against_random("tictactoe", args.spec or "mcts(iterations=1000)", args.games, args.seed)
        else:
            triangle_scores(args.spec or "mcts(iterations=200)", args.games, args.seed)
    except KeyboardInterrupt:
        print("\ninterrupted")


if __name__ == "__main__":
    main()
