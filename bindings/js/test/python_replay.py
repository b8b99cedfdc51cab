"""Replays games through the Python binding for the JS tests (replay.test.mjs).

Reads JSON from stdin: {"games": [{"spec", "seed", "moves": [[player, action], ...]}]}.
Writes JSON: {"version", "abi", "games": [{"snapshots": [sha256 hex, ...], "views": [...]}]}:
the SHA-256 of the snapshot bytes after each move (the initial state first; a digest
keeps a Catan game's few thousand snapshots small), and the omniscient view's JSON
text after every `view_every`-th move (0: none); and the game's canonical spec and
description JSON, whose real-valued options test the WebAssembly build's double text.
"""

import hashlib
import json
import sys

import meeple
from meeple import _ffi

VIEW_ALL = -3


def view_text(state) -> str:
    # The library's own JSON text, so the test compares bytes, numbers' spelling included.
    return _ffi.fetch_string(lambda o, c, n: _ffi.lib.meeple_state_view_json(state._ptr, VIEW_ALL, o, c, n))


def replay(game_spec: str, seed: int, moves: list, view_every: int) -> dict:
    game = meeple.Game(game_spec)
    state = game.new_state(seed)
    snapshots = [hashlib.sha256(state.snapshot()).hexdigest()]
    views = [view_text(state)] if view_every else []
    for i, (player, action) in enumerate(moves, 1):
        state.apply(action, player)
        snapshots.append(hashlib.sha256(state.snapshot()).hexdigest())
        if view_every and i % view_every == 0:
            views.append(view_text(state))
    describe = _ffi.fetch_string(lambda o, c, n: _ffi.lib.meeple_game_describe_json(game._ptr, o, c, n))
    return {"spec": game.spec, "describe": describe, "snapshots": snapshots, "views": views}


def main() -> None:
    request = json.load(sys.stdin)
    out = {
        "version": _ffi.ffi.string(_ffi.lib.meeple_version_string()).decode(),
        "abi": int(_ffi.lib.meeple_abi_version()),
        "games": [replay(g["spec"], g["seed"], g["moves"], g.get("view_every", 0)) for g in request["games"]],
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
