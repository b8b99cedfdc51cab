#!/usr/bin/env python3
"""Fuzzing of event-log headers (meeple.records.events.read_event_log), the part of the
file a checksum cannot vouch for: the header is JSON the reader must check field by
field. Each input is a header text; the target wraps it in a file with a valid
checksum and one chunk of rows, and reads it with and without force. A result, an
EventLogError or a VersionMismatchError is fine; any other exception is a finding: its
input goes to the artifact folder and the run fails.

The Python side has no libFuzzer: this loop mutates the corpus (bytes, and JSON values
swapped for hostile ones: huge, negative, nested, of another type) for the seconds given.
Usage: fuzz_evlog_header.py SECONDS CORPUS_DIR ARTIFACT_PREFIX [NEW_CORPUS_DIR]
Replay: fuzz_evlog_header.py --replay FILE"""

from __future__ import annotations

import json
import os
import random
import struct
import sys
import tempfile
import zlib

import numpy as np

import meeple
import mutation_loop  # tests/fuzz/, beside this file
from meeple.errors import VersionMismatchError
from meeple.records.events import EventLogError, EventLogWriter, read_event_log

HOSTILE = [0, -1, 1, 11, 12, 13, 400, 4097, 2**31, 2**63, 10**400, -(10**30), 1.5, float("inf"), True, None, "",
           "16", "tictactoe", "catan(players=3)", "catan", "chess", "\u0000", "x" * 5000, [], [1], ["random"] * 2,
           ["random"] * 5, {}, {"a": 1}, [[[[[]]]]]]


def wrap(header: bytes, width: int) -> bytes:
    rows = np.zeros((2, width), dtype="<i4").tobytes()
    return (b"MPLEVLOG" + struct.pack("<II", 1, len(header)) + header + struct.pack("<I", zlib.crc32(header))
            + b"ROWS" + struct.pack("<II", len(rows), zlib.crc32(rows)) + rows + b"END " + struct.pack("<II", 0, 0))


def one(header: bytes, folder: str) -> None:
    path = os.path.join(folder, "h.evlog")
    for width in (12, 16):
        with open(path, "wb") as f:
            f.write(wrap(header, width))
        for force in (False, True):
            try:
                log = read_event_log(path, force=force)
                log.games()
            except (EventLogError, VersionMismatchError):
                pass


def seeds() -> list[bytes]:
    out = []
    with tempfile.TemporaryDirectory() as d:
        for spec in ("tictactoe", "catan(players=3)", "triangle"):
            p = os.path.join(d, "s.evlog")
            with EventLogWriter(p, spec, agents=["random"] * meeple.Game(spec).num_players, metadata={"run": 1}):
                pass
            data = open(p, "rb").read()
            (size,) = struct.unpack_from("<I", data, 12)
            out.append(data[16:16 + size])
    return out


def deep(value: object, k: int) -> object:
    for _ in range(k):
        value = [value]
    return value


def mutate(rng: random.Random, base: bytes) -> bytes:
    kind = rng.random()
    if kind < 0.55:
        try:
            header = json.loads(base)
        except (ValueError, RecursionError):
            header = None
        if isinstance(header, dict) and header:
            key = rng.choice(sorted(header) + ["extra"])
            choice = rng.random()
            if choice < 0.7:
                header[key] = rng.choice(HOSTILE)
            elif choice < 0.85:
                header[key] = deep(rng.choice(HOSTILE), rng.choice([2, 50, 5000]))
            else:
                header.pop(key, None)
            try:
                return bytes(json.dumps(header), "utf-8")
            except (ValueError, RecursionError):
                return base
        return bytes(json.dumps(rng.choice(HOSTILE)), "utf-8") if rng.random() < 0.5 else base
    data = bytearray(base)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        at = rng.randrange(len(data) + 1)
        if op < 0.4 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op < 0.7:
            data[at:at] = bytes(rng.choice([b"[", b"{", b'"', b"9" * 50, b"\\u0000", b",", b":", b"-"]))
        elif data:
            del data[at:at + rng.randint(1, 8)]
    return bytes(data)


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        return mutation_loop.main(argv, lambda data: one(data, folder), mutate, seeds())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
