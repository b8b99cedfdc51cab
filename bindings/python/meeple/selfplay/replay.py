"""The replay store: self-play positions on disk, one ``.npz`` shard a chunk.

``DIR/replay/gen-GGGGGG-chunk-CCCCCC.npz`` holds chunk C of generation G: arrays
``obs`` (float32[k, obs_size]), ``masks`` (bool[k, num_actions]), ``policy``
(float32[k, num_actions], the visit policy), ``root_value`` and ``result``
(float32[k, num_players], per absolute seat), ``player`` and ``game`` (int32[k]), and
``format`` (:data:`REPLAY_FORMAT_VERSION`), with the chunk's ``games`` and search
``leaves`` (int64 scalars: a resumed run's history counts the shards it kept) and the
run's ``fingerprint`` (a hash of the game and the configuration's data keys): a store
opened with a fingerprint refuses a shard of another one, naming it, so a folder never
trains on the positions of two configurations at once. A shard is written to a temporary file in
the same folder, flushed to disk and renamed into place, so it is either whole or
absent: a run killed while writing leaves at most a ``.tmp`` file, removed when the
store opens again.
"""

from __future__ import annotations

import os
import re
import zipfile
from typing import Any, Iterable, Optional

import numpy as np

__all__ = ["ReplayStore", "ShardError", "REPLAY_FORMAT_VERSION", "write_atomically"]

REPLAY_FORMAT_VERSION = 1
_SHARD = re.compile(r"gen-(\d{6})-chunk-(\d{6})\.npz$")
_ARRAYS = ("obs", "masks", "policy", "root_value", "result", "player", "game")
_COUNTS = ("games", "leaves")


class ShardError(ValueError):
    """A replay shard that is damaged (cut short, not an archive) or of another format."""


def write_atomically(path: str, write: Any) -> None:
    """Calls ``write(file)`` on a temporary file beside ``path``, flushes it to disk and
    renames it to ``path``. On any error (a full disk included) the temporary file is
    removed and ``path`` is left as it was."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class ReplayStore:
    """The shards of one run's ``DIR/replay`` folder."""

    def __init__(self, root: str, fingerprint: Optional[str] = None) -> None:
        self.fingerprint = fingerprint
        self.dir = os.path.join(root, "replay")
        os.makedirs(self.dir, exist_ok=True)
        for name in os.listdir(self.dir):  # leftovers of a write that was killed
            if name.endswith(".tmp"):
                os.unlink(os.path.join(self.dir, name))

    def path(self, generation: int, chunk: int) -> str:
        return os.path.join(self.dir, f"gen-{generation:06d}-chunk-{chunk:06d}.npz")

    def chunks(self, generation: int) -> set[int]:
        """The chunks of ``generation`` already on disk."""
        out = set()
        for name in os.listdir(self.dir):
            m = _SHARD.match(name)
            if m and int(m.group(1)) == generation:
                out.add(int(m.group(2)))
        return out

    def write(self, data: dict[str, Any]) -> str:
        path = self.path(int(data["generation"]), int(data["chunk"]))
        arrays = {k: data[k] for k in _ARRAYS}
        arrays.update({k: np.asarray(data[k], dtype=np.int64) for k in _COUNTS})
        if self.fingerprint is not None:
            arrays["fingerprint"] = np.array(self.fingerprint)
        write_atomically(path, lambda f: np.savez(f, format=np.int32(REPLAY_FORMAT_VERSION), **arrays))
        return path

    def read(self, generation: int, chunk: int, *, counts: bool = False) -> dict[str, Any]:
        """The arrays of a shard (with ``counts``: only ``positions``, ``games`` and
        ``leaves``). Raises ``ShardError`` naming the file when it is damaged."""
        path = self.path(generation, chunk)
        try:
            with np.load(path) as z:
                version = int(z["format"])
                if version != REPLAY_FORMAT_VERSION:
                    raise ShardError(f"{path}: replay format {version}; this meeple reads format "
                                     f"{REPLAY_FORMAT_VERSION}")
                theirs = str(z["fingerprint"]) if "fingerprint" in z.files else None
                if self.fingerprint is not None and theirs is not None and theirs != self.fingerprint:
                    raise ShardError(f"{path}: a shard of another configuration (fingerprint {theirs}; this run's "
                                     f"is {self.fingerprint}): it was copied from another run; move it out of "
                                     "this folder, and its chunk is played again from its seed")
                if counts:
                    out = {"positions": np.int64(len(z["player"]))}
                    out.update({k: np.int64(z[k]) if k in z.files else np.int64(0) for k in _COUNTS})
                    return out
                return {k: z[k] for k in _ARRAYS}
        except ShardError:
            raise
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
            raise ShardError(f"{path}: a damaged replay shard ({type(e).__name__}: {str(e)[:200]}); delete it "
                             "and run the same command: its chunk is played again from its seed") from None

    def load(self, generations: Iterable[int], limit: Optional[int] = None) -> dict[str, np.ndarray]:
        """Every position of the given generations, concatenated in (generation, chunk) order."""
        parts = [self.read(g, c) for g in sorted(set(generations)) for c in sorted(self.chunks(g))]
        if not parts:
            raise ValueError(f"{self.dir}: no self-play shards for generations {sorted(set(generations))}")
        return {k: np.concatenate([p[k] for p in parts]) for k in _ARRAYS}
