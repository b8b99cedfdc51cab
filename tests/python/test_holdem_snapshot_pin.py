"""Hold'em's bytes, pinned: the canonical specs and every snapshot of random hands of
games that use only the first options (blinds, antes, stacks, variants, explicit chance),
folded into one hash. Options added later (straddles, antes by position, fixed-limit)
must leave these games as they were: the hash was taken before they existed. A change
of the state layout bumps the state version and this pin with it (docs/snapshot.md)."""

from __future__ import annotations

import hashlib
import random

import meeple

SPECS = ["holdem", "holdem(players=6,variant=plo,stack=400,ante=1)", "holdem(players=3,ante=2,stacks=30/200/90)",
         "holdem(players=4,explicit_chance=true,button=2)", "holdem(players=2,unit=chips,bet_sizes=min/0.5/1/3/max)",
         "holdem(players=9,small_blind=0,big_blind=5,stack=50)"]
PINNED = "40b8ab1536c6de0e4f5e21cdb559eefbbaa9b876da56c08e01732affb9256c53"


def test_games_of_the_first_options_keep_their_specs_and_snapshots_byte_for_byte() -> None:
    h = hashlib.sha256()
    for spec in SPECS:
        game = meeple.Game(spec)
        h.update(game.spec.encode())
        for seed in range(12):
            state = game.new_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                h.update(state.snapshot())
                player = state.current_player
                state.apply(rng.choice(state.legal_actions(player)), player)
            h.update(state.snapshot())
    assert h.hexdigest() == PINNED
