"""Deterministic .npz files: the same arrays give the same bytes (an uncompressed zip
with a fixed timestamp), written to a temporary name and renamed into place, so that a
model file is either whole or absent. Used by the exports of net/ and selfplay/."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path
from typing import Mapping

import numpy as np

__all__ = ["write_npz"]

# A fixed zip timestamp, so that the same weights give the same file bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def write_npz(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    """Writes ``arrays`` (scalars stay 0-d) to ``path`` as an uncompressed .npz."""
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED) as z:
        for name, array in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.array(array, order="C"), allow_pickle=False)
            z.writestr(zipfile.ZipInfo(name + ".npy", date_time=_ZIP_TIME), buf.getvalue())
    os.replace(tmp, path)
