"""A/B an agent of this build against the same spec of another build (an earlier commit,
installed with `cmake --install <build> --prefix <stage>`), in one arena.

The other build's agents run in a worker process that imports that build's binding; each
of their moves crosses as a state snapshot (the snapshot format is shared while the game's
state version is unchanged), so both builds play the same games, seats and dice.

    python benchmarks/ab_previous_build.py --old-stage /tmp/old/build/stage \
        --game "catan(trade_budget=0)" --new heuristic --old heuristic --games 200 --seed 1 [--sprt 0,10,0.05,0.05]

One seat of --new against the other seats of --old, seats rotated (duplicate format);
prints the new agent's wins over its seat-games with a 95% Wilson interval, and its
score as fits the game (big blinds per 100 hands for holdem, with a 95% interval).

    python benchmarks/ab_previous_build.py --old-stage /tmp/old/build/stage \
        --game holdem --games 4000 --seed 1
"""
import argparse
import os
import struct
import subprocess
import sys

WORKER = r"""
import struct, sys
import meeple
game = meeple.Game(sys.argv[1])
spec = sys.argv[2]
agents = {}
seed = 0
inp, out = sys.stdin.buffer, sys.stdout.buffer
def read(n):
    data = inp.read(n)
    if len(data) < n:
        sys.exit(0)
    return data
while True:
    op = read(1)
    if op == b"R":
        (seed,) = struct.unpack("<Q", read(8))
        agents = {}
    else:
        seat, size = struct.unpack("<iI", read(8))
        state = game.restore(read(size))
        if seat not in agents:
            agents[seat] = meeple.Agent(spec, game, seed=(seed * 4 + seat) % 2**64)
        out.write(struct.pack("<i", agents[seat].act(state, seat)))
        out.flush()
"""


class OtherBuildAgent:
    """Plays `spec` with the other build's library, one agent a seat, through a worker."""

    def __init__(self, stage: str, game: str, spec: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.path.join(stage, "python"))
        self._proc = subprocess.Popen([sys.executable, "-c", WORKER, game, spec], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=env)
        self._seeded = False

    def reset(self, seed: int) -> None:
        # The arena resets once a seat it fills; the first seed of a game seeds them all.
        if not self._seeded:
            self._proc.stdin.write(b"R" + struct.pack("<Q", seed))
            self._seeded = True

    def act(self, state) -> int:
        self._seeded = False
        seat = state.active_players[0]
        data = state.snapshot()
        self._proc.stdin.write(b"A" + struct.pack("<iI", seat, len(data)) + data)
        self._proc.stdin.flush()
        return struct.unpack("<i", self._proc.stdout.read(4))[0]

    def close(self) -> None:
        self._proc.stdin.close()
        self._proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-stage", required=True)
    parser.add_argument("--game", default="catan")
    parser.add_argument("--new", default="heuristic")
    parser.add_argument("--old", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sprt", default=None, metavar="ELO0,ELO1,ALPHA,BETA",
                        help="Wald's SPRT of the new agent's pairwise score against the old; stops when it decides")
    args = parser.parse_args()
    import meeple

    old = OtherBuildAgent(args.old_stage, args.game, args.old)
    try:
        result = meeple.arena.tournament(args.game, [args.new, old], games=args.games, seed=args.seed,
                                         backend="python", keep_moves=False,
                                         sprt=None if args.sprt is None else [float(x) for x in args.sprt.split(",")])
    finally:
        old.close()
    new = result.agents[0]
    lo, hi = new.win_interval
    seats = meeple.Game(args.game).num_players
    print(f"{args.new} (this build) vs {seats - 1}x {args.old} (other build), {args.game}, {args.games} games, "
          f"seed {args.seed}: {new.wins}/{new.seats} seat-games won = {new.win_rate:.3f} [{lo:.3f}, {hi:.3f}] "
          f"({100 / seats:.0f}% is parity); truncated {new.truncations}")
    if result.sprt is not None:
        t = result.sprt
        print(f"SPRT elo0={t.elo0:g} elo1={t.elo1:g} alpha={t.alpha:g} beta={t.beta:g}: "
              f"{t.decision or 'undecided'}, llr {t.llr:.2f} in [{t.lower:.2f}, {t.upper:.2f}], "
              f"pairwise W/D/L {t.wins:g}/{t.draws:g}/{t.losses:g}")
    score = result.scores()[0]
    if score.measure != "win rate":
        interval = "" if score.interval is None else f" [{score.interval[0]:+.1f}, {score.interval[1]:+.1f}]"
        print(f"{args.new} (this build): {score.measure} {score.value:+.1f}{interval} over {new.seats} seats, "
              f"{score.samples} setups")


if __name__ == "__main__":
    main()
