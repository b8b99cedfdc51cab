#!/usr/bin/env python3
"""Fuzzing of PHH hand-history text (meeple.poker.phh): a file of hands read, each hand's
fields read, replayed by the rules where game holdem plays it, and written back. A hand,
a Hand whose error names its line, or a PHHError is fine; any other exception, or an
input that takes more than a few seconds, is a finding: its input goes to the artifact
folder and the run fails.

The Python side has no libFuzzer: this loop mutates the corpus (bytes; action words and
field values swapped for hostile ones: huge, negative, of another type, cards repeated,
players off the table) for the seconds given.
Usage: fuzz_phh_text.py SECONDS CORPUS_DIR ARTIFACT_PREFIX [NEW_CORPUS_DIR]
Replay: fuzz_phh_text.py --replay FILE"""

from __future__ import annotations

import random
import re
import sys
import time

import mutation_loop  # tests/fuzz/, beside this file
from meeple.poker import phh

WORDS = ["d", "dh", "db", "p1", "p2", "p0", "p9", "p99", "p\u00b2", "f", "cc", "cbr", "sm", "sd", "-", "AsKs",
         "AsAs", "As", "????", "Xx", "30", "-5", "1e999999", "nan", "inf", "", "#", "0.5", "9" * 40, "\u0000", "'", '"']
VALUES = ["200", "'x'", "[]", "[[1], [2], [3]]", "[1, 2]", "{a = 1}", "true", "1e400", "-1", "[1.5, 2, 3]",
          "[" * 200 + "]" * 200, '"NT"', '"FT"', '"F7S"', "9" * 5000, "[1e999999, 2, 3]", "nan"]
SLOW_SECONDS = 5.0


def one(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    start = time.monotonic()
    for hand in phh.loads(text, "f.phhs"):
        if hand.error is not None:
            assert str(hand.error).startswith("f.phhs:"), hand.error
            continue
        (hand.variant_name, hand.players, hand.hole_cards, hand.board, hand.holes, hand.boards, hand.chip_scale)
        if hand.unsupported is not None:
            continue
        try:
            hand.state()
        except phh.PHHError as exc:
            assert str(exc).startswith("f.phhs:"), str(exc)
            continue
        phh.loads(phh.dumps(hand), "again.phh")
    if time.monotonic() - start > SLOW_SECONDS:
        raise TimeoutError(f"one input took {time.monotonic() - start:.1f} s")


def mutate(rng: random.Random, base: bytes) -> bytes:
    lines = base.decode("utf-8", "replace").splitlines()
    if lines and rng.random() < 0.7:
        k = rng.randrange(len(lines))
        line = lines[k]
        if re.match(r"\s*['\"]", line):  # an action: change one of its words
            words = line.strip().strip(",").strip("'\"").split() or [""]
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            lines[k] = '  "' + " ".join(words) + '",'
        elif " = " in line:  # a field: give it a value of another kind
            lines[k] = line.split(" = ")[0] + " = " + rng.choice(VALUES)
        elif rng.random() < 0.5:
            lines.insert(k, lines[rng.randrange(len(lines))])  # a line twice
        else:
            del lines[k]
        return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    data = bytearray(base)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        op = rng.random()
        if op < 0.4 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op < 0.7:
            data[at:at] = rng.choice([b"[", b"]", b'"', b"'", b"9" * 50, b"=", b"\n[x]\n", b",", b"\xc3"])
        elif data:
            del data[at:at + rng.randint(1, 16)]
    return bytes(data)


if __name__ == "__main__":
    sys.exit(mutation_loop.main(sys.argv[1:], one, mutate))
