"""Random poker hands per second: game holdem in C++ (meeple.run_random_games, one
thread), holdem stepped from Python (one apply per action), and PokerKit (PyPI, pure
Python), side by side in one run, for no-limit Hold'em and Pot-Limit Omaha.

Every engine plays whole hands, each action drawn uniformly among the legal ones:
holdem's flat actions (fold, check/call, raise sizes min, 0.5 and 1 pot, max); for
PokerKit fold, check/call, and a raise to its minimum, the pot or its maximum. The
hands differ (each engine draws its own), the work per hand is alike: blinds, deal,
up to four betting rounds, showdown with side pots.

Usage: python benchmarks/holdem_vs_pokerkit.py [--players 6] [--hands 200000]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import meeple


def meeple_cpp(spec: str, hands: int) -> float:
    t0 = time.perf_counter()
    meeple.run_random_games(spec, hands, seed=1, threads=1)
    return hands / (time.perf_counter() - t0)


def meeple_python(spec: str, hands: int) -> float:
    game = meeple.Game(spec)
    rng = random.Random(1)
    t0 = time.perf_counter()
    for seed in range(hands):
        state = game.new_state(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
    return hands / (time.perf_counter() - t0)


def pokerkit_python(variant: str, players: int, hands: int) -> float:
    import warnings

    import pokerkit as pk

    warnings.simplefilter("ignore")
    A = pk.Automation
    automations = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
                   A.HOLE_DEALING, A.BOARD_DEALING, A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING,
                   A.CHIPS_PUSHING, A.CHIPS_PULLING)
    kind = pk.NoLimitTexasHoldem if variant == "nlhe" else pk.PotLimitOmahaHoldem
    rng = random.Random(1)
    t0 = time.perf_counter()
    for _ in range(hands):
        state = kind.create_state(automations, True, 0, (1, 2), 2, (200,) * players, players)
        while state.status:
            options = [state.check_or_call]
            if state.can_fold():
                options.append(state.fold)
            if state.can_complete_bet_or_raise_to():
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                pot = state.pot_completion_betting_or_raising_to_amount
                for amount in {lo, hi, pot}:
                    options.append(lambda a=amount: state.complete_bet_or_raise_to(a))
            rng.choice(options)()
    return hands / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=200_000, help="hands for the C++ loop (Python runs use 1/100)")
    args = parser.parse_args()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{args.players} players, 200-chip stacks, blinds 1/2")
    print(f"{'variant':8} {'engine':26} {'hands/s':>12} {'vs PokerKit':>12}")
    for variant in ("nlhe", "plo"):
        spec = f"holdem(players={args.players},variant={variant},bet_sizes=min/0.5/1/max)"
        small = max(100, args.hands // 100)
        rows = [("meeple C++ (1 thread)", meeple_cpp(spec, args.hands)),
                ("meeple from Python", meeple_python(spec, small))]
        try:
            peer = pokerkit_python(variant, args.players, small)
            rows.append(("PokerKit (Python)", peer))
        except ImportError:
            peer = None
        for name, rate in rows:
            ratio = f"{rate / peer:11.1f}x" if peer else "      n/a"
            print(f"{variant:8} {name:26} {rate:12,.0f} {ratio:>12}")


if __name__ == "__main__":
    main()
