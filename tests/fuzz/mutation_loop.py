"""The loop of the Python fuzz targets (fuzz_*.py), which have no libFuzzer: mutate a
corpus input, run the target on it, and on any exception the target does not allow,
write the input to the artifact folder and fail. Each target gives `one(data)` (raises
only on a finding) and `mutate(rng, data)`.
Usage of a target: fuzz_X.py SECONDS CORPUS_DIR ARTIFACT_PREFIX [NEW_CORPUS_DIR]
Replay: fuzz_X.py --replay FILE"""

from __future__ import annotations

import os
import random
import time
import traceback
import zlib
from typing import Callable, Sequence

One = Callable[[bytes], None]
Mutate = Callable[[random.Random, bytes], bytes]


def main(argv: Sequence[str], one: One, mutate: Mutate, extra_seeds: Sequence[bytes] = ()) -> int:
    if argv[:1] == ["--replay"]:
        with open(argv[1], "rb") as f:
            one(f.read())
        print("replay: no finding")
        return 0
    seconds, corpus_dir, prefix = float(argv[0]), argv[1], argv[2]
    new_dir = argv[3] if len(argv) > 3 else None
    corpus = []
    for name in sorted(os.listdir(corpus_dir)):
        with open(os.path.join(corpus_dir, name), "rb") as f:
            corpus.append(f.read())
    corpus += list(extra_seeds)
    seed = int(os.environ.get("MEEPLE_FUZZ_SEED", time.time_ns() % 2**32))
    rng = random.Random(seed)
    end, runs = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        data = mutate(rng, rng.choice(corpus))
        runs += 1
        try:
            one(data)
        except Exception:
            name = f"{prefix}crash-{zlib.crc32(data):08x}"
            with open(name, "wb") as f:
                f.write(data)
            traceback.print_exc()
            print(f"finding after {runs} runs (seed {seed}): input in {name}")
            return 1
        if new_dir and rng.random() < 0.001:  # keep a few inputs for the next run's corpus
            os.makedirs(new_dir, exist_ok=True)
            with open(os.path.join(new_dir, f"{zlib.crc32(data):08x}"), "wb") as f:
                f.write(data)
    print(f"stat::number_of_executed_units: {runs}\nseed {seed}: no finding in {seconds:g} s")
    return 0
