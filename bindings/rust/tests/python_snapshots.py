"""Plays fixed games through the Python binding and prints what the Rust binding must
reproduce byte for byte (tests/python_snapshots.rs runs this script and replays every
game). The moves are chosen here, with Python's own generator; Rust replays them.

Output, one record a line, fields separated by tabs:
    python  <the meeple package's folder>  <its version>
    game  <spec>  <seed>  <snapshot hex of the initial state>
    move  <player>  <action>  <legal actions of player, comma-separated>  <snapshot hex after>
    end   <returns, float.hex, comma-separated>  <public observation, float32 hex>  <terminal 0/1>
"""

import random
import sys

import meeple

GAMES = [
    ("tictactoe", [0, 1, 2**63 + 5], 20),
    ("tictactoe(misere=true)", [3], 20),
    ("triangle", [0, 42], 400),
    ("triangle(rows=6,cols=11)", [7], 400),
    ("catan(players=3)", [1], 1500),
    ("catan(players=4,explicit_chance=true,max_turns=40)", [5], 3000),
    ("catan(players=2,vp_to_win=3,explicit_chance=true)", [2, 99], 600),
]
CHANCE = -1


def main() -> None:
    out = sys.stdout
    out.write(f"python\t{meeple.__path__[0]}\t{meeple.__version__}\n")
    for spec, seeds, max_moves in GAMES:
        game = meeple.Game(spec)
        for seed in seeds:
            rng = random.Random(f"{spec}/{seed}")
            state = game.new_state(seed)
            out.write(f"game\t{spec}\t{seed}\t{state.snapshot().hex()}\n")
            for _ in range(max_moves):
                if state.is_terminal:
                    break
                player = state.current_player
                legal = state.legal_actions(player)
                if player == CHANCE:
                    outcomes = state.chance_outcomes()
                    action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    action = rng.choice(legal)
                state.apply(action, player)
                legal_text = ",".join(map(str, legal))
                out.write(f"move\t{player}\t{action}\t{legal_text}\t{state.snapshot().hex()}\n")
            returns = ",".join(float(r).hex() for r in state.returns)
            obs = state.observation(meeple.PUBLIC).astype("<f4").tobytes().hex()
            out.write(f"end\t{returns}\t{obs}\t{int(state.is_terminal)}\n")


if __name__ == "__main__":
    main()
